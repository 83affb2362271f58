import type { Locker, Site } from "@backoffice/contracts";
import { newId, type Queryable, type SentVersion, versionCondition } from "@backoffice/db";
import { iso, setClause } from "../../lib/rows.ts";
import { windowChecked, windowColumns, windowOf } from "../../lib/windows.ts";

/** A locker's window in a save or an update: a field left out keeps the stored one. */
type WindowInput = { startsAt?: string | null | undefined; endsAt?: string | null | undefined };

interface LockerRow {
  id: string;
  site: string;
  type: "js" | "api";
  seconds: number;
  is_active: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const toLocker = (row: LockerRow): Locker => ({
  _id: row.id,
  site: row.site,
  type: row.type,
  seconds: row.seconds,
  isActive: row.is_active,
  ...windowOf(row),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

export function lockersRepository(db: Queryable, site: Site) {
  return {
    async find(): Promise<Locker | undefined> {
      const [row] = await db.query<LockerRow>("select * from lockers where site = $1", [site]);
      return row && toLocker(row);
    },
    /**
     * Changes the fields given, keeping the others, in one statement.
     * Undefined when no row matched: no such locker, or its version is no longer `version` (when given).
     */
    async update(
      id: string,
      input: {
        type?: "js" | "api" | undefined;
        seconds?: number | undefined;
        isActive?: boolean | undefined;
      } & WindowInput,
      version?: SentVersion,
    ) {
      const set = setClause(
        { type: input.type, seconds: input.seconds, is_active: input.isActive, ...windowColumns(input) },
        3,
      );
      const check = versionCondition(version, 3 + set.values.length);
      const [row] = await windowChecked(
        db.query<LockerRow>(
          `update lockers set ${set.sql ? `${set.sql}, ` : ""}updated_at = now()
           where site = $1 and id = $2${check.sql} returning *`,
          [site, id, ...set.values, ...check.values],
        ),
      );
      return row && toLocker(row);
    },
    /**
     * Creates the site's locker, or updates it when one exists (one per site). A window end left out
     * keeps the stored one (the older client sends no window).
     */
    async upsert(input: { type: "js" | "api"; seconds: number; isActive: boolean } & WindowInput) {
      const [row] = await windowChecked(
        db.query<LockerRow & { created: boolean }>(
          `insert into lockers (id, site, type, seconds, is_active, starts_at, ends_at)
           values ($1, $2, $3, $4, $5, $6, $7)
           on conflict (site) do update set type = excluded.type, seconds = excluded.seconds,
             is_active = excluded.is_active,
             starts_at = case when $8 then excluded.starts_at else lockers.starts_at end,
             ends_at = case when $9 then excluded.ends_at else lockers.ends_at end,
             updated_at = now()
           returning *, (xmax = 0) as created`,
          [
            newId(),
            site,
            input.type,
            input.seconds,
            input.isActive,
            input.startsAt ?? null,
            input.endsAt ?? null,
            input.startsAt !== undefined,
            input.endsAt !== undefined,
          ],
        ),
      );
      return { locker: toLocker(row!), created: row!.created };
    },
  };
}
