import { migrationFiles, type Schema } from "./migrate.ts";
import type { Database, Queryable } from "./types.ts";

/**
 * Logical snapshots of a database for backups (docs/BACKUPS.md): every table of the `public` schema
 * but `schema_migrations`, each row as the JSON text of `to_jsonb(row)`, read in one repeatable-read
 * transaction (a single point in time) through a cursor, so memory stays flat whatever the size.
 * The same code serves PGlite and PostgreSQL, and the restore below reads what it writes.
 */

/** Rows a cursor fetch and a restore insert take at once. */
const BATCH = 2000;

export interface SnapshotInfo {
  /** The applied migrations, in order: the database's migration level. */
  migrations: string[];
  /** Rows per table. */
  counts: Record<string, number>;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function tablesOf(q: Queryable): Promise<string[]> {
  const rows = await q.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'schema_migrations' order by tablename",
  );
  return rows.map((row) => row.name);
}

/** Streams every table's rows (JSON text) to `write`, batch by batch, from one point in time. */
export function snapshotDatabase(
  db: Database,
  write: (table: string, rows: string[]) => Promise<void> | void,
): Promise<SnapshotInfo> {
  return db.transaction(async (tx) => {
    // PostgreSQL: every read of the transaction sees the same snapshot. PGlite has one connection,
    // so nothing else runs until this transaction ends (writes wait for the snapshot).
    if (db.kind === "postgres") await tx.query("set transaction isolation level repeatable read, read only");
    const migrations = (
      await tx.query<{ name: string }>("select name from schema_migrations order by name")
    ).map((row) => row.name);
    const counts: Record<string, number> = {};
    for (const table of await tablesOf(tx)) {
      counts[table] = 0;
      await tx.query(
        `declare backup_rows no scroll cursor for select to_jsonb(t)::text as j from ${quote(table)} t`,
      );
      for (;;) {
        const rows = await tx.query<{ j: string }>(`fetch ${BATCH} from backup_rows`);
        if (rows.length === 0) break;
        counts[table] += rows.length;
        await write(
          table,
          rows.map((row) => row.j),
        );
      }
      await tx.query("close backup_rows");
    }
    return { migrations, counts };
  });
}

/** The migrations of a backup this code does not have: the backup is from a newer version. */
export function unknownMigrations(schema: Schema, migrations: string[]): string[] {
  const known = new Set(migrationFiles(schema).map((file) => file.name));
  return migrations.filter((name) => !known.has(name));
}

/** The content database's tables a restore leaves as they are: the used request signatures (replay guard). */
export const KEEP_ON_RESTORE = ["used_signatures"] as const;

/** Batches of one table's rows, in the order a snapshot wrote them. */
export interface RowBatch {
  table: string;
  rows: string[];
}

/**
 * Replaces every table's rows by the batches', in one transaction (a failure or a kill leaves the
 * previous rows): tables emptied, rows inserted with triggers and foreign keys off (the snapshot is
 * consistent as a whole; no History entry per row), serial counters moved past the restored ids.
 * A table the backup has not (a newer migration's) is left empty; a column it has not gets its default;
 * a table or column the backup has but this schema dropped is ignored. Answers rows per table.
 */
export function restoreDatabase(
  db: Database,
  batches: AsyncIterable<RowBatch>,
  /** Tables left as they are now (the content service's used request signatures: a replay guard). */
  keep: readonly string[] = [],
): Promise<Record<string, number>> {
  return db.transaction(async (tx) => {
    await tx.query("set local session_replication_role = replica");
    const tables = (await tablesOf(tx)).filter((table) => !keep.includes(table));
    if (tables.length) await tx.query(`truncate ${tables.map(quote).join(", ")}`);
    // Into empty tables the indexes are built once after the rows, as pg_restore does, instead of
    // row by row (the trigram index most of all): those not behind a constraint (primary keys stay).
    const indexes = await tx.query<{ name: string; def: string }>(
      `select i.indexname as name, i.indexdef as def from pg_indexes i
       where i.schemaname = 'public' and i.tablename = any($1::text[])
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = 'public'::regnamespace)`,
      [tables],
    );
    for (const { name } of indexes) await tx.query(`drop index ${quote(name)}`);
    const columns = new Map<string, Set<string>>();
    for (const row of await tx.query<{ table_name: string; column_name: string }>(
      "select table_name, column_name from information_schema.columns where table_schema = 'public' and is_generated = 'NEVER'",
    )) {
      if (!columns.has(row.table_name)) columns.set(row.table_name, new Set());
      columns.get(row.table_name)!.add(row.column_name);
    }
    const counts: Record<string, number> = {};
    for await (const { table, rows } of batches) {
      const known = columns.get(table);
      if (!known || !tables.includes(table) || rows.length === 0) continue;
      for (let start = 0; start < rows.length; start += BATCH) {
        const slice = rows.slice(start, start + BATCH);
        const names = Object.keys(JSON.parse(slice[0]!)).filter((name) => known.has(name));
        const list = names.map(quote).join(", ");
        await tx.query(
          `insert into ${quote(table)} (${list}) select ${list} from jsonb_populate_recordset(null::${quote(table)}, $1::jsonb)`,
          [`[${slice.join(",")}]`],
        );
        counts[table] = (counts[table] ?? 0) + slice.length;
      }
    }
    // The sort and trigram memory of each build: PGlite's default 64 MB stays in the server's memory
    // once grown (an embedded database's memory is never given back).
    if (indexes.length) await tx.query("set local maintenance_work_mem = '16MB'");
    for (const { def } of indexes) await tx.query(def);
    // Serial ids continue after the highest restored one.
    const serials = await tx.query<{ table_name: string; column_name: string }>(
      "select table_name, column_name from information_schema.columns where table_schema = 'public' and column_default like 'nextval(%'",
    );
    for (const { table_name: table, column_name: column } of serials) {
      await tx.query(
        `select setval(pg_get_serial_sequence($1, $2), coalesce(max(${quote(column)}), 0) + 1, false) from ${quote(table)}`,
        [quote(table), column],
      );
    }
    return counts;
  });
}

/** Rows per table now: what a restore would replace (its preview). */
export async function countRows(db: Queryable): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesOf(db)) {
    const [row] = await db.query<{ n: number | string }>(`select count(*)::int as n from ${quote(table)}`);
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

/**
 * Puts one table back as a backup had it, into the current data (a restore of one record kind), in
 * one transaction with the triggers on: run in an audit context, every change is written to History
 * under its batch (rows the backup has not are deleted, so they go to the trash and Undo returns them;
 * changed rows are updated; missing rows inserted, logged with the context's action). Answers counts.
 */
export function restoreTable(
  db: Database,
  table: string,
  batches: AsyncIterable<string[]>,
): Promise<{ deleted: number; updated: number; inserted: number }> {
  return db.transaction(async (tx) => {
    const known = new Set(
      (
        await tx.query<{ column_name: string }>(
          "select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'",
          [table],
        )
      ).map((row) => row.column_name),
    );
    await tx.query("create temp table restore_rows (j jsonb not null) on commit drop");
    const present = new Set<string>();
    for await (const rows of batches) {
      for (let start = 0; start < rows.length; start += BATCH) {
        const slice = rows.slice(start, start + BATCH);
        for (const name of Object.keys(JSON.parse(slice[0]!))) if (known.has(name)) present.add(name);
        await tx.query("insert into restore_rows (j) select jsonb_array_elements($1::jsonb)", [
          `[${slice.join(",")}]`,
        ]);
      }
    }
    const t = quote(table);
    const deleted = await tx.query(
      `delete from ${t} where id::text not in (select j->>'id' from restore_rows) returning 1`,
    );
    const names = [...present];
    if (names.length === 0) return { deleted: deleted.length, updated: 0, inserted: 0 };
    const list = names.map(quote).join(", ");
    const picked = names.map((name) => `p.${quote(name)}`).join(", ");
    const updated = await tx.query(
      `update ${t} set (${list}) = (select ${picked} from jsonb_populate_record(null::${t}, r.j) p)
       from restore_rows r where ${t}.id::text = r.j->>'id' and to_jsonb(${t}) is distinct from r.j returning 1`,
    );
    const inserted = await tx.query(
      `insert into ${t} (${list}) select ${picked} from restore_rows r, jsonb_populate_record(null::${t}, r.j) p
       where not exists (select 1 from ${t} x where x.id::text = r.j->>'id') returning 1`,
    );
    return { deleted: deleted.length, updated: updated.length, inserted: inserted.length };
  });
}
