import { describe, expect, it } from "vitest";
import { activeNavItem } from "@/sites";
import { navItems, routesOf } from "./site-routes";

describe("navigation labels", () => {
  it.each([
    [
      "apkw",
      ["Dashboard", "Apps & Games", "Manage Ads", "Manage Emails", "Edit Profile", "History", "Trash"],
    ],
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
        "Trash",
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
        "Trash",
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
      "/movies/history/trash",
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
    // The Trash has its own item, below History's path.
    ["/apkw/history/trash", "Trash"],
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

describe("routesOf: a site has the screens of the resources it has", () => {
  const paths = (site: "apkw" | "sportbn" | "movies") => routesOf(site).map((route) => route.path);

  it("movies' ads have a URL per page, the other sites' one list", () => {
    expect(paths("movies")).toContain("ads/:page?");
    expect(paths("apkw")).toContain("ads");
    expect(paths("sportbn")).not.toContain("ads/:page?");
  });

  it("movies' /emails is its contact inbox; the Trash is on every site", () => {
    expect(routesOf("movies").find((route) => route.path === "emails")?.label).toBe("Manage Contacts");
    for (const site of ["apkw", "sportbn", "movies"] as const) expect(paths(site)).toContain("history/trash");
  });
});
