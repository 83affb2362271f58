import { describe, expect, it } from "vitest";
import {
  actionLabel,
  changedFields,
  changesSummary,
  fieldLabel,
  isBlockValue,
  recordLabel,
  signInFacts,
  valueText,
} from "./history-texts";

const entry = (resource: string, action: string, before: object | null, after: object | null) =>
  ({ resource, action, before, after, recordId: "7" }) as never;

describe("history texts", () => {
  it("names the action with the record's kind; sign-ins are Signed in", () => {
    expect(actionLabel(entry("ads", "create", null, { url: "u" }))).toBe("Created ad");
    expect(actionLabel(entry("locker", "update", {}, {}))).toBe("Updated locker");
    expect(actionLabel(entry("matches", "delete", {}, null))).toBe("Deleted match");
    expect(actionLabel(entry("emails", "restore", null, {}))).toBe("Restored email");
    expect(actionLabel(entry("apps", "update", {}, { category: "games" }))).toBe("Updated game");
    expect(actionLabel(entry("session", "create", null, null))).toBe("Signed in");
    expect(
      actionLabel(entry("emails", "import", null, { name: "list.csv", created: 1000, updated: 200 })),
    ).toBe("Imported 1,200 emails: 1,000 created, 200 updated");
    expect(recordLabel(entry("emails", "import", null, { name: "list.csv", created: 1, updated: 0 }))).toBe(
      "list.csv",
    );
    expect(actionLabel(entry("session", "refuse", null, null))).toBe("Sign-in refused");
    expect(actionLabel(entry("team", "create", null, { email: "a@b.c", status: "invited" }))).toBe(
      "Invited member",
    );
    expect(actionLabel(entry("team", "delete", { email: "a@b.c", status: "invited" }, null))).toBe(
      "Revoked invitation",
    );
    expect(
      actionLabel(
        entry("team", "update", { name: "Second factor for everyone", required: false }, { required: true }),
      ),
    ).toBe("Changed team rule");
    expect(actionLabel(entry("team", "delete", { email: "a@b.c", status: "active" }, null))).toBe(
      "Deleted member",
    );
  });

  it("labels the record from its fields as they are now, or were before a delete", () => {
    expect(recordLabel(entry("apps", "update", { title: "Old" }, { title: "New" }))).toBe("New");
    expect(recordLabel(entry("matches", "delete", { homeName: "Ajax", awayName: "PSV" }, null))).toBe(
      "Ajax vs PSV",
    );
    expect(recordLabel(entry("servers", "create", null, { name: "S1", url: "https://s" }))).toBe("S1");
    expect(recordLabel(entry("emails", "create", null, { email: "a@b.c", url: "https://p" }))).toBe("a@b.c");
    expect(recordLabel(entry("ads", "update", null, { page: "home", url: "https://ad" }))).toBe("https://ad");
    expect(recordLabel(entry("locker", "update", {}, { type: "js", seconds: 5 }))).toBe("Locker (js)");
    expect(recordLabel(entry("servers", "update", {}, { matchId: "3" }))).toBe("#7");
    expect(recordLabel(entry("session", "create", null, { userId: "u1", expiresAt: "t" }))).toBe("-");
  });

  it("says how a sign-in began and why a refused one was refused, when its details are there", () => {
    expect(signInFacts(entry("session", "create", null, { signIn: "sso", userAgent: "x" }))).toEqual([
      ["Signed in with", "Single sign-on"],
    ]);
    expect(signInFacts(entry("session", "refuse", null, { signIn: "sso", reason: "not-member" }))).toEqual([
      ["Signed in with", "Single sign-on"],
      ["Reason", "The identity is not a member of the team."],
    ]);
    // Another member reads a sign-in without its fields; other kinds have no sign-in facts.
    expect(signInFacts(entry("session", "refuse", null, null))).toEqual([]);
    expect(signInFacts(entry("ads", "create", null, { signIn: "sso" }))).toEqual([]);
  });

  it("lists the changed fields without timestamps and ids; null and missing are the same", () => {
    const changes = changedFields({
      before: { id: "1", url: "a", head: null, isActive: true, updatedAt: "x", tags: ["a"] },
      after: { id: "1", url: "b", isActive: true, updatedAt: "y", tags: ["a"], body: "<p>" },
    });
    expect(changes.map((c) => [c.label, c.before, c.after])).toEqual([
      ["URL", "a", "b"],
      ["Script body", undefined, "<p>"],
    ]);
    expect(changedFields({ before: null, after: { email: "a@b.c", createdAt: "t" } })).toHaveLength(1);
    expect(changesSummary(changes)).toBe("URL, Script body");
    expect(changesSummary([...changes, ...changes], 3)).toBe("URL, Script body, URL and 1 more");
    expect(changesSummary([])).toBe("No field changes");
    // A password change is noted, never shown.
    expect(
      changedFields({
        before: { email: "a@b.c", role: "admin" },
        after: { email: "a@b.c", role: "admin", passwordHash: "(changed)" },
      }),
    ).toEqual([{ field: "passwordHash", label: "Password", before: "(hidden)", after: "(changed)" }]);
  });

  it("shows values as text; scripts and long text as blocks", () => {
    expect([null, "", true, false, 3, "x", ["a"]].map(valueText)).toEqual([
      "None",
      "None",
      "Yes",
      "No",
      "3",
      "x",
      '[\n  "a"\n]',
    ]);
    expect(isBlockValue("head", "<script>")).toBe(true);
    expect(isBlockValue("head", null)).toBe(false);
    expect(isBlockValue("title", "short")).toBe(false);
    expect(fieldLabel("homeName")).toBe("Home name");
    expect(fieldLabel("league_logo")).toBe("League logo");
  });
});
