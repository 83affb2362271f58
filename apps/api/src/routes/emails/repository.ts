import type { EmailSubscription, Site } from "@backoffice/contracts";
import { newId, type Queryable } from "@backoffice/db";
import { groupCommit } from "../../lib/group-commit.ts";
import { inboxRows } from "../../lib/inbox-page.ts";
import { iso } from "../../lib/rows.ts";

interface EmailRow {
  id: string;
  email: string;
  url: string | null;
  created_at: Date;
}

const toEmail = (row: EmailRow): EmailSubscription => ({
  _id: row.id,
  email: row.email,
  url: row.url,
  createdAt: iso(row.created_at),
});

export function emailsRepository(db: Queryable, site: Site) {
  // Concurrent subscriptions share one insert (lib/group-commit.ts); a repeated address stays one row.
  const subscribeGrouped = groupCommit(async (items: { email: string; url: string | null }[]) => {
    const ids = items.map(() => newId());
    const stored = await db.query<{ id: string }>(
      `insert into email_subscriptions (id, site, email, url)
       select id, $1, email, url from unnest($2::text[], $3::text[], $4::text[]) as t (id, email, url)
       on conflict (site, lower(email)) do nothing returning id`,
      [site, ids, items.map((item) => item.email), items.map((item) => item.url)],
    );
    const created = new Set(stored.map((row) => row.id));
    return ids.map((id) => created.has(id));
  });
  return {
    ...inboxRows(db, "email_subscriptions", site, toEmail),
    /** One row per site and address: true when this call stored a new row (once committed). */
    subscribe: (email: string, url: string | null): Promise<boolean> => subscribeGrouped({ email, url }),
  };
}
