import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type Database, loadPg, PGLITE_EXTENSIONS, wrapPglite, wrapPool } from "./database.ts";
import { migrate, migrationFiles, type Schema } from "./migrate.ts";

const pg = await loadPg();

/** Which engine the test suite runs on: PostgreSQL when TEST_DB_KIND=postgres (needs TEST_DATABASE_URL). */
export function testDatabaseKind(): "pglite" | "postgres" {
  return process.env.TEST_DB_KIND === "postgres" ? "postgres" : "pglite";
}

function migrationsHash(schema: Schema): string {
  const hash = createHash("sha256");
  for (const file of migrationFiles(schema)) hash.update(file.name).update(file.sql);
  return hash.digest("hex").slice(0, 12);
}

function templatePath(schema: Schema) {
  return join(tmpdir(), `backoffice-${schema}-${migrationsHash(schema)}.pgdata.tar`);
}

function templateDatabaseName(schema: Schema) {
  return `tmpl_${schema}_${migrationsHash(schema)}`;
}

function serverUrl(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
  url.pathname = `/${database}`;
  return url.toString();
}

/** Builds the migrated template once per migration set (call from Vitest's globalSetup). */
export async function prepareTemplate(schema: Schema, kind = testDatabaseKind()): Promise<void> {
  if (kind === "postgres") {
    const admin = new pg.Client({ connectionString: serverUrl("postgres") });
    await admin.connect();
    const name = templateDatabaseName(schema);
    // Two suites may start at once (npm test's lanes): one builds the template while the other waits.
    // The lock goes with the admin connection.
    await admin.query("select pg_advisory_lock(hashtext($1))", [name]);
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) {
      await admin.query(`create database ${name}`);
      const pool = new pg.Pool({ connectionString: serverUrl(name), max: 1 });
      const db = wrapPool(pool);
      await migrate(db, schema);
      await db.close();
    }
    await admin.end();
    return;
  }
  const path = templatePath(schema);
  if (existsSync(path)) return;
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migrate(wrapPglite(client), schema);
  const dump = await client.dumpDataDir("none");
  await client.close();
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
}

/**
 * A fresh, migrated PostgreSQL database of its own (a clone of the template) named by its URL, for
 * tests that open it more than once, as several API instances do. Needs TEST_DATABASE_URL's server.
 */
export async function createTestPostgresDatabase(
  schema: Schema,
): Promise<{ url: string; drop(): Promise<void> }> {
  await prepareTemplate(schema, "postgres");
  const name = `test_${schema}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl("postgres") });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateDatabaseName(schema)}`);
  await admin.end();
  return {
    url: serverUrl(name),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl("postgres") });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name}`);
      await cleanup.end();
    },
  };
}

/** A fresh, migrated database for one test file: a PGlite copy of the template, or a PostgreSQL clone. */
export async function createTestDatabase(schema: Schema): Promise<Database> {
  if (testDatabaseKind() === "postgres") {
    const database = await createTestPostgresDatabase(schema);
    const db = wrapPool(new pg.Pool({ connectionString: database.url, max: 5 }));
    const close = db.close;
    return {
      ...db,
      async close() {
        await close();
        await database.drop();
      },
    };
  }
  await prepareTemplate(schema);
  const dump = new Blob([readFileSync(templatePath(schema))]);
  return wrapPglite(await PGlite.create({ loadDataDir: dump, extensions: PGLITE_EXTENSIONS }));
}
