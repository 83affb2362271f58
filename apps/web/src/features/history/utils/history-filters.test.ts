import { describe, expect, it } from "vitest";
import { historyQueryOf, resourceOptions } from "./history-filters";

describe("History filters", () => {
  it("offers the resources a site has, then the account events", () => {
    const labels = (site: "apkw" | "sportbn" | "movies") => resourceOptions(site).map(([, label]) => label);
    expect(labels("apkw")).toEqual(["Apps & Games", "Ads", "Emails", "Profile", "Sign-ins", "Team"]);
    expect(labels("sportbn")).toEqual([
      "Ads",
      "Emails",
      "Locker",
      "Matches",
      "Servers",
      "Profile",
      "Sign-ins",
      "Team",
    ]);
    expect(labels("movies")).toEqual([
      "Ads",
      "Contacts",
      "Replies",
      "Locker",
      "Movies & TV",
      "Profile",
      "Sign-ins",
      "Team",
    ]);
  });

  it("sends only the filters the server accepts", () => {
    const url = (values: Record<string, string>) => (key: string) => values[key] ?? "";
    expect(
      historyQueryOf(url({ resource: "ads", admin: " a@b.c ", from: "2026-11-01", to: "2026-11-23" }), 2),
    ).toEqual({ page: 2, resource: "ads", admin: "a@b.c", from: "2026-11-01", to: "2026-11-23" });
    expect(historyQueryOf(url({ resource: "users", from: "yesterday", to: "2026-13-45" }), 1)).toEqual({
      page: 1,
      signIns: false,
    });
    // Sign-ins are left out unless asked for (or their own kind is chosen).
    expect(historyQueryOf(url({ signIns: "show" }), 1)).toEqual({ page: 1 });
    expect(historyQueryOf(url({ resource: "session" }), 1)).toEqual({ page: 1, resource: "session" });
  });
});
