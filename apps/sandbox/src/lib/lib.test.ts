import { describe, expect, it } from "vitest";
import { toFontText } from "./font.ts";
import { Canvas } from "./png.ts";
import { decodePng } from "./png-decode.ts";
import { imagePath, Rng } from "./random.ts";
import { isoWithOffset, isValidTimezone, localParts, parseDay, todayIn } from "./time.ts";

describe("time helpers", () => {
  it("formats provider dates with the zone's offset, DST included", () => {
    const winter = Date.UTC(2026, 0, 15, 19, 45) / 1000;
    const summer = Date.UTC(2026, 6, 15, 19, 45) / 1000;
    expect(isoWithOffset(winter, "UTC")).toBe("2026-01-15T19:45:00+00:00");
    expect(isoWithOffset(winter, "Europe/London")).toBe("2026-01-15T19:45:00+00:00");
    expect(isoWithOffset(summer, "Europe/London")).toBe("2026-07-15T20:45:00+01:00");
    expect(isoWithOffset(winter, "America/New_York")).toBe("2026-01-15T14:45:00-05:00");
    expect(isoWithOffset(winter, "Asia/Kolkata")).toBe("2026-01-16T01:15:00+05:30");
    expect(localParts(winter, "Asia/Tokyo")).toMatchObject({ date: "2026-01-16", time: "04:45" });
  });

  it("parses strict dates and knows zone names", () => {
    expect(parseDay("1970-01-02")).toBe(1);
    expect(parseDay("2026-02-29")).toBeNull();
    expect(parseDay("2026-2-1")).toBeNull();
    expect(isValidTimezone("Europe/Paris")).toBe(true);
    expect(isValidTimezone("Mars/Olympus")).toBe(false);
    expect(todayIn(new Date("2026-11-22T23:30:00Z"), "Europe/Paris")).toBe("2026-11-23");
  });
});

describe("seeded randomness", () => {
  it("repeats for a seed and spreads over the range", () => {
    const a = new Rng("seed");
    const b = new Rng("seed");
    const draws = Array.from({ length: 200 }, () => a.int(1, 6));
    expect(Array.from({ length: 200 }, () => b.int(1, 6))).toEqual(draws);
    expect(new Set(draws)).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(imagePath("x")).toBe(imagePath("x"));
    expect(imagePath("x")).not.toBe(imagePath("y"));
  });
});

describe("PNG encoder", () => {
  it("writes a valid PNG whose pixels round-trip", () => {
    const canvas = new Canvas(3, 2);
    canvas.fillRect(0, 0, 3, 2, [10, 20, 30]);
    canvas.blend(1, 1, [250, 0, 0]);
    const png = decodePng(canvas.toPng(true));
    expect([png.width, png.height, png.channels]).toEqual([3, 2, 3]);
    // Row 1 starts at byte 10 (filter byte + 3 RGB pixels of row 0), then its filter byte.
    expect([...png.raw.subarray(11 + 3, 11 + 6)]).toEqual([250, 0, 0]);
    expect([...png.raw.subarray(1, 4)]).toEqual([10, 20, 30]);
  });

  it("maps any title onto the font", () => {
    expect(toFontText("Amélie: Le Fabuleux Destin")).toBe("AMELIE: LE FABULEUX DESTIN");
    expect(toFontText("君の名は")).toBe("????");
  });
});
