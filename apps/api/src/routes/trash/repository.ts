import {
  type Site,
  TRASH_DAYS,
  type TrashItem,
  type TrashResource,
  trashFactsOf,
} from "@backoffice/contracts";
import type { Queryable } from "@backoffice/db";
import { type Cursor, iso, keysetPage } from "../../lib/rows.ts";
import { outsideChanges } from "../history/repository.ts";

/** Puts back records another service keeps (titles); answers the ids that came back. */
export type OutsideRestore = (records: Record<string, unknown>[]) => Promise<string[]>;

interface TrashRow {
  id: string;
  resource: TrashResource;
  record_id: string;
  row: Record<string, unknown>;
  deleted_at: Date;
  deleted_by: string | null;
}

const DAY_MS = 86_400_000;

const toItem = (row: TrashRow): TrashItem => ({
  _id: row.id,
  resource: row.resource,
  recordId: row.record_id,
  label: trashFactsOf(row.resource).recordName(row.row),
  deletedAt: iso(row.deleted_at),
  deletedBy: row.deleted_by,
  expiresAt: iso(new Date(new Date(row.deleted_at).getTime() + TRASH_DAYS * DAY_MS)),
});

/** Told the rows of the trash deleted for good (the media library deletes their images' files). */
export type OnPurged = (rows: { resource: TrashResource; row: Record<string, unknown> }[]) => Promise<void>;

/** Deletes what has been in the trash longer than it is kept, on every site. */
export async function purgeExpiredTrash(db: Queryable, onPurged?: OnPurged): Promise<number> {
  const rows = await db.query<{ resource: TrashResource; row: Record<string, unknown> }>(
    `delete from trash where deleted_at < now() - make_interval(days => $1) returning resource, row`,
    [TRASH_DAYS],
  );
  await onPurged?.(rows);
  return rows.length;
}

/**
 * A site's trash: the rows its admins deleted, written by the triggers of migration 0007 in the
 * delete's own transaction. Restoring puts them back with their ids (`restore_trash`).
 */
export function trashRepository(db: Queryable, site: Site, onPurged?: OnPurged) {
  const titles = outsideChanges(db, site, "titles");

  /** Titles go back through the content service; the trash keeps what it could not take. */
  async function restoreOutside(selection: string, values: unknown[], outside: OutsideRestore | undefined) {
    // Only a site with titles has a way to put them back, and only its trash can hold them.
    if (!outside) return { restored: 0, skipped: 0 };
    const items = await db.query<{ id: string; record_id: string; row: Record<string, unknown> }>(
      `select id::text as id, record_id, row from trash where site = $1 and ${selection} and resource = 'titles'`,
      [site, ...values],
    );
    if (items.length === 0) return { restored: 0, skipped: 0 };
    const back = new Set(await outside(items.map((item) => item.row)));
    const restored = items.filter((item) => back.has(item.record_id));
    await db.query("delete from trash where id = any($1::bigint[])", [restored.map((item) => item.id)]);
    await titles.log(
      "restore",
      restored.map((item) => ({ id: item.record_id, before: null, after: item.row })),
    );
    return { restored: restored.length, skipped: items.length - restored.length };
  }

  /** Restores the site's items that `selection` picks; how many came back, how many could not. */
  async function restore(selection: string, values: unknown[], outside: OutsideRestore | undefined) {
    const elsewhere = await restoreOutside(selection, values, outside);
    const [result] = await db.query<{ restored: string[]; found: number }>(
      `with chosen as (select id from trash where site = $1 and ${selection} and resource <> 'titles')
       select restore_trash(array(select id from chosen))::text[] as restored, (select count(*)::int from chosen) as found`,
      [site, ...values],
    );
    const restored = result!.restored.length;
    return {
      restored: restored + elsewhere.restored,
      skipped: result!.found - restored + elsewhere.skipped,
    };
  }
  return {
    /**
     * A keyset page of the site's trash, newest first, like History's; the total from the counts the
     * triggers of migration 0033 keep (`list_counts`).
     */
    async page(resource: TrashResource | undefined, limit: number, cursor: Cursor = {}) {
      await purgeExpiredTrash(db, onPurged);
      const [found, [kept]] = await Promise.all([
        keysetPage(
          db,
          "trash",
          (values) => {
            values.push(site);
            const own = `site = $${values.length}`;
            if (!resource) return [own];
            values.push(resource);
            return [`${own} and resource = $${values.length}`];
          },
          limit,
          cursor,
        ),
        db.query<{ n: number }>(
          `select coalesce(sum(n), 0)::int as n from list_counts where tbl = 'trash' and site = $1
           and ($2::text is null or resource = $2)`,
          [site, resource ?? null],
        ),
      ]);
      const rows =
        found.ids.length === 0
          ? []
          : await db.query<TrashRow>(
              `select id::text as id, resource, record_id, row, deleted_at, deleted_by from trash
               where id = any($1::bigint[]) order by trash.id desc`,
              [found.ids],
            );
      return { items: rows.map(toItem), total: kept!.n, newer: found.newer, older: found.older };
    },
    /** `outside` puts titles back (movies); elsewhere the trash holds none. */
    restore: (ids: string[], outside?: OutsideRestore) => restore("id = any($2::bigint[])", [ids], outside),
    /** Everything one request deleted (its Undo token); found 0 when nothing of it is left. */
    undo: (batch: string, outside?: OutsideRestore) => restore("batch = $2::uuid", [batch], outside),
    async purge(ids: string[]): Promise<number> {
      const rows = await db.query<{ resource: TrashResource; row: Record<string, unknown> }>(
        "delete from trash where site = $1 and id = any($2::bigint[]) returning resource, row",
        [site, ids],
      );
      await onPurged?.(rows);
      return rows.length;
    },
  };
}
