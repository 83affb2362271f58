import type { HistoryEntry, HistoryResource, Site } from "@backoffice/contracts";
import type { Queryable } from "@backoffice/db";
import { iso } from "../../lib/rows.ts";

interface AuditRow {
  id: string;
  at: Date;
  actor_email: string | null;
  address: string | null;
  site: Site | null;
  resource: HistoryResource;
  record_id: string | null;
  action: HistoryEntry["action"];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const camel = (key: string) => key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The log keeps a row as the table has it (snake_case); the API speaks camelCase like every answer. */
export function camelKeys(fields: Record<string, unknown> | null): Record<string, unknown> | null {
  return fields && Object.fromEntries(Object.entries(fields).map(([key, value]) => [camel(key), value]));
}

export const toEntry = (row: AuditRow): HistoryEntry => ({
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
});

const COLUMNS = "id::text as id, at, actor_email, address, site, resource, record_id, action, before, after";

export interface HistoryFilter {
  resource?: HistoryResource | undefined;
  admin?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The audit log as a site's History sees it: the site's own changes and the account events (sign-ins,
 * profile changes), which belong to no site. The triggers of migration 0007 write it; nothing here does.
 */
export function historyRepository(db: Queryable, site: Site) {
  // $1 site, then the filters: resource, admin, first day, last day (both inclusive, UTC).
  const where = `(site = $1 or site is null) and ($2::text is null or resource = $2)
    and ($3::text is null or lower(actor_email) = lower($3))
    and ($4::date is null or at >= $4::date) and ($5::date is null or at < $5::date + 1)`;
  const filterValues = (filter: HistoryFilter) => [
    site,
    filter.resource ?? null,
    filter.admin || null,
    filter.from ?? null,
    filter.to ?? null,
  ];
  return {
    async page(filter: HistoryFilter, page: number, limit: number) {
      const values = filterValues(filter);
      const [rows, [count]] = await Promise.all([
        db.query<AuditRow>(
          `select ${COLUMNS} from audit_log where ${where} order by audit_log.id desc limit $6 offset $7`,
          [...values, limit, (page - 1) * limit],
        ),
        db.query<{ total: number }>(`select count(*)::int as total from audit_log where ${where}`, values),
      ]);
      return { entries: rows.map(toEntry), total: count!.total };
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
    /** One record's entries, newest first (oldest first with `oldestFirst`). */
    async ofRecord(
      resource: HistoryResource,
      id: string,
      options: { oldestFirst?: boolean; limit?: number } = {},
    ) {
      const rows = await db.query<AuditRow>(
        `select ${COLUMNS} from audit_log where resource = $1 and record_id = $2 and (site = $3 or site is null)
         order by audit_log.id ${options.oldestFirst ? "asc" : "desc"} limit $4`,
        [resource, id, site, options.limit ?? 100],
      );
      return rows.map(toEntry);
    },
  };
}
