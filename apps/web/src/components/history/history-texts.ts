import { type HistoryAction, type HistoryEntry, RECORD_KINDS } from "@backoffice/contracts";
import { SIGN_IN_METHODS, SIGN_IN_REFUSALS } from "@backoffice/contracts/sso-messages";

const VERBS: Record<HistoryAction, string> = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  restore: "Restored",
  import: "Imported",
  refuse: "Refused",
};

type Fields = Record<string, unknown>;

/** The record as it is now, or as it was before it went. */
const fieldsOf = (entry: Pick<HistoryEntry, "before" | "after">): Fields => entry.after ?? entry.before ?? {};

/** "Created ad", "Deleted match", "Signed in"; an app of category games is a game. */
export function actionLabel(entry: Pick<HistoryEntry, "resource" | "action" | "before" | "after">): string {
  if (entry.resource === "session")
    return { delete: "Signed out", refuse: "Sign-in refused" }[entry.action as string] ?? "Signed in";
  // A Team entry (routes/team) of an invitation says so: its row's status is "invited".
  if (entry.resource === "team" && fieldsOf(entry).status === "invited") {
    if (entry.action === "create") return "Invited member";
    if (entry.action === "delete") return "Revoked invitation";
  }
  // The Owner's rule for everyone (routes/auth/second-factor.ts) is a Team entry of no member.
  if (entry.resource === "team" && "required" in fieldsOf(entry)) return "Changed team rule";
  // An import's own entry (its records have theirs): "Imported 1,200 emails: 1,000 created, 200 updated".
  if (entry.action === "import") {
    const { created, updated } = fieldsOf(entry) as { created?: number; updated?: number };
    const count = (created ?? 0) + (updated ?? 0);
    return `Imported ${count.toLocaleString("en-GB")} ${RECORD_KINDS[entry.resource].label.toLowerCase()}: ${(created ?? 0).toLocaleString("en-GB")} created, ${(updated ?? 0).toLocaleString("en-GB")} updated`;
  }
  const noun =
    entry.resource === "apps" && fieldsOf(entry).category === "games"
      ? "game"
      : RECORD_KINDS[entry.resource].noun;
  return `${VERBS[entry.action]} ${noun}`;
}

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/** What the record is called on its screen: a title, "Home vs Away", a name, an address, a subject. */
export function recordLabel(entry: Pick<HistoryEntry, "resource" | "before" | "after" | "recordId">): string {
  // A sign-in's record is a session: the Admin column already says whose.
  if (entry.resource === "session") return "-";
  const fields = fieldsOf(entry);
  // A site has one locker per kind: "Locker (js)".
  if (entry.resource === "locker" && text(fields.type)) return `Locker (${text(fields.type)})`;
  const teams = text(fields.homeName) && text(fields.awayName);
  if (text(fields.title)) return text(fields.title);
  if (teams) return `${text(fields.homeName)} vs ${text(fields.awayName)}`;
  for (const key of ["name", "email", "url", "subject"]) {
    if (text(fields[key])) return text(fields[key]);
  }
  // A sign-in has no fields; a record without a name is known by its id.
  return Object.keys(fields).length > 0 && entry.recordId ? `#${entry.recordId}` : "-";
}

/**
 * A sign-in entry's facts for those who see its details (Owners, the member): how it began (password,
 * passkey or single sign-on) and, for a refusal, why.
 */
export function signInFacts(entry: Pick<HistoryEntry, "resource" | "after">): [string, string][] {
  const fields = entry.resource === "session" ? (entry.after ?? {}) : {};
  const how = SIGN_IN_METHODS[text(fields.signIn)];
  const reason = SIGN_IN_REFUSALS[text(fields.reason)];
  return [
    ...(how ? [["Signed in with", how] as [string, string]] : []),
    ...(reason ? [["Reason", reason] as [string, string]] : []),
  ];
}

/** Fields every write touches or that never change: listing them would hide the real change. */
const NOISE = new Set(["id", "_id", "site", "createdAt", "updatedAt"]);

/** Field names as the dialogs label them; others are split from camelCase ("homeName" → "Home name"). */
const FIELD_LABELS: Record<string, string> = {
  url: "URL",
  head: "Script head",
  body: "Script body",
  isActive: "Active",
  startsAt: "Starts",
  endsAt: "Ends",
  isFirst: "Show first",
  matchId: "Match",
  firstName: "First name",
  passwordHash: "Password",
};

/** What the log writes for a secret (a password hash) instead of its value. */
const SECRET_CHANGED = "(changed)";

export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type FieldChange = { field: string; label: string; before: unknown; after: unknown };

const absent = (value: unknown) => value === null || value === undefined;
const same = (a: unknown, b: unknown) => (absent(a) && absent(b)) || JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields an entry changed, in the record's field order: for an update those that differ, for
 * a create or restore those it set, for a delete those it had. Timestamps and ids are left out.
 */
export function changedFields(entry: Pick<HistoryEntry, "before" | "after">): FieldChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => !NOISE.has(key) && !same(before[key], after[key]))
    .map((key) => {
      // A secret is left out of the log; only its change is noted, so its old value is not "None".
      const secret = after[key] === SECRET_CHANGED && !(key in before);
      return {
        field: key,
        label: fieldLabel(key),
        before: secret ? "(hidden)" : before[key],
        after: after[key],
      };
    });
}

/** "Script head, URL and 2 more": the changed fields named in one line. */
export function changesSummary(changes: readonly FieldChange[], shown = 3): string {
  if (changes.length === 0) return "No field changes";
  const names = changes.slice(0, shown).map((change) => change.label);
  const more = changes.length - names.length;
  return more > 0 ? `${names.join(", ")} and ${more} more` : names.join(", ");
}

/** A field's value as text: "None" for nothing, Yes/No, numbers, and JSON for lists and objects. */
export function valueText(value: unknown): string {
  if (absent(value) || value === "") return "None";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return JSON.stringify(value, null, 2);
}

/** Scripts, messages and structured values read best as preformatted text. */
export function isBlockValue(field: string, value: unknown): boolean {
  if (["head", "body", "message", "content"].includes(field)) return !absent(value) && value !== "";
  const shown = valueText(value);
  return shown.includes("\n") || shown.length > 80;
}
