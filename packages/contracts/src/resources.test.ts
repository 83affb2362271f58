import { describe, expect, it } from "vitest";
import {
  HISTORY_RESOURCES,
  kindsOn,
  RECORD_KINDS,
  SITE_RESOURCES,
  siteHas,
  TRASH_RESOURCES,
} from "./resources.ts";

describe("the tables derived from RESOURCES", () => {
  it("which site has which resource", () => {
    expect(SITE_RESOURCES).toEqual({
      apps: ["apkw"],
      ads: ["apkw", "sportbn", "movies"],
      emails: ["apkw", "sportbn"],
      contacts: ["movies"],
      locker: ["sportbn", "movies"],
      matches: ["sportbn"],
      catalog: ["movies"],
      history: ["apkw", "sportbn", "movies"],
      account: ["apkw", "sportbn", "movies"],
    });
    expect(siteHas("movies", "catalog")).toBe(true);
    expect(siteHas("apkw", "locker")).toBe(false);
  });

  it("History's and the Trash's kinds, in the order their filters and error messages list them", () => {
    expect(HISTORY_RESOURCES).toEqual([
      "apps",
      "ads",
      "emails",
      "contacts",
      "locker",
      "matches",
      "servers",
      "titles",
      "profile",
      "session",
    ]);
    expect(TRASH_RESOURCES).toEqual(["apps", "ads", "emails", "contacts", "matches", "servers", "titles"]);
  });

  it("each kind belongs to a resource; account kinds are on every site", () => {
    expect(RECORD_KINDS.servers).toMatchObject({ name: "servers", resource: "matches", label: "Servers" });
    expect(kindsOn("sportbn", TRASH_RESOURCES)).toEqual(["ads", "emails", "matches", "servers"]);
    expect(kindsOn("apkw", HISTORY_RESOURCES)).toEqual(["apps", "ads", "emails", "profile", "session"]);
  });

  it("names a trashed row as its screen does", () => {
    const name = (kind: (typeof TRASH_RESOURCES)[number], row: Record<string, unknown>) =>
      RECORD_KINDS[kind].trash?.recordName(row);
    expect(name("contacts", { subject: "Hi", email: "a@b.c" })).toBe("Hi · a@b.c");
    expect(name("contacts", { subject: "", email: "a@b.c" })).toBe("a@b.c");
    expect(name("matches", { home_name: "A", away_name: "B" })).toBe("A vs B");
    expect(name("titles", { title: 3 })).toBe("");
  });
});
