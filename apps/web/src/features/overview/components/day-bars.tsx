import type { PerDay } from "@backoffice/contracts/overview";
import { type KeyboardEvent, useId, useState } from "react";
import { formatDay, formatDayMonth } from "@/lib/format";
import { cn } from "@/lib/utils";
import { formatCount } from "../utils/overview-texts";

/** About this many dd/mm ticks under the bars, the newest day always one of them. */
const X_TICKS = 6;

/** 0 and round steps (1, 2 or 5 × 10ⁿ, whole numbers) up to a top at or above the largest count. */
export function countTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power);
  const ticks = [0];
  while (ticks.at(-1)! < max) ticks.push(ticks.at(-1)! + step);
  return ticks;
}

/** The days that get a tick: every so many, counted back from the newest. */
export function dayTicks(count: number, ticks = X_TICKS): number[] {
  const every = Math.max(1, Math.ceil(count / ticks));
  const shown: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) shown.unshift(i);
  return shown;
}

/**
 * The bars of a per-day chart, drawn with HTML and CSS (no chart library): one bar per day in the
 * theme's foreground colour, count ticks at the side, dd/mm ticks below. The chart is one tab stop:
 * the arrow keys (Home, End) move between days, each shown in a tooltip and told to screen readers;
 * hovering or touching a bar shows its day too. The Show table view beside it has every day.
 * `summaryId` names the element with the chart's text summary, its description with the keys' hint.
 */
export function DayBars({
  title,
  summaryId,
  days,
}: {
  title: string;
  summaryId: string;
  days: PerDay["days"];
}) {
  const [active, setActive] = useState<number | null>(null);
  const hintId = useId();
  const ticks = countTicks(Math.max(0, ...days.map((day) => day.count)));
  const top = ticks.at(-1)!;
  const percent = (count: number) => `${(count / top) * 100}%`;
  const at = (index: number) => `${((index + 0.5) / days.length) * 100}%`;
  const shown = active === null ? undefined : days[active];
  const say = (day: PerDay["days"][number]) => `${formatDay(day.day)}: ${formatCount(day.count)}`;

  const onKeyDown = (event: KeyboardEvent) => {
    const last = days.length - 1;
    const from = active ?? last;
    const to = {
      ArrowLeft: from - 1,
      ArrowDown: from - 1,
      ArrowRight: from + 1,
      ArrowUp: from + 1,
      Home: 0,
      End: last,
      PageUp: from - 7,
      PageDown: from + 7,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    setActive(Math.min(last, Math.max(0, to)));
  };

  return (
    <div
      role="application"
      aria-roledescription="bar chart"
      aria-label={`${title} per day`}
      aria-describedby={`${summaryId} ${hintId}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart takes focus so the arrow keys move between its days
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={() => setActive((current) => current ?? days.length - 1)}
      onBlur={() => setActive(null)}
      onPointerLeave={() => setActive(null)}
      data-slot="day-bars"
      className="grid h-56 w-full grid-cols-[2.5rem_1fr] grid-rows-[1fr_auto] rounded-md pt-2 pr-4 text-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <p id={hintId} className="sr-only">
        The arrow keys move between days; Show table lists them all.
      </p>
      <div className="relative" aria-hidden="true">
        {ticks.map((tick) => (
          <span
            key={tick}
            className="absolute right-2 translate-y-1/2 text-muted-foreground tabular-nums"
            style={{ bottom: percent(tick) }}
          >
            {formatCount(tick)}
          </span>
        ))}
      </div>
      <div className="relative">
        {ticks.map((tick) => (
          <div
            key={tick}
            aria-hidden="true"
            className={cn("absolute inset-x-0 border-t", tick === 0 ? "border-border" : "border-border/50")}
            style={{ bottom: percent(tick) }}
          />
        ))}
        <ol className="absolute inset-0 flex items-end gap-px" aria-hidden="true">
          {days.map((day, index) => (
            <li
              key={day.day}
              data-day={day.day}
              className="flex h-full min-w-0 flex-1 items-end"
              onPointerEnter={() => setActive(index)}
              onPointerDown={() => setActive(index)}
            >
              <div
                className={cn(
                  "w-full rounded-t-[2px] bg-foreground",
                  active !== null && active !== index && "opacity-60",
                )}
                style={{ height: percent(day.count) }}
              />
            </li>
          ))}
        </ol>
        {shown && (
          <div
            data-slot="day-bars-tooltip"
            className="pointer-events-none absolute top-0 z-10 grid -translate-x-1/2 -translate-y-2 gap-0.5 whitespace-nowrap rounded-md border bg-background px-2.5 py-1.5 shadow-md"
            style={{ left: `clamp(3rem, ${at(active!)}, calc(100% - 3rem))` }}
            aria-hidden="true"
          >
            <span className="font-medium">{formatDay(shown.day)}</span>
            <span className="text-muted-foreground">
              {title}{" "}
              <span className="font-mono font-medium text-foreground tabular-nums">
                {formatCount(shown.count)}
              </span>
            </span>
          </div>
        )}
      </div>
      <div />
      <div className="relative h-6" aria-hidden="true">
        {dayTicks(days.length).map((index) => (
          <span
            key={days[index]!.day}
            className="absolute top-1.5 -translate-x-1/2 whitespace-nowrap text-muted-foreground"
            style={{ left: at(index) }}
          >
            {formatDayMonth(days[index]!.day)}
          </span>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {shown ? say(shown) : ""}
      </p>
    </div>
  );
}
