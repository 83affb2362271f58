import { describe, expect, it } from "vitest";
import { trashMessages, trashResourcesOf } from "./trash-texts";

describe("the trash's texts and kinds", () => {
  it("each site filters by the kinds it has, a match's servers with its matches", () => {
    expect(trashResourcesOf("apkw")).toEqual(["apps", "ads", "emails"]);
    expect(trashResourcesOf("sportbn")).toEqual(["ads", "emails", "matches", "servers"]);
    expect(trashResourcesOf("movies")).toEqual(["ads", "contacts", "titles"]);
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
