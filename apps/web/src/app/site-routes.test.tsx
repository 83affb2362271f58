import { RESOURCES, type SiteResource, siteHas } from "@backoffice/contracts";
import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import { activeNavItem } from "@/sites";
import { siteKeys } from "@/sites/keys";
import { navItems, routesOf } from "./site-routes";

// A site's sidebar follows from the descriptors (packages/contracts resources.ts) and the route
// table: a new resource's screen is checked here without a list to add it to.
describe("navigation labels", () => {
  /** The resources with a screen on some site (all of them, today). */
  const withScreens = new Set(siteKeys.flatMap((site) => routesOf(site).map((route) => route.resource)));

  it("every resource has a screen", () => {
    expect([...withScreens].sort()).toEqual((Object.keys(RESOURCES) as SiteResource[]).sort());
  });

  it.each(siteKeys)(
    "%s: Dashboard, then the screens of the resources the site has, and of no other",
    (site) => {
      const items = navItems(site);
      expect(items[0]).toMatchObject({ label: "Dashboard", to: `/${site}` });
      const shown = new Set(routesOf(site).map((route) => route.resource));
      expect([...shown].sort()).toEqual(
        [...withScreens].filter((resource) => siteHas(site, resource)).sort(),
      );
    },
  );

  it.each(siteKeys)(
    "%s: each item once, leading to a screen of the site; Media, History, Schedule and Trash last",
    (site) => {
      const items = navItems(site);
      expect(new Set(items.map((item) => item.label)).size).toBe(items.length);
      expect(new Set(items.map((item) => item.to)).size).toBe(items.length);
      for (const { to } of items.slice(1)) {
        const opens = routesOf(site).some((route) => matchPath(`/${site}/${route.path}`, to));
        expect(opens, to).toBe(true);
      }
      expect(items.slice(-5).map((item) => item.label)).toEqual([
        "Edit Profile",
        "Media",
        "History",
        "Schedule",
        "Trash",
      ]);
    },
  );

  it("one sidebar order on every site: the screens two sites share come in the same order", () => {
    const orders = siteKeys.map((site) => navItems(site).map((item) => item.label));
    for (const a of orders)
      for (const b of orders) {
        const shared = a.filter((label) => b.includes(label));
        expect(b.filter((label) => shared.includes(label))).toEqual(shared);
      }
  });

  it("movies' ads, one list per ad page, are one item leading to the first list", () => {
    expect(navItems("movies").filter((item) => item.label === "Manage Ads")).toMatchObject([
      { to: "/movies/ads" },
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
