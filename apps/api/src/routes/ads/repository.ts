import type { Ad, CreateAdBody, Site, UpdateAdBody } from "@backoffice/contracts";
import { newId, type Queryable, type SentVersion, versionCondition } from "@backoffice/db";
import { iso, setClause } from "../../lib/rows.ts";
import { windowChecked, windowColumns, windowOf } from "../../lib/windows.ts";

interface AdRow {
  id: string;
  page: string;
  url: string;
  head: string | null;
  body: string | null;
  is_active: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
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
  ...windowOf(row),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

export function adsRepository(db: Queryable, site: Site) {
  return {
    /** `switchedOn`: only the ads switched on (the public read then keeps those within their window). */
    async list(filter: { page?: string; switchedOn?: boolean } = {}): Promise<Ad[]> {
      const rows = await db.query<AdRow>(
        `select * from ads where site = $1 and ($2::text is null or page = $2) and (not $3 or is_active)
         order by id desc`,
        [site, filter.page ?? null, filter.switchedOn ?? false],
      );
      return rows.map(toAd);
    },
    async get(id: string): Promise<Ad | undefined> {
      const [row] = await db.query<AdRow>("select * from ads where site = $1 and id = $2", [site, id]);
      return row && toAd(row);
    },
    async create(input: CreateAdBody): Promise<Ad> {
      const [row] = await windowChecked(
        db.query<AdRow>(
          `insert into ads (id, site, page, url, head, body, is_active, starts_at, ends_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`,
          [
            newId(),
            site,
            input.page,
            input.url,
            input.head ?? null,
            input.body ?? null,
            input.isActive,
            input.startsAt ?? null,
            input.endsAt ?? null,
          ],
        ),
      );
      return toAd(row!);
    },
    /** Undefined when no row matched: no such ad, or its version is no longer `version` (when given). */
    async update(id: string, patch: UpdateAdBody, version?: SentVersion): Promise<Ad | undefined> {
      const set = setClause(
        {
          page: patch.page,
          url: patch.url,
          head: patch.head,
          body: patch.body,
          is_active: patch.isActive,
          ...windowColumns(patch),
        },
        3,
      );
      const check = versionCondition(version, 3 + set.values.length);
      const [row] = await windowChecked(
        db.query<AdRow>(
          `update ads set ${set.sql ? `${set.sql}, ` : ""}updated_at = now()
           where site = $1 and id = $2${check.sql} returning *`,
          [site, id, ...set.values, ...check.values],
        ),
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
