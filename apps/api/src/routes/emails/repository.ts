import type { EmailSubscription, Site } from "@backoffice/contracts";
import { newId, type Queryable } from "@backoffice/db";
import { groupCommit } from "../../lib/group-commit.ts";
import { inboxTotal, newestFirstBatches, newestFirstPage } from "../../lib/inbox-page.ts";
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
    /** Newest first (ids start with their creation time), with the site's total. */
    async page(page: number, limit: number): Promise<{ rows: EmailSubscription[]; total: number }> {
      const { rows, total } = await newestFirstPage<EmailRow>(db, "email_subscriptions", site, page, limit);
      return { rows: rows.map(toEmail), total };
    },
    /** One row per site and address: true when this call stored a new row (once committed). */
    subscribe: (email: string, url: string | null): Promise<boolean> => subscribeGrouped({ email, url }),
    total: () => inboxTotal(db, "email_subscriptions", site),
    /** Every row, or the given ids, newest first, a batch at a time (exports). */
    async *batches(ids?: readonly string[]) {
      for await (const rows of newestFirstBatches<EmailRow>(db, "email_subscriptions", site, ids))
        yield rows.map(toEmail);
    },
    async remove(ids: string[]): Promise<number> {
      const rows = await db.query(
        "delete from email_subscriptions where site = $1 and id = any($2) returning id",
        [site, ids],
      );
      return rows.length;
    },
  };
}
