import type { Locker, Site } from "@backoffice/contracts";
import { newId, type Queryable, type SentVersion, versionCondition } from "@backoffice/db";
import { iso, setClause } from "../../lib/rows.ts";

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
      },
      version?: SentVersion,
    ) {
      const set = setClause({ type: input.type, seconds: input.seconds, is_active: input.isActive }, 3);
      const check = versionCondition(version, 3 + set.values.length);
      const [row] = await db.query<LockerRow>(
        `update lockers set ${set.sql ? `${set.sql}, ` : ""}updated_at = now()
         where site = $1 and id = $2${check.sql} returning *`,
        [site, id, ...set.values, ...check.values],
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
