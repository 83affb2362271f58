import { RESOURCES, SITES, type Site } from "@backoffice/contracts";
import { describe, expect, it } from "vitest";
import { historyQueryOf, resourceOptions } from "./history-filters";

/** The labels of the kinds of the resources a site has, as the descriptors list them. */
const kindLabelsOn = (site: Site) =>
  Object.values(RESOURCES)
    .filter((resource) => (resource.sites as readonly Site[]).includes(site))
    .flatMap((resource) => Object.values(resource.records).map((kind) => kind.label));

describe("History filters", () => {
  it.each(SITES)("%s: offers the kinds of the resources the site has, in the descriptors' order", (site) => {
    expect(resourceOptions(site).map(([, label]) => label)).toEqual(kindLabelsOn(site));
  });

  it("ends with the account's kinds (profile changes, sign-ins, team changes), on every site", () => {
    const account = Object.values(RESOURCES.account.records).map((kind) => kind.label);
    for (const site of SITES)
      expect(
        resourceOptions(site)
          .map(([, label]) => label)
          .slice(-account.length),
      ).toEqual(account);
  });

  it("offers a kind only where its resource is: a match's servers with the matches", () => {
    const kinds = (site: Site) => resourceOptions(site).map(([kind]) => kind);
    expect(kinds("sportbn")).toEqual(expect.arrayContaining(["matches", "servers"]));
    expect(kinds("apkw")).not.toContain("servers");
    expect(kinds("movies")).not.toContain("emails");
  });

  it("sends only the filters the server accepts, after the page's cursor", () => {
    const url = (values: Record<string, string>) => (key: string) => values[key] ?? "";
    expect(
      historyQueryOf(url({ resource: "ads", admin: " a@b.c ", from: "2026-11-01", to: "2026-11-23" }), {
        after: "120",
      }),
    ).toEqual({ after: "120", resource: "ads", admin: "a@b.c", from: "2026-11-01", to: "2026-11-23" });
    expect(historyQueryOf(url({ resource: "users", from: "yesterday", to: "2026-13-45" }), {})).toEqual({
      signIns: false,
    });
    // Sign-ins are left out unless asked for (or their own kind is chosen).
    expect(historyQueryOf(url({ signIns: "show" }), { before: "0" })).toEqual({ before: "0" });
    expect(historyQueryOf(url({ resource: "session" }), {})).toEqual({ resource: "session" });
  });
});
