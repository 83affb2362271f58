import type { Ad, CreateAdBody, EmailSubscription, Locker, Site, UpdateAdBody } from "@backoffice/contracts";
import { newId, type Queryable } from "@backoffice/db";
import { iso, setClause } from "../lib/rows.ts";

interface AdRow {
  id: string;
  page: string;
  url: string;
  head: string | null;
  body: string | null;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

const toAd = (row: AdRow): Ad => ({
  _id: row.id,
  page: row.page,
  url: row.url,
  head: row.head,
  body: row.body,
  isActive: row.is_active,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

export function adsRepository(db: Queryable, site: Site) {
  return {
    async list(filter: { page?: string; activeOnly?: boolean } = {}): Promise<Ad[]> {
      const rows = await db.query<AdRow>(
        `select * from ads where site = $1 and ($2::text is null or page = $2) and (not $3 or is_active)
         order by id desc`,
        [site, filter.page ?? null, filter.activeOnly ?? false],
      );
      return rows.map(toAd);
    },
    async create(input: CreateAdBody): Promise<Ad> {
      const [row] = await db.query<AdRow>(
        `insert into ads (id, site, page, url, head, body, is_active) values ($1, $2, $3, $4, $5, $6, $7) returning *`,
        [newId(), site, input.page, input.url, input.head ?? null, input.body ?? null, input.isActive],
      );
      return toAd(row!);
    },
    async update(id: string, patch: UpdateAdBody): Promise<Ad | undefined> {
      const set = setClause(
        { page: patch.page, url: patch.url, head: patch.head, body: patch.body, is_active: patch.isActive },
        3,
      );
      const [row] = await db.query<AdRow>(
        `update ads set ${set.sql ? `${set.sql}, ` : ""}updated_at = now() where site = $1 and id = $2 returning *`,
        [site, id, ...set.values],
      );
      return row && toAd(row);
    },
    async remove(id: string): Promise<boolean> {
      return (
        (await db.query("delete from ads where site = $1 and id = $2 returning id", [site, id])).length > 0
      );
    },
  };
}

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
    async page(page: number, limit: number): Promise<{ rows: EmailSubscription[]; total: number }> {
      const [count] = await db.query<{ total: number }>(
        "select count(*)::int as total from email_subscriptions where site = $1",
        [site],
      );
      const rows = await db.query<EmailRow>(
        "select * from email_subscriptions where site = $1 order by id desc limit $2 offset $3",
        [site, limit, (page - 1) * limit],
      );
      return { rows: rows.map(toEmail), total: count!.total };
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

interface LockerRow {
  id: string;
  site: string;
  type: "js" | "api";
  seconds: number;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

const toLocker = (row: LockerRow): Locker => ({
  _id: row.id,
  site: row.site,
  type: row.type,
  seconds: row.seconds,
  isActive: row.is_active,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

export function lockersRepository(db: Queryable, site: Site) {
  return {
    async find(): Promise<Locker | undefined> {
      const [row] = await db.query<LockerRow>("select * from lockers where site = $1", [site]);
      return row && toLocker(row);
    },
    async update(id: string, input: { type: "js" | "api"; seconds: number; isActive: boolean }) {
      const [row] = await db.query<LockerRow>(
        `update lockers set type = $3, seconds = $4, is_active = $5, updated_at = now()
         where site = $1 and id = $2 returning *`,
        [site, id, input.type, input.seconds, input.isActive],
      );
      return row && toLocker(row);
    },
    /** Creates the site's locker, or updates it when one exists (one per site). */
    async upsert(input: { type: "js" | "api"; seconds: number; isActive: boolean }) {
      const [row] = await db.query<LockerRow & { created: boolean }>(
        `insert into lockers (id, site, type, seconds, is_active) values ($1, $2, $3, $4, $5)
         on conflict (site) do update set type = excluded.type, seconds = excluded.seconds,
           is_active = excluded.is_active, updated_at = now()
         returning *, (xmax = 0) as created`,
        [newId(), site, input.type, input.seconds, input.isActive],
      );
      return { locker: toLocker(row!), created: row!.created };
    },
  };
}
