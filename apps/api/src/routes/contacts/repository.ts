import type { ContactMessage, Site } from "@backoffice/contracts";
import { newId, type Queryable } from "@backoffice/db";
import { groupCommit } from "../../lib/group-commit.ts";
import { inboxRows } from "../../lib/inbox-page.ts";
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
  // Concurrent messages share one insert (lib/group-commit.ts).
  const addGrouped = groupCommit(async (items: { contact: NewContact; at: Date }[]) => {
    const ids = items.map(({ at }) => newId(at.getTime()));
    const column = <K extends keyof NewContact>(key: K) => items.map(({ contact }) => contact[key]);
    const rows = await db.query<ContactRow>(
      `insert into contact_messages (id, site, email, first_name, last_name, subject, message, page, created_at)
       select id, $1, email, first_name, last_name, subject, message, page, created_at
       from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[])
         as t (id, email, first_name, last_name, subject, message, page, created_at)
       returning *`,
      [
        site,
        ids,
        column("email"),
        column("firstName"),
        column("lastName"),
        column("subject"),
        column("message"),
        column("page"),
        items.map(({ at }) => at),
      ],
    );
    const byId = new Map(rows.map((row) => [row.id, toContact(row)]));
    return ids.map((id) => byId.get(id)!);
  });
  return {
    ...inboxRows(db, "contact_messages", site, toContact),
    /** Returns once the row is committed. */
    add: (contact: NewContact, at: Date = new Date()): Promise<ContactMessage> => addGrouped({ contact, at }),
  };
}
