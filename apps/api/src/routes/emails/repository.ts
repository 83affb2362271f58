import type { EmailSubscription, Site } from "@backoffice/contracts";
import { newId, type Queryable } from "@backoffice/db";
import { newestFirstPage } from "../../lib/inbox-page.ts";
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
  return {
    /** Newest first (ids start with their creation time), with the site's total. */
    async page(page: number, limit: number): Promise<{ rows: EmailSubscription[]; total: number }> {
      const { rows, total } = await newestFirstPage<EmailRow>(db, "email_subscriptions", site, page, limit);
      return { rows: rows.map(toEmail), total };
    },
    /** One row per site and address: true when this call stored a new row. */
    async subscribe(email: string, url: string | null): Promise<boolean> {
      const rows = await db.query(
        `insert into email_subscriptions (id, site, email, url) values ($1, $2, $3, $4)
         on conflict (site, lower(email)) do nothing returning id`,
        [newId(), site, email, url],
      );
      return rows.length > 0;
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
