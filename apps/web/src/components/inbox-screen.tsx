import { ArrowUp, RefreshCw, WifiOff } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { ConnectionBadge } from "@/components/inbox-list";
import { PageHeader } from "@/components/layout/page-header";
import { ListBody, type ListQuery } from "@/components/list/list-body";
import { Pagination } from "@/components/pagination";
import { ListSkeleton } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useCurrentSite } from "@/hooks/use-current-site";
import { useNewItems } from "@/hooks/use-live-events";
import { cn } from "@/lib/utils";

/** What an inbox screen reads of its page query. */
export type InboxQuery = ListQuery & {
  isSuccess: boolean;
  /** When the list last loaded: what arrived before is in it. */
  dataUpdatedAt: number;
  data?: {
    result: number;
    /** The filtered total stopped counting at `result`. */
    capped?: boolean;
    data: readonly unknown[];
    pagination: { numberOfPages: number };
  };
};

/**
 * The frame of an inbox screen (Manage Emails, Manage Contacts): heading with the connection badge
 * (Connected or Disconnected), the list's card titled with its total, its actions, the list in its
 * loading, failed and empty states, and the pages.
 */
export function InboxScreen({
  title,
  description,
  listTitle,
  noun,
  query,
  actions,
  loadError,
  empty,
  page,
  onPageChange,
  filters,
  live,
  children,
}: {
  title: string;
  description: string;
  /** The card's title; the total follows it once loaded. */
  listTitle: string;
  /** What the rows are, for the screen reader's "Loading emails..." */
  noun: string;
  query: InboxQuery;
  actions: ReactNode;
  loadError: { title: string; description?: string };
  /** The empty state, with its action (Clear filters when filters hide every row). */
  empty: { title: string; description: string; action?: ReactNode };
  page: number;
  onPageChange: (page: number) => void;
  /** The search, order and dates above the rows. */
  filters?: ReactNode;
  /** The public intake this inbox receives, and what one and several new items are called. */
  live: InboxScreenLive;
  children: ReactNode;
}) {
  const connection = query.isError ? "disconnected" : query.isSuccess ? "connected" : "connecting";
  const refreshing = query.isFetching && !query.isPending;
  return (
    <div className="grid gap-6">
      <PageHeader title={title} description={description} actions={<ConnectionBadge state={connection} />} />
      <Card className="gap-4">
        {/* The actions on a row of their own: a total or a label that grows (Export Filtered) never
            wraps them onto another line and moves the rows (docs/PRODUCT-RULES.md#performance-goals). */}
        <CardHeader className="flex flex-col gap-3">
          <CardTitle>
            {listTitle}
            {query.data ? ` (${query.data.result}${query.data.capped ? "+" : ""})` : ""}
          </CardTitle>
          <div className="flex flex-wrap gap-2">{actions}</div>
        </CardHeader>
        <CardContent className="grid gap-4">
          {filters}
          <NewItems query={query} {...live} />
          <p className="sr-only" role="status" aria-live="polite">
            {refreshing ? `Refreshing ${noun}...` : ""}
          </p>
          <ListBody
            query={query}
            loading={
              <div role="status" aria-live="polite">
                <span className="sr-only">Loading {noun}...</span>
                <ListSkeleton rows={5} className="[&>*]:h-10" />
              </div>
            }
            error={{ icon: WifiOff, ...loadError }}
            empty={
              query.data?.data.length === 0
                ? // Without filters to clear, the main action: look again for what the site collected.
                  { ...empty, action: empty.action ?? <RefreshButton query={query} /> }
                : null
            }
          >
            {children}
          </ListBody>
          <Pagination
            page={page}
            totalPages={query.data?.pagination.numberOfPages ?? 1}
            onPageChange={onPageChange}
          />
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * Items that arrived since the list loaded (live updates) wait behind this button rather than
 * moving the rows under the admin's eyes; it loads the list again where it is, so the page, the
 * filters and the selection stay (docs/PRODUCT-RULES.md#live-updates).
 */
function NewItems({
  query,
  resource,
  one,
  many,
}: { query: Pick<InboxQuery, "refetch" | "dataUpdatedAt"> } & InboxScreenLive) {
  const site = useCurrentSite();
  const { count, clear } = useNewItems(site.key, resource);
  // Whatever loaded the list (this button, Refresh, another change, opening the screen) shows them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list loads
  useEffect(clear, [query.dataUpdatedAt]);
  return (
    <div role="status" aria-live="polite" className={cn(count === 0 && "sr-only")}>
      {count > 0 && (
        <Button variant="secondary" size="sm" className="w-full" onClick={() => void query.refetch()}>
          <ArrowUp aria-hidden="true" />
          {count} {count === 1 ? one : many}
        </Button>
      )}
    </div>
  );
}

type InboxScreenLive = { resource: "emails" | "contacts"; one: string; many: string };

/** Loads the list again; spins while any load runs. */
export function RefreshButton({ query }: { query: Pick<ListQuery, "isFetching" | "refetch"> }) {
  return (
    <Button variant="outline" size="sm" onClick={() => query.refetch()} disabled={query.isFetching}>
      <RefreshCw aria-hidden="true" className={cn(query.isFetching && "animate-spin")} />
      Refresh
    </Button>
  );
}
