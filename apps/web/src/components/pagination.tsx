import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { type PaginationMode, pageNumbers } from "@/lib/pagination";
import { cn } from "@/lib/utils";

export type PaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /**
   * "fixed": buttons 1..5 whatever the current page (emails and contacts);
   * "window": 5 buttons around the current page (movies list).
   */
  mode?: PaginationMode;
  maxButtons?: number;
  /** Small screens: a page dropdown showing "page / total" instead of the numbered buttons. */
  compact?: boolean;
  className?: string;
};

/** Previous, numbered buttons, Next and "Page n of N"; hidden when there is only one page. */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  mode = "fixed",
  maxButtons = 5,
  compact = false,
  className,
}: PaginationProps) {
  if (totalPages <= 1) return null;
  const go = (next: number) => onPageChange(Math.min(Math.max(next, 1), totalPages));
  return (
    <nav
      aria-label="Pagination"
      className={cn("flex flex-col items-center gap-3 sm:flex-row sm:justify-between", className)}
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {page} of {totalPages}
      </p>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <Button variant="outline" size="sm" onClick={() => go(page - 1)} disabled={page <= 1}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
        </li>
        {compact ? (
          <li>
            <Select value={String(page)} onValueChange={(value) => go(Number(value))}>
              <SelectTrigger size="sm" aria-label="Page" className="min-w-20 tabular-nums">
                <SelectValue>
                  {page} / {totalPages}
                </SelectValue>
              </SelectTrigger>
              <SelectContent>
                {Array.from({ length: totalPages }, (_, i) => i + 1).map((n) => (
                  <SelectItem key={n} value={String(n)}>
                    {n} / {totalPages}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </li>
        ) : (
          pageNumbers(page, totalPages, mode, maxButtons).map((n) => (
            <li key={n}>
              <Button
                variant={n === page ? "default" : "outline"}
                size="sm"
                className="min-w-8"
                aria-label={`Page ${n}`}
                aria-current={n === page ? "page" : undefined}
                onClick={() => go(n)}
              >
                {n}
              </Button>
            </li>
          ))
        )}
        <li>
          <Button variant="outline" size="sm" onClick={() => go(page + 1)} disabled={page >= totalPages}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </li>
      </ul>
    </nav>
  );
}
