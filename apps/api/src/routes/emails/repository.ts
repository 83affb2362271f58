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
  const subscribeGrouped = groupCommit(async (items: { email: string; url: string | null; at: Date }[]) => {
    // An id starts with its creation second (inbox pages and date ranges read ids).
    const ids = items.map(({ at }) => newId(at.getTime()));
    const stored = await db.query<{ id: string }>(
      `insert into email_subscriptions (id, site, email, url, created_at)
       select id, $1, email, url, created_at
       from unnest($2::text[], $3::text[], $4::text[], $5::timestamptz[]) as t (id, email, url, created_at)
       on conflict (site, lower(email)) do nothing returning id`,
      [
        site,
        ids,
        items.map((item) => item.email),
        items.map((item) => item.url),
        items.map((item) => item.at),
      ],
    );
    const created = new Set(stored.map((row) => row.id));
    return ids.map((id) => created.has(id));
  });
  return {
    ...inboxRows(db, "email_subscriptions", site, toEmail),
    /**
     * One row per site and address: true when this call stored a new row (once committed). `at` is
     * now but for the demo's past intake (seed/demo.ts).
     */
    subscribe: (email: string, url: string | null, at: Date = new Date()): Promise<boolean> =>
      subscribeGrouped({ email, url, at }),
  };
}
