import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Database, Queryable } from "./types.ts";

export type Schema = "api" | "content";

export function migrationsDir(schema: Schema): string {
  return join(dirname(fileURLToPath(import.meta.url)), "..", "migrations", schema);
}

export function migrationFiles(schema: Schema): { name: string; sql: string }[] {
  const dir = migrationsDir(schema);
  return readdirSync(dir)
    .filter((file) => /^\d{4}_.+\.sql$/.test(file))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(dir, name), "utf8") }));
}

/**
 * Runs `fn` in a transaction that holds the start-up lock: several api instances may start at once on
 * one PostgreSQL database, and only one at a time may create the migrations table, apply a migration
 * or create the first admin (PGlite has one process per database, so nothing to serialise).
 */
export function underStartLock<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (db.kind === "postgres") await tx.query("select pg_advisory_xact_lock(7261001)");
    return fn(tx);
  });
}

/** Applies the numbered plain-SQL migrations not yet applied, each in its own transaction. */
export async function migrate(db: Database, schema: Schema): Promise<string[]> {
  // Under the lock too: two concurrent `create table if not exists` can both try to create it.
  await underStartLock(db, (tx) =>
    tx.query(
      "create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())",
    ),
  );
  const applied = new Set(
    (await db.query<{ name: string }>("select name from schema_migrations")).map((row) => row.name),
  );
  const done: string[] = [];
  for (const file of migrationFiles(schema)) {
    if (applied.has(file.name)) continue;
    const ran = await underStartLock(db, async (tx) => {
      const again = await tx.query("select 1 from schema_migrations where name = $1", [file.name]);
      if (again.length > 0) return false;
      for (const statement of splitStatements(file.sql)) await tx.query(statement);
      await tx.query("insert into schema_migrations (name) values ($1)", [file.name]);
      return true;
    });
    if (ran) done.push(file.name);
  }
  return done;
}

// Parameterised queries take one statement at a time; our migrations end each with `;` at a line end.
// A `;` inside a dollar-quoted body (a function's `$$ … $$`) does not end its statement.
function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = "";
  let inBody = false;
  for (const line of sql.replace(/^\s*--.*$/gm, "").split("\n")) {
    current += `${line}\n`;
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) inBody = !inBody;
    if (!inBody && /;\s*$/.test(line)) {
      statements.push(current.replace(/;\s*$/, "").trim());
      current = "";
    }
  }
  statements.push(current.trim());
  return statements.filter(Boolean);
}
