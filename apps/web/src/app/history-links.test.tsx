import { HISTORY_RESOURCES, type HistoryResource, kindsOn, RECORD_KINDS } from "@backoffice/contracts";
import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import { paths } from "@/config/paths";
import { recordLink } from "@/features/history/utils/history-filters";
import { sites } from "@/sites";
import { type SiteKey, siteKeys } from "@/sites/keys";
import { routesOf } from "./site-routes";

// History's link to a record comes from its kind's descriptor (`link` in packages/contracts
// resources.ts): every kind, on every site that has it, leads to a screen of the route table.

/** The screens a link may open on a site: its own, and the account menu's. */
const screensOf = (site: SiteKey) => [
  ...routesOf(site).map((route) => `/${site}/${route.path}`),
  paths.security,
  paths.team,
  paths.jobs,
];

/** A record of the kind with every field its link reads, as History holds it. */
function recordOf(kind: HistoryResource, site: SiteKey) {
  const { link } = RECORD_KINDS[kind];
  const fields: Record<string, unknown> = { id: "r1" };
  if (link.search) fields[link.search] = "Night & Day";
  if (link.page) fields[link.page.field] = link.page.pagesOn[site]?.at(-1) ?? "home";
  return fields;
}

describe("History's link to a record", () => {
  const cases = siteKeys.flatMap((site) =>
    kindsOn(site, HISTORY_RESOURCES).map((kind) => [site, kind] as const),
  );

  it("covers every kind on some site", () => {
    expect(new Set(cases.map(([, kind]) => kind))).toEqual(new Set(HISTORY_RESOURCES));
  });

  it.each(cases)("%s, %s: opens a screen of the route table, narrowed to the record", (site, kind) => {
    const after = recordOf(kind, site);
    const to = recordLink(sites[site], { resource: kind, before: null, after });
    const url = new URL(to, "http://dashboard.test");
    expect(
      screensOf(site).some((screen) => matchPath(screen, url.pathname)),
      `${to} is no screen of ${site}`,
    ).toBe(true);
    const { link } = RECORD_KINDS[kind];
    expect(url.searchParams.get("q")).toBe(link.search ? "Night & Day" : null);
    // The record's page where the site's screen has pages; the screen itself elsewhere.
    const pages = link.page?.pagesOn[site];
    if (link.page) expect(url.pathname.endsWith(`/${after[link.page.field]}`)).toBe(pages !== undefined);
  });

  it("the same link for a deleted record (its fields before), and the screen alone without them", () => {
    expect(recordLink(sites.apkw, { resource: "apps", before: { title: "Chess" }, after: null })).toBe(
      "/apkw/apps?q=Chess",
    );
    expect(recordLink(sites.movies, { resource: "titles", before: null, after: null })).toBe("/movies/list");
    expect(recordLink(sites.movies, { resource: "ads", before: null, after: { page: "player" } })).toBe(
      "/movies/ads/player",
    );
    expect(recordLink(sites.movies, { resource: "ads", before: null, after: { page: "nowhere" } })).toBe(
      "/movies/ads",
    );
    expect(recordLink(sites.sportbn, { resource: "team", before: null, after: { email: "a@b.c" } })).toBe(
      "/settings/team",
    );
  });
});
