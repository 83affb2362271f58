import { RESOURCES, SITES, type Site } from "@backoffice/contracts";
import { describe, expect, it } from "vitest";
import { kindLabel, trashMessages, trashResourcesOf } from "./trash-texts";

/** The kinds with trash facts of the resources a site has, as the descriptors list them. */
const trashKindsOn = (site: Site) =>
  Object.values(RESOURCES)
    .filter((resource) => (resource.sites as readonly Site[]).includes(site))
    .flatMap((resource) =>
      Object.entries(resource.records as Record<string, { trash?: unknown }>)
        .filter(([, kind]) => kind.trash)
        .map(([name]) => name),
    );

describe("the trash's texts and kinds", () => {
  it.each(SITES)("%s: filters by the kinds with a trash of the resources it has, in their order", (site) => {
    expect(trashResourcesOf(site)).toEqual(trashKindsOn(site));
  });

  it("a match's servers are with its matches; kinds whose deletes are final are not there", () => {
    expect(trashResourcesOf("sportbn")).toEqual(expect.arrayContaining(["matches", "servers"]));
    expect(trashResourcesOf("apkw")).not.toContain("servers");
    for (const site of SITES) expect(trashResourcesOf(site)).not.toContain("locker");
    expect(kindLabel("contacts")).toBe("Contact message");
  });

  it("names what it deletes forever, in the singular for one", () => {
    expect(trashMessages.confirmPurge([{ label: "Spotify" }])).toBe('Delete "Spotify" forever?');
    expect(trashMessages.confirmPurge([{ label: "a" }, { label: "b" }])).toBe("Delete 2 items forever?");
    expect(trashMessages.count(1)).toBe("1 item");
  });

  it("a restore names what came back, the first three of a long selection", () => {
    const labels = (...names: string[]) => names.map((label) => ({ label }));
    expect(trashMessages.restoredItems(labels("a", "b"), 0)).toBe('"a" and "b" are back where they were.');
    expect(trashMessages.restoredItems(labels("a", "b", "c", "d", "e"), 0)).toBe(
      '"a", "b", "c" and 2 more are back where they were.',
    );
  });
});
