import { describe, expect, it } from "vitest";
import { clockStatus, effectiveStatus, instantIn, matchBoundaries } from "./sports.ts";

const at = (iso: string) => Date.parse(iso);
const match = { date: "2026-11-25", time: "20:00", end_time: "22:00" };

describe("match lifecycle", () => {
  it("reads a wall-clock day and time in the time zone, across daylight saving changes", () => {
    expect(instantIn("2026-11-25", "20:00", "UTC")).toBe(at("2026-11-25T20:00:00Z"));
    expect(instantIn("2026-11-25", "20:00", "Asia/Tokyo")).toBe(at("2026-11-25T11:00:00Z"));
    expect(instantIn("2026-07-01", "20:00", "Europe/London")).toBe(at("2026-07-01T19:00:00Z"));
    expect(instantIn("2026-03-29", "03:00", "Europe/London")).toBe(at("2026-03-29T02:00:00Z"));
  });

  it("ends on the next day when the end time is earlier than the kick-off", () => {
    const late = { date: "2026-11-25", time: "23:00", end_time: "00:45" };
    expect(matchBoundaries(late, "UTC")).toEqual({
      kickOff: at("2026-11-25T23:00Z"),
      end: at("2026-11-26T00:45Z"),
    });
  });

  it("the clock: upcoming before kick-off, live from it, finished from the end", () => {
    expect(clockStatus(match, "UTC", at("2026-11-25T19:59Z"))).toBe("upcoming");
    expect(clockStatus(match, "UTC", at("2026-11-25T20:00Z"))).toBe("live");
    expect(clockStatus(match, "UTC", at("2026-11-25T22:00Z"))).toBe("finished");
    expect(clockStatus(match, "Asia/Tokyo", at("2026-11-25T12:00Z"))).toBe("live");
  });

  it("keeps the status set until the next kick-off or end after it", () => {
    const set = { ...match, status: "finished" as const };
    const setAt = at("2026-11-25T10:00Z");
    expect(effectiveStatus(set, setAt, "UTC", at("2026-11-25T19:59Z"))).toBe("finished");
    expect(effectiveStatus(set, setAt, "UTC", at("2026-11-25T20:00Z"))).toBe("live");
    // Set during the match: kept until the end.
    const duringAt = at("2026-11-25T20:30Z");
    expect(effectiveStatus({ ...match, status: "upcoming" }, duringAt, "UTC", at("2026-11-25T21:59Z"))).toBe(
      "upcoming",
    );
    expect(effectiveStatus({ ...match, status: "upcoming" }, duringAt, "UTC", at("2026-11-25T22:00Z"))).toBe(
      "finished",
    );
    // Set after the end: no boundary left, kept for good.
    expect(
      effectiveStatus({ ...match, status: "live" }, at("2026-11-26T00:00Z"), "UTC", at("2027-01-01Z")),
    ).toBe("live");
  });
});
