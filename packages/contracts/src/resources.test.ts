import { describe, expect, it } from "vitest";
import {
  HISTORY_RESOURCES,
  kindsOn,
  RECORD_KINDS,
  SITE_RESOURCES,
  siteHas,
  TRASH_RESOURCES,
  type TrashResource,
} from "./resources.ts";

// Invariants of the tables derived from RESOURCES. No test pins a site's whole list: the sidebar's,
// History's and the Trash's tests derive theirs from the descriptors, so a new resource edits none.
describe("the tables derived from RESOURCES", () => {
  it("which site has which resource", () => {
    expect(SITE_RESOURCES.matches).toEqual(["sportbn"]);
    expect(siteHas("movies", "catalog")).toBe(true);
    expect(siteHas("apkw", "locker")).toBe(false);
    // The account (profile, sign-ins), History and the Trash are on every site.
    for (const site of ["apkw", "sportbn", "movies"] as const) {
      expect(siteHas(site, "account") && siteHas(site, "history")).toBe(true);
    }
  });

  it("the Trash's kinds are History's kinds with trash facts, in History's order", () => {
    expect(TRASH_RESOURCES).toEqual(HISTORY_RESOURCES.filter((kind) => RECORD_KINDS[kind].trash));
    expect(TRASH_RESOURCES).not.toContain("locker");
    // Account events come after the sites' own kinds in History's filter.
    expect(HISTORY_RESOURCES.slice(-3)).toEqual(["profile", "session", "team"]);
  });

  it("each kind belongs to a resource, and shows on that resource's sites", () => {
    expect(RECORD_KINDS.servers).toMatchObject({ name: "servers", resource: "matches", label: "Servers" });
    expect(kindsOn("sportbn", TRASH_RESOURCES)).toEqual(expect.arrayContaining(["matches", "servers"]));
    expect(kindsOn("apkw", TRASH_RESOURCES)).not.toContain("servers");
  });

  it("names a trashed row as its screen does", () => {
    const name = (kind: TrashResource, row: Record<string, unknown>) =>
      RECORD_KINDS[kind].trash?.recordName(row);
    expect(name("contacts", { subject: "Hi", email: "a@b.c" })).toBe("Hi · a@b.c");
    expect(name("contacts", { subject: "", email: "a@b.c" })).toBe("a@b.c");
    expect(name("matches", { home_name: "A", away_name: "B" })).toBe("A vs B");
    expect(name("titles", { title: 3 })).toBe("");
  });
});
