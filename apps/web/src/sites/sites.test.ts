import { describe, expect, it } from "vitest";
import { activeNavItem, navItems, siteOfPath, sites } from "./index";

describe("navigation labels", () => {
  it.each([
    ["apkw", ["Dashboard", "Apps & Games", "Manage Ads", "Manage Emails", "Edit Profile", "History"]],
    [
      "sportbn",
      [
        "Dashboard",
        "Manage Matches",
        "Fetch Matches",
        "Other Servers",
        "Manage Ads",
        "Manage Locker",
        "Manage Emails",
        "Edit Profile",
        "History",
      ],
    ],
    [
      "movies",
      [
        "Dashboard",
        "Movies & TV List",
        "Import Movies & TV",
        "Manage Ads",
        "Manage Locker",
        "Manage Contacts",
        "Edit Profile",
        "History",
      ],
    ],
  ] as const)("%s", (site, labels) => {
    expect(navItems(site).map((i) => i.label)).toEqual(labels);
  });

  it("links point at the route table's paths", () => {
    expect(navItems("movies").map((i) => i.to)).toEqual([
      "/movies",
      "/movies/list",
      "/movies/import",
      "/movies/ads",
      "/movies/locker",
      "/movies/emails",
      "/movies/profile",
      "/movies/history",
    ]);
  });
});

describe("activeNavItem: the longest prefix wins", () => {
  const items = navItems("apkw");
  it.each([
    ["/apkw/apps", "Apps & Games"],
    ["/apkw", "Dashboard"],
    ["/apkw/emails", "Manage Emails"],
    ["/apkw/profile", "Edit Profile"],
    ["/apkw/history", "History"],
    // The Trash is under History and reached from it.
    ["/apkw/history/trash", "History"],
  ])("%s → %s", (path, label) => {
    expect(activeNavItem(items, path)?.label).toBe(label);
  });

  it("matches whole segments only", () => {
    expect(activeNavItem(items, "/apkw/appsx")?.label).toBe("Dashboard");
    expect(activeNavItem(items, "/sportbn/matches")).toBeNull();
  });

  it("movies ads pages keep Manage Ads active", () => {
    expect(activeNavItem(navItems("movies"), "/movies/ads/player")?.label).toBe("Manage Ads");
  });
});

describe("site settings", () => {
  it("siteOfPath", () => {
    expect(siteOfPath("/sportbn/matches")).toBe("sportbn");
    expect(siteOfPath("/login")).toBeNull();
    expect(siteOfPath("/")).toBeNull();
  });

  it("wording and truncation variants", () => {
    expect(sites.apkw.truncation).toEqual(sites.sportbn.truncation);
    expect(sites.movies.truncation.adUrl).toEqual({ default: 40, mobile: 24 });
    expect(sites.sportbn.truncation.adUrl).toEqual({ default: 20, mobile: 15 });
    expect(sites.movies.wording.adUpdated).toBe("Ad updated successfully");
    expect(sites.sportbn.wording.adUpdated).toBe("Ad created successfully");
    expect(sites.movies.apiVariant).toBe("movies");
  });
});
