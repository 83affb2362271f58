import { dayAndTime } from "@backoffice/contracts/sports";

/** The mark a shortened text ends with, so a reader can tell it was cut. */
const ELLIPSIS = "…";

/**
 * Shortens `text` to its first `max` characters followed by an ellipsis. A `max` of undefined, zero
 * or less leaves the text whole.
 */
export function truncate(text: string, max: number | undefined): string {
  if (max === undefined || max <= 0 || text.length <= max) return text;
  return `${text.slice(0, max)}${ELLIPSIS}`;
}

/** The host of a URL, or the text itself when it is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** "From" of an inbox row: the host of the page it came from, a dash when unknown. */
export function sourceOf(url: string | null | undefined): string {
  return url ? hostOf(url) : "-";
}

/** Today's date marker as the session stores it: ISO date, first 10 characters. */
export function todayMarker(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A date as dd/mm/yyyy (the email and contact tables). */
export function formatDayMonthYear(value: string | number | Date): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return "-";
  const dd = String(d.getDate()).padStart(2, "0");
  const mm = String(d.getMonth() + 1).padStart(2, "0");
  return `${dd}/${mm}/${d.getFullYear()}`;
}

/**
 * The product's one date display (docs/PRODUCT-RULES.md#dates-and-times): days as dd/mm/yyyy and
 * times on the 24-hour clock, HH:mm, whether shown or typed. A stored day ("yyyy-mm-dd", a match's
 * `date`) is shown as it is, never moved through a time zone.
 */
export function formatDay(day: string): string {
  const [, year, month, date] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) ?? [];
  return year ? `${date}/${month}/${year}` : day;
}

/** A stored day ("yyyy-mm-dd") as dd/mm, for a chart's short ticks only (the rule allows it there). */
export function formatDayMonth(day: string): string {
  const [, , month, date] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) ?? [];
  return month ? `${date}/${month}` : day;
}

/** A typed day, dd/mm/yyyy (d/m/yyyy, with "/", "." or "-"), as the stored "yyyy-mm-dd"; null if not a real day. */
export function parseDay(text: string): string | null {
  const [, date, month, year] = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim()) ?? [];
  if (!year) return null;
  const d = new Date(Date.UTC(Number(year), Number(month) - 1, Number(date)));
  if (
    d.getUTCFullYear() !== Number(year) ||
    d.getUTCMonth() !== Number(month) - 1 ||
    d.getUTCDate() !== Number(date)
  )
    return null;
  return `${year}-${month!.padStart(2, "0")}-${date!.padStart(2, "0")}`;
}

/** A typed time on the 24-hour clock, H:mm or HH:mm (or with "."), as "HH:mm"; null if not one. */
export function parseTime(text: string): string | null {
  const [, hours, minutes] = /^(\d{1,2})[:.](\d{2})$/.exec(text.trim()) ?? [];
  if (!hours || Number(hours) > 23 || Number(minutes) > 59) return null;
  return `${hours.padStart(2, "0")}:${minutes}`;
}

/** A match's kick-off with the time zone it is in: "25/11/2026 · 20:00 UTC". */
export function formatMatchTime(day: string, time: string, timeZone: string): string {
  return `${formatDay(day)} · ${time} ${timeZone}`;
}

/** "dd/mm/yyyy HH:mm" in the viewer's time zone (an ad's "Updated:", History's "When"). */
export function formatDateTime(value: string | number | Date): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return "-";
  const hh = String(d.getHours()).padStart(2, "0");
  const mm = String(d.getMinutes()).padStart(2, "0");
  return `${formatDayMonthYear(d)} ${hh}:${mm}`;
}

/** "HH:mm" on the 24-hour clock in the viewer's time zone ("Fixtures as of 14:05"). */
export function formatTime(value: string | number | Date): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return "-";
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

/** How long ago an instant was, in words: "just now", "12 minutes ago", "3 hours ago", "2 days ago". */
export function formatAge(value: string | number | Date, now: number = Date.now()): string {
  const minutes = Math.floor((now - new Date(value).getTime()) / 60_000);
  const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (!(minutes >= 1)) return "just now";
  if (minutes < 60) return ago(minutes, "minute");
  if (minutes < 24 * 60) return ago(Math.floor(minutes / 60), "hour");
  return ago(Math.floor(minutes / (24 * 60)), "day");
}

/**
 * Limits per breakpoint; the most specific one that applies wins (mobile, then narrow, then
 * desktop, then default). A breakpoint without a limit leaves the text whole.
 */
export type TruncateLimits = {
  default?: number;
  desktop?: number;
  narrow?: number;
  mobile?: number;
};

/** Shortens `text` for a window that is `narrow` (< 992px) and/or `mobile` (< 640px). */
export function truncateFor(
  text: string | null | undefined,
  limits: TruncateLimits,
  screen: { narrow: boolean; mobile: boolean },
): string {
  let max: number | undefined;
  if (screen.mobile && limits.mobile !== undefined) max = limits.mobile;
  else if (screen.narrow && limits.narrow !== undefined) max = limits.narrow;
  else if (!screen.narrow && limits.desktop !== undefined) max = limits.desktop;
  else max = limits.default;
  return truncate(text ?? "", max);
}

/**
 * An instant's day and time in a time zone as the product shows them: `{ day: "28/11/2026", time:
 * "20:00" }` (a window's ends, in the site's time zone, docs/PRODUCT-RULES.md#windows).
 */
export function dayAndTimeIn(iso: string, timeZone: string): { day: string; time: string } {
  const { date, time } = dayAndTime(iso, timeZone);
  return { day: formatDay(date), time };
}
