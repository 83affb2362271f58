import type { ContactMessage, ContactReply, Site } from "@backoffice/contracts";
import { type AuditContext, newId, type Queryable } from "@backoffice/db";
import { groupCommit } from "../../lib/group-commit.ts";
import { idAt, inboxRows } from "../../lib/inbox-page.ts";
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
  read_at: Date | null;
  answered_at: Date | null;
}

interface ReplyRow {
  id: string;
  message_id: string;
  from_address: string;
  to_address: string;
  subject: string;
  message: string;
  sent_by: string | null;
  sent_at: Date;
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
  readAt: row.read_at ? iso(row.read_at) : null,
  answeredAt: row.answered_at ? iso(row.answered_at) : null,
});

const toReply = (row: ReplyRow): ContactReply => ({
  _id: row.id,
  messageId: row.message_id,
  from: row.from_address,
  to: row.to_address,
  subject: row.subject,
  message: row.message,
  sentBy: row.sent_by,
  sentAt: iso(row.sent_at),
});

export type NewContact = Omit<ContactMessage, "_id" | "createdAt" | "readAt" | "answeredAt">;

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
    async find(id: string): Promise<ContactMessage | undefined> {
      const [row] = await db.query<ContactRow>("select * from contact_messages where site = $1 and id = $2", [
        site,
        id,
      ]);
      return row && toContact(row);
    },
    /** The replies sent to a message, oldest first. */
    async replies(id: string): Promise<ContactReply[]> {
      const rows = await db.query<ReplyRow>(
        "select * from contact_replies where site = $1 and message_id = $2 order by id",
        [site, id],
      );
      return rows.map(toReply);
    },
    /** Read keeps the first time it was opened; unread clears it. */
    async markRead(id: string, read: boolean): Promise<ContactMessage | undefined> {
      const [row] = await db.query<ContactRow>(
        `update contact_messages set read_at = ${read ? "coalesce(read_at, now())" : "null"}
         where site = $1 and id = $2 returning *`,
        [site, id],
      );
      return row && toContact(row);
    },
    /**
     * Marks by hand (docs/PRODUCT-RULES.md#contacts-get-answered): read (keeps the first time) or
     * unread, answered (now, unless it was; read too unless `read` is false) or not. Each message
     * whose marks change is one History entry ("Updated contact message", the row before and after),
     * written by this statement: the table has no update trigger, as opening a message (`markRead`)
     * is not logged. Answers the messages found, newest first.
     */
    async mark(
      ids: string[],
      marks: { read?: boolean | undefined; answered?: boolean | undefined },
      by: AuditContext,
    ): Promise<ContactMessage[]> {
      const rows = await db.query<ContactRow>(
        `with old as (
           select * from contact_messages where site = $1 and id = any($2::char(24)[]) for update
         ), changed as (
           update contact_messages m set
             read_at = case when $3::boolean is false then null
               when $3::boolean or $4::boolean then coalesce(m.read_at, now()) else m.read_at end,
             answered_at = case when $4::boolean is false then null
               when $4::boolean then coalesce(m.answered_at, now()) else m.answered_at end
           from old where m.site = old.site and m.id = old.id
           returning m.*
         ), logged as (
           insert into audit_log (batch, actor_id, actor_email, address, site, resource, record_id, action, before, after)
           select $5::uuid, $6, $7, $8, $1, 'contacts', c.id, 'update', to_jsonb(o), to_jsonb(c)
           from changed c join old o on o.id = c.id
           where o.read_at is distinct from c.read_at or o.answered_at is distinct from c.answered_at
         )
         select * from changed order by id desc`,
        [
          site,
          ids,
          marks.read ?? null,
          marks.answered ?? null,
          by.batch,
          by.actorId,
          by.actorEmail,
          by.address,
        ],
      );
      return rows.map(toContact);
    },
    /** Records that the member opened the inbox now (migration 0024); answers that moment. */
    async markSeen(userId: string): Promise<string> {
      const [row] = await db.query<{ seen_at: Date }>(
        `insert into member_inbox_seen (user_id, site, seen_at) values ($1, $2, now())
         on conflict (user_id, site) do update set seen_at = excluded.seen_at returning seen_at`,
        [userId, site],
      );
      return iso(row!.seen_at);
    },
    /**
     * The messages received since the member last opened the inbox (all of them before the first
     * time), counted up to `cap` + 1. The ids start with their creation second, so the count reads
     * the (site, id) index from that second on and never more than `cap` + 1 rows.
     */
    async newSince(userId: string, cap: number): Promise<{ count: number; seenAt: string | null }> {
      const [seen] = await db.query<{ seen_at: Date }>(
        "select seen_at from member_inbox_seen where user_id = $1 and site = $2",
        [userId, site],
      );
      const since = seen?.seen_at ?? new Date(0);
      const [row] = await db.query<{ n: number }>(
        `select count(*)::int as n from (select 1 from contact_messages
           where site = $1 and id >= $2::char(24) and created_at > $3 limit ${cap + 1}) fresh`,
        [site, idAt(Math.floor(since.getTime() / 1000)), since],
      );
      return { count: row?.n ?? 0, seenAt: seen ? iso(seen.seen_at) : null };
    },
    /** Keeps a reply that went out; the message becomes read and answered. */
    async addReply(reply: Omit<ContactReply, "_id" | "sentAt">): Promise<ContactReply> {
      // One statement: the reply and the message's marks are kept together or not at all.
      const [row] = await db.query<ReplyRow>(
        `with sent as (
           insert into contact_replies (id, site, message_id, from_address, to_address, subject, message, sent_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8) returning *
         ), marked as (
           update contact_messages m set answered_at = sent.sent_at, read_at = coalesce(m.read_at, sent.sent_at)
           from sent where m.site = sent.site and m.id = sent.message_id
         )
         select * from sent`,
        [newId(), site, reply.messageId, reply.from, reply.to, reply.subject, reply.message, reply.sentBy],
      );
      return toReply(row!);
    },
  };
}
