import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  formatAge,
  formatDateTime,
  formatDay,
  formatDayMonth,
  formatMatchTime,
  formatTime,
  parseDay,
  parseTime,
} from "./format";

describe("one date format: dd/mm/yyyy and 24-hour times", () => {
  it("shows a stored day as dd/mm/yyyy, with no time zone shift", () => {
    expect(formatDay("2026-11-25")).toBe("25/11/2026");
    expect(formatDay("2026-01-01")).toBe("01/01/2026");
    expect(formatDay("not a day")).toBe("not a day");
  });

  it("reads a typed day as dd/mm/yyyy, never the US order, and refuses impossible days", () => {
    expect(parseDay("25/11/2026")).toBe("2026-11-25");
    expect(parseDay(" 5.3.2026 ")).toBe("2026-03-05");
    expect(parseDay("05-03-2026")).toBe("2026-03-05");
    expect(parseDay("11/25/2026")).toBeNull();
    expect(parseDay("31/02/2026")).toBeNull();
    expect(parseDay("2026-11-25")).toBeNull();
    expect(parseDay("")).toBeNull();
  });

  it("reads a typed time on the 24-hour clock", () => {
    expect(parseTime("20:00")).toBe("20:00");
    expect(parseTime("8:05")).toBe("08:05");
    expect(parseTime("23.59")).toBe("23:59");
    expect(parseTime("08:00 PM")).toBeNull();
    expect(parseTime("24:00")).toBeNull();
    expect(parseTime("12:60")).toBeNull();
  });

  it("names the time zone of a match's kick-off", () => {
    expect(formatMatchTime("2026-11-25", "20:00", "UTC")).toBe("25/11/2026 · 20:00 UTC");
  });

  it("instants are dd/mm/yyyy HH:mm on the 24-hour clock", () => {
    expect(formatDateTime(new Date(2026, 10, 25, 20, 5))).toBe("25/11/2026 20:05");
  });

  it("a time of day is HH:mm on the 24-hour clock; an age is said in words", () => {
    expect(formatTime(new Date(2026, 10, 25, 14, 5))).toBe("14:05");
    expect(formatTime(new Date(2026, 10, 25, 0, 0))).toBe("00:00");
    const at = new Date(2026, 10, 25, 14, 5).getTime();
    expect(formatAge(at, at + 40_000)).toBe("just now");
    expect(formatAge(at, at + 60_000)).toBe("1 minute ago");
    expect(formatAge(at, at + 12.5 * 60_000)).toBe("12 minutes ago");
    expect(formatAge(at, at + 60 * 60_000)).toBe("1 hour ago");
    expect(formatAge(at, at + 200 * 60_000)).toBe("3 hours ago");
    expect(formatAge(at, at + 50 * 3_600_000)).toBe("2 days ago");
    // A clock a little behind the server's is not "in the future".
    expect(formatAge(at, at - 5_000)).toBe("just now");
  });

  it("a chart's short tick is dd/mm, never a month's name", () => {
    expect(formatDayMonth("2026-10-30")).toBe("30/10");
    expect(formatDayMonth("2026-01-05")).toBe("05/01");
    expect(formatDayMonth("not a day")).toBe("not a day");
  });
});

/** Every source file of the dashboard but its tests. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.testing\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("one date formatter (lib/format.ts)", () => {
  it("no screen formats a date any other way: no locale dates, month names or Intl date formats", () => {
    const src = fileURLToPath(new URL("..", import.meta.url));
    const other =
      /toLocaleDateString|toLocaleTimeString|Intl\.DateTimeFormat|month:\s*["'](short|long|narrow)["']|weekday:|["']MMM/;
    const offenders = sources(src)
      .filter((file) => other.test(readFileSync(file, "utf8")))
      .map((file) => file.slice(src.length));
    expect(offenders).toEqual([]);
  });
});
