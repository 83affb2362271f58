import { PENDING_CHANGES_LIMIT, type ScheduledChange, type Site } from "@backoffice/contracts";
import type { Queryable } from "@backoffice/db";
import { iso } from "../../lib/rows.ts";
import { recordNameOf } from "../../lib/windows.ts";

interface ChangeRow {
  id: string;
  site: string;
  kind: string;
  record_id: string;
  method: string;
  path: string;
  body: Record<string, unknown>;
  based_on: string;
  apply_at: Date;
  status: ScheduledChange["status"];
  outcome: ScheduledChange["outcome"];
  author_id: string;
  author_email: string;
  created_at: Date;
  applied_at: Date | null;
  /** The record's newest History entry (its row, snake_case), for its name. */
  record: Record<string, unknown> | null;
}
export type StoredChange = ChangeRow;

export const changeAnswer = (row: ChangeRow): ScheduledChange => ({
  _id: row.id,
  kind: row.kind,
  recordId: row.record_id,
  recordName: recordNameOf(row.kind, row.record),
  changes: row.body,
  applyAt: iso(row.apply_at),
  status: row.status,
  outcome: row.outcome,
  author: row.author_email,
  createdAt: iso(row.created_at),
  appliedAt: row.applied_at ? iso(row.applied_at) : null,
});

/** The newest History entry of a record: its id (0 when none) and its row after it. */
const NEWEST_ENTRY = `(select coalesce(a.after, a.before) from audit_log a
  where a.resource = c.kind and a.record_id = c.record_id order by a.id desc limit 1)`;
const COLUMNS = `c.*, ${NEWEST_ENTRY} as record`;

/** The changes that wait for their time (docs/PRODUCT-RULES.md#scheduled-changes). */
export function scheduleRepository(db: Queryable) {
  return {
    async newestEntry(kind: string, recordId: string): Promise<string> {
      const [row] = await db.query<{ id: string }>(
        "select coalesce(max(id), 0)::text as id from audit_log where resource = $1 and record_id = $2",
        [kind, recordId],
      );
      return row?.id ?? "0";
    },
    /** Whether the site may keep one more pending change (PENDING_CHANGES_LIMIT). */
    async roomFor(site: Site): Promise<boolean> {
      const [row] = await db.query<{ count: number }>(
        `select count(*)::int as count from (select 1 from scheduled_changes
         where site = $1 and status in ('pending', 'applying') limit ${PENDING_CHANGES_LIMIT}) waiting`,
        [site],
      );
      return (row?.count ?? 0) < PENDING_CHANGES_LIMIT;
    },
    async create(change: {
      id: string;
      site: Site;
      kind: string;
      recordId: string;
      method: string;
      path: string;
      body: unknown;
      basedOn: string;
      applyAt: string;
      authorId: string;
      authorEmail: string;
    }): Promise<ChangeRow> {
      await db.query(
        `insert into scheduled_changes (id, site, kind, record_id, method, path, body, based_on, apply_at, author_id, author_email)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          change.id,
          change.site,
          change.kind,
          change.recordId,
          change.method,
          change.path,
          JSON.stringify(change.body ?? {}),
          change.basedOn,
          change.applyAt,
          change.authorId,
          change.authorEmail,
        ],
      );
      return (await this.get(change.site, change.id))!;
    },
    async get(site: Site, id: string): Promise<ChangeRow | undefined> {
      const [row] = await db.query<ChangeRow>(
        `select ${COLUMNS} from scheduled_changes c where c.site = $1 and c.id = $2`,
        [site, id],
      );
      return row;
    },
    /** Pending (and being applied) first by time; conflicts and failures newest first. */
    async list(site: Site): Promise<{ pending: ChangeRow[]; conflicts: ChangeRow[] }> {
      const rows = await db.query<ChangeRow>(
        `(select ${COLUMNS} from scheduled_changes c
           where c.site = $1 and c.status in ('pending', 'applying') order by c.apply_at, c.id limit ${PENDING_CHANGES_LIMIT})
         union all
         (select ${COLUMNS} from scheduled_changes c
           where c.site = $1 and c.status in ('conflict', 'failed') order by c.updated_at desc limit 100)`,
        [site],
      );
      return {
        pending: rows.filter((row) => row.status === "pending" || row.status === "applying"),
        conflicts: rows.filter((row) => row.status === "conflict" || row.status === "failed"),
      };
    },
    async reschedule(site: Site, id: string, applyAt: string): Promise<boolean> {
      const rows = await db.query(
        `update scheduled_changes set apply_at = $3, updated_at = now()
         where site = $1 and id = $2 and status = 'pending' returning id`,
        [site, id, applyAt],
      );
      return rows.length > 0;
    },
    /** Cancels a pending change or dismisses a conflict (to the Trash, through the audit triggers). */
    async remove(site: Site, id: string): Promise<boolean> {
      const rows = await db.query(
        "delete from scheduled_changes where site = $1 and id = $2 and status <> 'applying' returning id",
        [site, id],
      );
      return rows.length > 0;
    },
    /**
     * Claims changes for this instance: due ones (`id` absent) or one by id (Apply now). The update
     * moves them from pending to applying, so of several instances exactly one claims each.
     */
    async claim(now: Date, id?: string, site?: Site): Promise<ChangeRow[]> {
      const which = id
        ? "site = $2 and id = $3 and status = 'pending'"
        : "status = 'pending' and apply_at <= $1";
      return db.query<ChangeRow>(
        `update scheduled_changes c set status = 'applying', updated_at = $1
         where id in (select id from scheduled_changes where ${which} order by apply_at limit 50 for update skip locked)
         and c.status = 'pending'
         returning ${COLUMNS}`,
        id ? [now, site, id] : [now],
      );
    },
    /**
     * Claims left in `applying` by an instance that stopped: applied when the record's History has
     * the change's batch (the change's id), pending again otherwise. Answers how many were released.
     */
    async recover(olderThan: Date): Promise<number> {
      const applied = await db.query(
        `update scheduled_changes c set status = 'applied', applied_at = coalesce(c.applied_at, now())
         where status = 'applying' and updated_at < $1 and exists (select 1 from audit_log a where a.batch = c.id)
         returning id`,
        [olderThan],
      );
      const released = await db.query(
        "update scheduled_changes set status = 'pending' where status = 'applying' and updated_at < $1 returning id",
        [olderThan],
      );
      return applied.length + released.length;
    },
    /** Whether the record has a History entry newer than the one the change was made against. */
    async changedSince(change: ChangeRow): Promise<boolean> {
      const [row] = await db.query(
        "select 1 from audit_log where resource = $1 and record_id = $2 and id > $3 limit 1",
        [change.kind, change.record_id, change.based_on],
      );
      return row !== undefined;
    },
    async settle(
      id: string,
      status: "applied" | "conflict" | "failed",
      outcome: ScheduledChange["outcome"],
    ): Promise<void> {
      await db.query(
        `update scheduled_changes set status = $2, outcome = $3, updated_at = now(),
           applied_at = case when $2 = 'applied' then now() else applied_at end
         where id = $1`,
        [id, status, outcome === null ? null : JSON.stringify(outcome)],
      );
    },
    /** When the next pending change is due (any site), or undefined. */
    async nextDue(): Promise<Date | undefined> {
      const [row] = await db.query<{ at: Date | null }>(
        "select min(apply_at) as at from scheduled_changes where status = 'pending'",
      );
      return row?.at ? new Date(row.at) : undefined;
    },
  };
}
