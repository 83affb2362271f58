import type { PerDay } from "@backoffice/contracts/overview";
import { formatDay } from "@/lib/format";

const count = (n: number) => n.toLocaleString("en-US");

/** "+12%" style change against the period before, in words (never by colour alone). */
export function changeText(total: number, previous: number, days: number): string {
  if (previous === 0)
    return total === 0 ? `none in the ${days} days before either` : `none in the ${days} days before`;
  const percent = Math.round(((total - previous) / previous) * 100);
  if (percent === 0) return `the same as the ${days} days before`;
  return `${Math.abs(percent)}% ${percent > 0 ? "more" : "fewer"} than the ${days} days before (${count(previous)})`;
}

/** The chart's text summary: total, change, and the busiest day. */
export function perDaySummary(noun: string, perDay: PerDay, days: number): string {
  const busiest = perDay.days.reduce((best, day) => (day.count > best.count ? day : best), perDay.days[0]!);
  const lead = `${count(perDay.total)} ${noun} in the last ${days} days, ${changeText(perDay.total, perDay.previous, days)}.`;
  return perDay.total === 0
    ? lead
    : `${lead} Busiest day: ${formatDay(busiest.day)} with ${count(busiest.count)}.`;
}

export { count as formatCount };
