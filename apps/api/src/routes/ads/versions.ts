import type { Ad, AdVersion, HistoryEntry } from "@backoffice/contracts";

/** An ad's saved fields as the audit log keeps them (camelCase, from `historyRepository`). */
const versionOf = (
  fields: Record<string, unknown>,
  meta: Pick<AdVersion, "_id" | "at" | "admin" | "action">,
): Omit<AdVersion, "version"> => ({
  ...meta,
  page: String(fields.page),
  url: String(fields.url),
  head: (fields.head as string | null) ?? null,
  body: (fields.body as string | null) ?? null,
  isActive: Boolean(fields.isActive),
});

/**
 * An ad's versions, newest first, from its history (oldest first): each create, update and restore
 * saved one. An ad older than the log starts from the fields its first logged change found; an ad
 * never changed since has its current fields as its only version.
 */
export function adVersions(ad: Ad, entries: HistoryEntry[]): AdVersion[] {
  const saved = entries.filter((entry) => entry.action !== "delete" && entry.after);
  const first = entries[0];
  const versions: Omit<AdVersion, "version">[] = [];
  if (first?.before && first.action !== "create") {
    versions.push(
      versionOf(first.before, {
        _id: `${first._id}-before`,
        at: ad.createdAt,
        admin: null,
        action: "create",
      }),
    );
  }
  for (const entry of saved) versions.push(versionOf(entry.after!, entry));
  if (versions.length === 0) {
    versions.push(versionOf(ad, { _id: ad._id, at: ad.updatedAt, admin: null, action: "create" }));
  }
  return versions.map((version, index) => ({ ...version, version: index + 1 })).reverse();
}
