import type { HistoryEntry, HistoryResource, Site } from "@backoffice/contracts";
import { auditContext, type Queryable } from "@backoffice/db";
import { iso, type PageEdge, pageRead } from "../../lib/rows.ts";

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
  // $1 site, then the filters: resource, admin, first day, last day (both inclusive, UTC).
  const where = (
    filter: HistoryFilter,
  ) => `(site = $1 or site is null) and ($2::text is null or resource = $2)
    and ($3::text is null or lower(actor_email) = lower($3))
    and ($4::date is null or at >= $4::date) and ($5::date is null or at < $5::date + 1)
    ${filter.signIns === false && !filter.resource ? "and resource <> 'session'" : ""}`;
  const filterValues = (filter: HistoryFilter) => [
    site,
    filter.resource ?? null,
    filter.admin || null,
    filter.from ?? null,
    filter.to ?? null,
  ];
  return {
    async page(
      reader: HistoryReader,
      filter: HistoryFilter,
      page: number,
      limit: number,
      edge: PageEdge = {},
    ) {
      const values = filterValues(filter);
      const [count] = await db.query<{ total: number }>(
        `select count(*)::int as total from audit_log where ${where(filter)}`,
        values,
      );
      const total = count!.total;
      const slice = pageRead(total, page, limit, edge, 8);
      if (slice.limit === 0) return { entries: [], total };
      // The page's ids first (past the edge, or from the nearer end), then only its rows' columns and trash items.
      const rows = await db.query<AuditRow>(
        `with chosen as (
           select id from audit_log where ${where(filter)} ${slice.bound}
           order by id ${slice.newestFirst ? "desc" : "asc"} limit $6 offset $7
         )
         select ${COLUMNS} from audit_log where id in (select id from chosen) order by audit_log.id desc`,
        [...values, slice.limit, slice.offset, ...slice.values],
      );
      return { entries: rows.map((row) => toEntry(row, reader)), total };
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
