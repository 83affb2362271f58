import { HISTORY_COUNT_CAP, type HistoryEntry, type HistoryResource, type Site } from "@backoffice/contracts";
import { auditContext, type Queryable } from "@backoffice/db";
import { type Cursor, iso, keysetPage } from "../../lib/rows.ts";

interface AuditRow {
  id: string;
  at: Date;
  actor_id: string | null;
  actor_email: string | null;
  address: string | null;
  site: Site | null;
  resource: HistoryResource;
  record_id: string | null;
  action: HistoryEntry["action"];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  trash_id: string | null;
  restored: boolean;
}

const camel = (key: string) => key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The log keeps a row as the table has it (snake_case); the API speaks camelCase like every answer. */
export function camelKeys(fields: Record<string, unknown> | null): Record<string, unknown> | null {
  return fields && Object.fromEntries(Object.entries(fields).map(([key, value]) => [camel(key), value]));
}

/** The member reading History: their id and level decide whose client details they see. */
export interface HistoryReader {
  userId: string;
  level: string;
}

/**
 * Client details (docs/PRODUCT-RULES.md#history-trash-and-undo) are for Owners and the member who
 * acted: anyone else reads an entry without its address, and a sign-in (a session entry, whose
 * fields are its browser, address and times) as who and when only.
 */
const seesDetails = (reader: HistoryReader, row: AuditRow) =>
  reader.level === "owner" || (row.actor_id !== null && row.actor_id === reader.userId);

export const toEntry = (row: AuditRow, reader: HistoryReader): HistoryEntry => {
  const entry: HistoryEntry = {
    _id: row.id,
    at: iso(row.at),
    admin: row.actor_email,
    address: row.address,
    site: row.site,
    resource: row.resource,
    recordId: row.record_id,
    action: row.action,
    before: camelKeys(row.before),
    after: camelKeys(row.after),
    ...(row.trash_id ? { trashId: row.trash_id } : {}),
    ...(row.restored ? { restored: true } : {}),
  };
  if (seesDetails(reader, row)) return entry;
  if (row.resource !== "session") return { ...entry, address: null };
  return { ...entry, address: null, recordId: null, before: null, after: null };
};

// A delete's trash item shares its batch (the request), found through the trash's batch index; a
// delete whose record was restored since has a later restore entry (the record index).
const COLUMNS = `id::text as id, at, actor_id, actor_email, address, site, resource, record_id, action, before, after,
  (select t.id::text from trash t where audit_log.action = 'delete' and t.batch = audit_log.batch
     and t.resource = audit_log.resource and t.record_id = audit_log.record_id limit 1) as trash_id,
  (audit_log.action = 'delete' and exists (select 1 from audit_log r where r.resource = audit_log.resource
     and r.record_id = audit_log.record_id and r.id > audit_log.id and r.action = 'restore')) as restored`;

export interface HistoryFilter {
  resource?: HistoryResource | undefined;
  admin?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** false leaves sign-ins (session entries) out, unless `resource` asks for them. */
  signIns?: boolean | undefined;
}

/**
 * The audit log as a site's History sees it: the site's own changes and the account events (sign-ins,
 * profile changes), which belong to no site. The triggers of migration 0007 write it; nothing here does.
 */
export function historyRepository(db: Queryable, site: Site) {
  /**
   * The filter as SQL, for the site's entries (`site = $1`) or the account events (`site is null`):
   * two ranges of the id order, each read on its own index (migration 0033), merged by id.
   */
  const conditions = (filter: HistoryFilter, values: unknown[]) => {
    const param = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    const shared: string[] = [];
    if (filter.resource) shared.push(`resource = ${param(filter.resource)}`);
    else if (filter.signIns === false) shared.push("resource <> 'session'");
    if (filter.admin) shared.push(`lower(actor_email) = lower(${param(filter.admin)})`);
    if (filter.from) shared.push(`at >= ${param(filter.from)}::date`);
    if (filter.to) shared.push(`at < ${param(filter.to)}::date + 1`);
    const own = `site = ${param(site)}`;
    return [own, "site is null"].map((which) => [which, ...shared].join(" and "));
  };

  /**
   * The total of the filter: kept by the triggers of migration 0033 (`list_counts`) for a kind or
   * sign-ins left out; with an admin or days, counted up to HISTORY_COUNT_CAP (capped beyond).
   */
  async function total(filter: HistoryFilter): Promise<{ total: number; capped: boolean }> {
    if (!filter.admin && !filter.from && !filter.to) {
      const [kept] = await db.query<{ n: number }>(
        `select coalesce(sum(n), 0)::int as n from list_counts where tbl = 'audit_log' and site in ($1, '')
         and ($2::text is null or resource = $2) and ($3::boolean is false or resource <> 'session')`,
        [site, filter.resource ?? null, !filter.resource && filter.signIns === false],
      );
      return { total: kept!.n, capped: false };
    }
    const values: unknown[] = [];
    const [own, account] = conditions(filter, values);
    const [counted] = await db.query<{ n: number }>(
      `select count(*)::int as n from (
         (select 1 from audit_log where ${own} limit ${HISTORY_COUNT_CAP + 1})
         union all (select 1 from audit_log where ${account} limit ${HISTORY_COUNT_CAP + 1})
       ) found`,
      values,
    );
    return { total: Math.min(counted!.n, HISTORY_COUNT_CAP), capped: counted!.n > HISTORY_COUNT_CAP };
  }

  return {
    /** A keyset page of the site's History, newest first (docs/ARCHITECTURE.md#paging-long-lists). */
    async page(reader: HistoryReader, filter: HistoryFilter, limit: number, cursor: Cursor = {}) {
      const [found, counted] = await Promise.all([
        keysetPage(db, "audit_log", (values) => conditions(filter, values), limit, cursor),
        total(filter),
      ]);
      // The page's columns and trash items for its rows only.
      const rows =
        found.ids.length === 0
          ? []
          : await db.query<AuditRow>(
              `select ${COLUMNS} from audit_log where id = any($1::bigint[]) order by audit_log.id desc`,
              [found.ids],
            );
      return {
        entries: rows.map((row) => toEntry(row, reader)),
        ...counted,
        newer: found.newer,
        older: found.older,
      };
    },
    /** The filter's total, exact (null past HISTORY_COUNT_CAP for an admin or days filter). */
    async exactTotal(filter: HistoryFilter): Promise<number | null> {
      const counted = await total(filter);
      return counted.capped ? null : counted.total;
    },
    /**
     * Every entry the filter selects, newest first, a batch at a time (keyset on the id, each range
     * on its own index as the pages read them): an export holds one batch in memory, never the log.
     */
    async *batches(
      reader: HistoryReader,
      filter: HistoryFilter,
      size = 1000,
    ): AsyncGenerator<HistoryEntry[]> {
      let after: string | undefined;
      for (;;) {
        const values: unknown[] = [];
        const ranges = conditions(filter, values);
        const bound = after === undefined ? "" : ` and id < $${values.push(after)}::bigint`;
        const rows = await db.query<AuditRow>(
          `select ${COLUMNS} from audit_log where id = any(array(
             select found.id from (${ranges
               .map(
                 (range) =>
                   `(select id from audit_log where ${range}${bound} order by id desc limit ${size})`,
               )
               .join(" union all ")}) found order by found.id desc limit ${size}
           )) order by audit_log.id desc`,
          values,
        );
        if (rows.length > 0) yield rows.map((row) => toEntry(row, reader));
        if (rows.length < size) return;
        after = rows.at(-1)!.id;
      }
    },
    /** The admins the site's History can be filtered by. */
    async admins(): Promise<string[]> {
      const rows = await db.query<{ email: string }>(
        `select distinct actor_email as email from audit_log
         where (site = $1 or site is null) and actor_email is not null order by 1 limit 200`,
        [site],
      );
      return rows.map((row) => row.email);
    },
    /** The newest entries (the overview's), read backwards on the primary key: no count. */
    async latest(reader: HistoryReader, limit: number) {
      const rows = await db.query<AuditRow>(
        `select ${COLUMNS} from audit_log where site = $1 or site is null order by audit_log.id desc limit $2`,
        [site, limit],
      );
      return rows.map((row) => toEntry(row, reader));
    },
    /** One record's entries, newest first (oldest first with `oldestFirst`). */
    async ofRecord(
      reader: HistoryReader,
      resource: HistoryResource,
      id: string,
      options: { oldestFirst?: boolean; limit?: number } = {},
    ) {
      const rows = await db.query<AuditRow>(
        `select ${COLUMNS} from audit_log where resource = $1 and record_id = $2 and (site = $3 or site is null)
         order by audit_log.id ${options.oldestFirst ? "asc" : "desc"} limit $4`,
        [resource, id, site, options.limit ?? 100],
      );
      return rows.map((row) => toEntry(row, reader));
    },
  };
}

export interface OutsideChange {
  id: string;
  before: unknown;
  after: unknown;
}

/**
 * Changes to records another service keeps (titles, in the content service), logged here once that
 * service confirmed them, since one transaction cannot span two databases. A delete also keeps the
 * records in this trash, under the request's Undo token, as the triggers do for the api's own tables.
 */
export function outsideChanges(db: Queryable, site: Site, resource: "titles") {
  return {
    async log(action: "create" | "update" | "delete" | "restore", changes: OutsideChange[]): Promise<void> {
      const context = auditContext();
      if (!context || changes.length === 0) return;
      await db.query(
        `with changes as (select * from jsonb_to_recordset($1::jsonb) as c(id text, before jsonb, after jsonb)),
         logged as (
           insert into audit_log (batch, actor_id, actor_email, address, site, resource, record_id, action, before, after)
           select $2::uuid, $3, $4, $5, $6, $7, id, $8, before, after from changes
         )
         insert into trash (batch, site, resource, table_name, record_id, row, deleted_by)
         select $2::uuid, $6, $7, $7, id, before, $4 from changes where $8 = 'delete'`,
        [
          JSON.stringify(changes),
          context.batch,
          context.actorId,
          context.actorEmail,
          context.address,
          site,
          resource,
          action,
        ],
      );
    },
  };
}
