import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "lucide-react";
import type { Cursor } from "@/components/list/use-cursor-param";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * Newest, Newer, Older and Oldest of a keyset list (History, Trash), from the cursors its page
 * answered (`newer`, `older`; null where there is none). Hidden when everything fits one page.
 */
export function CursorPagination({
  cursor,
  newer,
  older,
  onChange,
  className,
}: {
  cursor: Cursor;
  newer: string | null | undefined;
  older: string | null | undefined;
  onChange: (cursor: Cursor) => void;
  className?: string;
}) {
  const away = Object.keys(cursor).length > 0;
  if (!away && !newer && !older) return null;
  const buttons = [
    { label: "Newest", icon: ChevronsLeft, to: {}, enabled: away && newer !== null },
    { label: "Newer", icon: ChevronLeft, to: newer ? { before: newer } : null, enabled: Boolean(newer) },
    { label: "Older", icon: ChevronRight, to: older ? { after: older } : null, enabled: Boolean(older) },
    { label: "Oldest", icon: ChevronsRight, to: { before: "0" }, enabled: Boolean(older) },
  ] as const;
  return (
    <nav
      aria-label="Pagination"
      className={cn("flex flex-wrap items-center justify-center gap-1 sm:justify-end", className)}
    >
      {buttons.map(({ label, icon: Icon, to, enabled }) => (
        <Button
          key={label}
          variant="outline"
          size="sm"
          disabled={!enabled || !to}
          onClick={() => to && onChange(to)}
        >
          {label === "Newest" || label === "Newer" ? <Icon aria-hidden="true" /> : null}
          {label}
          {label === "Older" || label === "Oldest" ? <Icon aria-hidden="true" /> : null}
        </Button>
      ))}
    </nav>
  );
}
