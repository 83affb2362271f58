import { FilterX } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState, type EmptyStateProps, ErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** What `ListBody` reads of a TanStack query (or of several, merged by the caller). */
export type ListQuery = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data: unknown;
  refetch: () => unknown;
};

/**
 * A list's body in its four states: the first load (`loading`), a failed first load with Try again,
 * nothing to show (`empty`, which offers the screen's main action or Clear filters), or the items.
 * A failed reload keeps the items on screen.
 */
export function ListBody({
  query,
  loading,
  error,
  empty,
  children,
}: {
  query: ListQuery;
  loading: ReactNode;
  error: Omit<React.ComponentProps<typeof ErrorState>, "onRetry" | "retrying">;
  /** The empty state, or null when there are items. */
  empty: EmptyStateProps | null;
  children: ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError && !query.data) {
    return <ErrorState {...error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  }
  if (empty) return <EmptyState {...empty} />;
  return children;
}

/** The empty state's action when filters hide every item. */
export function ClearFiltersButton({
  onClick,
  children = "Clear filters",
}: {
  onClick: () => void;
  children?: string;
}) {
  return (
    <Button variant="outline" onClick={onClick}>
      <FilterX aria-hidden="true" />
      {children}
    </Button>
  );
}

/** Items as a grid of cards, one list item each, named for screen readers by `label`. */
export function CardGrid<T extends { _id: string }>({
  label,
  items,
  className,
  children,
}: {
  label: string;
  items: readonly T[];
  className?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul aria-label={label} className={cn("grid gap-4", className)}>
      {items.map((item) => (
        <li key={item._id} className="min-w-0">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
