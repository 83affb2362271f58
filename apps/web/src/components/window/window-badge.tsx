import { type RecordWindow, windowPhase } from "@backoffice/contracts/windows";
import { CalendarClock } from "lucide-react";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { dayAndTimeIn } from "@/lib/format";
import { useSiteTimeZone } from "./window-fields";
import { nextBoundary } from "./window-state";

/** The longest a timer is set for (a browser's setTimeout overflows past about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The clock a list of windowed records is shown by: `Date.now()`, read again at the next opening or
 * closing among `records`, so cards and filters change at the boundary without a reload.
 */
export function useWindowClock(records: readonly RecordWindow[] | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const next = records ? nextBoundary(records, now) : undefined;
  useEffect(() => {
    if (next === undefined) return;
    let timer: ReturnType<typeof setTimeout>;
    // A timer that fires before the boundary on the clock (a clock set back, a long timer cut at
    // MAX_TIMER_MS) waits again instead of leaving the screen on the old state.
    const wait = () => {
      timer = setTimeout(
        () => (Date.now() < next ? wait() : setNow(Date.now())),
        Math.min(MAX_TIMER_MS, Math.max(0, next - Date.now())),
      );
    };
    wait();
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}

/** What a card says of a window at `now`, in the site's time zone: "Starts 28/11/2026 20:00", "Live until 23:00", "Ended". */
export function windowText(window: RecordWindow, now: number, timeZone: string): string | null {
  const phase = windowPhase(window, now);
  if (phase === "scheduled") {
    const starts = dayAndTimeIn(window.startsAt!, timeZone);
    return `Starts ${starts.day} ${starts.time}`;
  }
  if (phase === "ended") return "Ended";
  if (window.endsAt === null) return null;
  const ends = dayAndTimeIn(window.endsAt, timeZone);
  const today = dayAndTimeIn(new Date(now).toISOString(), timeZone).day;
  return ends.day === today ? `Live until ${ends.time}` : `Live until ${ends.day} ${ends.time}`;
}

/**
 * A record's window on its card; nothing for a record without one (or open now with no end). A
 * flag's window says which flag first: "Trending: Starts 28/11/2026 20:00".
 */
export function WindowBadge({ window, now, label }: { window: RecordWindow; now: number; label?: string }) {
  const timeZone = useSiteTimeZone();
  const phaseText = windowText(window, now, timeZone);
  if (phaseText === null) return null;
  const text = label ? `${label}: ${phaseText}` : phaseText;
  const phase = windowPhase(window, now);
  return (
    <Badge
      data-slot="window-badge"
      data-phase={phase}
      variant={phase === "active" ? "success" : phase === "scheduled" ? "warning" : "secondary"}
      title={`${text} (${timeZone})`}
    >
      <CalendarClock aria-hidden="true" />
      {text}
      <span className="sr-only"> ({timeZone})</span>
    </Badge>
  );
}
