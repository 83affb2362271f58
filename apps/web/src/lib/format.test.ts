import { describe, expect, it } from "vitest";
import { formatDayMonthYear, hostOf, todayMarker, truncate, truncateFor } from "./format";

describe("truncate", () => {
  it("keeps the first characters up to the limit and marks the cut with an ellipsis", () => {
    expect(truncate("Manchester United", 10)).toBe("Manchester…");
    expect(truncate("Manchester United", 15)).toBe("Manchester Unit…");
    expect(truncate("Short", 10)).toBe("Short");
    expect(truncate("Whole", undefined)).toBe("Whole");
  });
});

describe("truncateFor (breakpoints: narrow < 992px, mobile < 640px)", () => {
  const desktop = { narrow: false, mobile: false };
  const narrow = { narrow: true, mobile: false };
  const mobile = { narrow: true, mobile: true };

  it("app titles: 8 characters on desktop only", () => {
    expect(truncateFor("Minecraft Pocket", { desktop: 8 }, desktop)).toBe("Minecraf…");
    expect(truncateFor("Minecraft Pocket", { desktop: 8 }, narrow)).toBe("Minecraft Pocket");
  });

  it("team names: 15 plus ellipsis under 992px", () => {
    const limits = { narrow: 15 };
    expect(truncateFor("Borussia Monchengladbach", limits, desktop)).toBe("Borussia Monchengladbach");
    expect(truncateFor("Borussia Monchengladbach", limits, narrow)).toBe("Borussia Monche…");
    expect(truncateFor("Borussia Monchengladbach", limits, mobile)).toBe("Borussia Monche…");
  });

  it("ad URLs: the mobile limit wins over the default", () => {
    const limits = { default: 40, mobile: 24 };
    const url = "https://movies.example/some/very/long/path/to/a/page";
    expect(truncateFor(url, limits, desktop)).toBe(`${url.slice(0, 40)}…`);
    expect(truncateFor(url, limits, narrow)).toBe(`${url.slice(0, 40)}…`);
    expect(truncateFor(url, limits, mobile)).toBe(`${url.slice(0, 24)}…`);
  });

  it("treats a missing text as empty", () => {
    expect(truncateFor(undefined, { default: 3 }, desktop)).toBe("");
  });
});

describe("formatting", () => {
  it("hostOf gives the URL's host", () => {
    expect(hostOf("https://apkw.example/path?q=1")).toBe("apkw.example");
    expect(hostOf("not a url")).toBe("not a url");
  });

  it("todayMarker is the ISO date", () => {
    expect(todayMarker(new Date("2025-03-04T23:59:00Z"))).toBe("2025-03-04");
  });

  it("formatDayMonthYear is dd/mm/yyyy", () => {
    expect(formatDayMonthYear(new Date(2024, 0, 5))).toBe("05/01/2024");
    expect(formatDayMonthYear("nonsense")).toBe("-");
  });
});
