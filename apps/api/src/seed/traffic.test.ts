import { describe, expect, it } from "vitest";
import { arrivals, type TrafficShape } from "./traffic.ts";

// The demo's intake over the last 90 days (docs/PRODUCT-RULES.md#overview): shaped like real traffic,
// the same for the same seed and day.
const shape: TrafficShape = { perDay: 8, growth: 0.8, week: [0.6, 1.1, 1.1, 1.05, 1, 0.95, 0.6] };
const now = Date.UTC(2026, 10, 25, 15, 30);
const DAY = 86_400_000;
/** 0 for the oldest of the 90 days, 89 for today. */
const dayIndex = (at: Date) => Math.floor(at.getTime() / DAY) - (Math.floor(now / DAY) - 89);

describe("the demo's intake traffic", () => {
  it("falls on the last 90 UTC days up to now, oldest first, never in the future", () => {
    const times = arrivals(shape, { seed: 1, now, days: 90 }).map((at) => at.getTime());
    const firstDay = Math.floor(now / DAY) * DAY - 89 * DAY;
    expect(times.length).toBeGreaterThan(500);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(firstDay);
    expect(Math.max(...times)).toBeLessThanOrEqual(now);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const days = new Set(times.map((t) => Math.floor(t / DAY)));
    expect(days.size).toBeGreaterThan(80);
  });

  it("has the week's rhythm and grows: weekend days quieter, the last 30 days busier than the first 30", () => {
    const times = arrivals(shape, { seed: 1, now, days: 90 });
    const perDay = new Map<number, number>();
    for (const at of times) {
      const day = Math.floor(at.getTime() / DAY);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    const today = Math.floor(now / DAY);
    const mean = (pick: (day: number) => boolean) => {
      const days = Array.from({ length: 89 }, (_, i) => today - 1 - i).filter(pick);
      return days.reduce((sum, day) => sum + (perDay.get(day) ?? 0), 0) / days.length;
    };
    const weekend = (day: number) => [0, 6].includes(new Date(day * DAY).getUTCDay());
    expect(mean(weekend)).toBeLessThan(mean((day) => !weekend(day)) * 0.8);
    const span = (from: number, to: number) =>
      times.filter((at) => dayIndex(at) >= from && dayIndex(at) < to);
    expect(span(60, 90).length).toBeGreaterThan(span(0, 30).length * 1.3);
  });

  it("is the same for the same seed and moment, and another seed gives other traffic", () => {
    const once = arrivals(shape, { seed: 38, now, days: 90 });
    expect(arrivals(shape, { seed: 38, now, days: 90 })).toEqual(once);
    expect(arrivals(shape, { seed: 39, now, days: 90 })).not.toEqual(once);
  });
});
