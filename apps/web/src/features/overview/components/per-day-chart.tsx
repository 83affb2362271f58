import type { PerDay } from "@backoffice/contracts/overview";
import { ChevronDown, ChevronUp } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDay } from "@/lib/format";
import { formatCount, perDaySummary } from "../utils/overview-texts";
import { DayBars } from "./day-bars";

type PerDayChartProps = {
  title: string;
  /** The counted things, plural ("subscriptions"), for the summary. */
  noun: string;
  perDay: PerDay;
  days: number;
  /** The screen behind the figures. */
  to: string;
  linkLabel: string;
  extra?: React.ReactNode;
};

/**
 * A per-day bar chart with its text summary and a table of the same data. The chart is keyboard
 * focusable (arrow keys move between days, `DayBars`); the table is the full path.
 */
export function PerDayChart({ title, noun, perDay, days, to, linkLabel, extra }: PerDayChartProps) {
  const [table, setTable] = useState(false);
  const tableId = useId();
  const summaryId = useId();
  const summary = perDaySummary(noun, perDay, days);
  return (
    <Card data-slot="per-day-chart">
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle className="text-base">{title}</CardTitle>
          <CardDescription id={summaryId}>{summary}</CardDescription>
          {extra}
        </div>
        <Link to={to} className="text-sm font-medium underline underline-offset-4">
          {linkLabel}
        </Link>
      </CardHeader>
      <CardContent className="grid gap-3">
        {perDay.total === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
            No {noun} in the last {days} days.
          </p>
        ) : (
          // Drawn without a chart library: a few KB in the overview's own chunk (Recharts was 114 KB gzipped).
          <DayBars title={title} summaryId={summaryId} days={perDay.days} />
        )}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-expanded={table}
            aria-controls={tableId}
            onClick={() => setTable((shown) => !shown)}
          >
            {table ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            {table ? "Hide table" : "Show table"}
          </Button>
        </div>
        {table && (
          <section
            id={tableId}
            className="max-h-72 overflow-auto rounded-lg border"
            aria-label={`${title} per day`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
            tabIndex={0}
          >
            <table className="w-full text-sm">
              <caption className="sr-only">{`${title} per day`}</caption>
              <thead className="sticky top-0 bg-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-medium">
                    Day
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {title}
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...perDay.days].reverse().map((day) => (
                  <tr key={day.day} className="border-t">
                    <th scope="row" className="px-3 py-1.5 text-left font-normal">
                      <time dateTime={day.day}>{formatDay(day.day)}</time>
                    </th>
                    <td className="px-3 py-1.5 text-right tabular-nums">{formatCount(day.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
