import type { ContactMessage, Site } from "@backoffice/contracts";
import { newId, type Queryable } from "@backoffice/db";
import { newestFirstPage } from "../../lib/inbox-page.ts";
import { iso } from "../../lib/rows.ts";

interface ContactRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  subject: string;
  message: string;
  page: string | null;
  created_at: Date;
}

const toContact = (row: ContactRow): ContactMessage => ({
  _id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  subject: row.subject,
  message: row.message,
  page: row.page,
  createdAt: iso(row.created_at),
});

export type NewContact = Omit<ContactMessage, "_id" | "createdAt">;

export function contactsRepository(db: Queryable, site: Site) {
  return {
    /** Newest first (ids start with their creation time), with the site's total. */
    async page(page: number, limit: number): Promise<{ rows: ContactMessage[]; total: number }> {
      const { rows, total } = await newestFirstPage<ContactRow>(db, "contact_messages", site, page, limit);
      return { rows: rows.map(toContact), total };
    },
    /** Returns once the row is committed. */
    async add(contact: NewContact, at: Date = new Date()): Promise<ContactMessage> {
      const [row] = await db.query<ContactRow>(
        `insert into contact_messages (id, site, email, first_name, last_name, subject, message, page, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`,
        [
          newId(at.getTime()),
          site,
          contact.email,
          contact.firstName,
          contact.lastName,
          contact.subject,
          contact.message,
          contact.page,
          at,
        ],
      );
      return toContact(row!);
    },
    async remove(ids: string[]): Promise<number> {
      const rows = await db.query(
        "delete from contact_messages where site = $1 and id = any($2) returning id",
        [site, ids],
      );
      return rows.length;
    },
  };
}
