import { type Database, withAudit } from "@backoffice/db";
import { createTestDatabase } from "@backoffice/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// A table joins History with one line, `select audit_table('<table>', '<kind>')` (migration 0032,
// docs/ARCHITECTURE.md "History, trash and Undo"): the same statement triggers migration 0007 wrote
// out by hand for each table.
let db: Database;
beforeAll(async () => {
  db = await createTestDatabase("api");
});
afterAll(() => db?.close());

/** A table's History triggers as PostgreSQL would recreate them, the table's name made "<table>". */
async function triggersOf(table: string) {
  const rows = await db.query<{ name: string; definition: string }>(
    `select tgname as name, pg_get_triggerdef(t.oid) as definition
     from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where c.relname = $1 and tgname like '%\\_audit\\_%' order by tgname`,
    [table],
  );
  return rows.map(({ name, definition }) =>
    `${name}: ${definition}`
      .replaceAll(`${table}_audit_`, "<table>_audit_")
      .replace(new RegExp(` ON (public\\.)?${table} `), " ON <table> "),
  );
}

describe("audit_table", () => {
  it("creates the three statement triggers a table's migration used to write out", async () => {
    await db.query("create table audit_probe (like apps including all)");
    await db.query("select audit_table('audit_probe', 'apps')");
    const made = await triggersOf("audit_probe");
    expect(made).toHaveLength(3);
    expect(made).toEqual(await triggersOf("apps"));
  });

  it("leaves out events and keeps secret columns out of the log, as for users and sessions", async () => {
    await db.query("create table users_probe (like users including all)");
    await db.query("select audit_table('users_probe', 'profile', array['update'], array['password_hash'])");
    expect(await triggersOf("users_probe")).toEqual(await triggersOf("users"));
    await db.query("create table sessions_probe (like sessions including all)");
    await db.query("select audit_table('sessions_probe', 'session', array['insert'], array['token_hash'])");
    expect(await triggersOf("sessions_probe")).toEqual(await triggersOf("sessions"));
  });

  it("logs an admin's changes to the table in History, and nothing outside an audit context", async () => {
    await db.query("create table widgets (id text primary key, site text not null, name text not null)");
    await db.query("select audit_table('widgets', 'widgets')");
    await db.query("insert into widgets values ('w0', 'sportbn', 'Unlogged')");
    const context = {
      batch: crypto.randomUUID(),
      actorId: "admin-1",
      actorEmail: "admin@example.com",
      address: "127.0.0.1",
      site: "sportbn",
    };
    await withAudit(context, async () => {
      await db.query("insert into widgets values ('w1', 'sportbn', 'First')");
      await db.query("update widgets set name = 'Renamed' where id = 'w1'");
      await db.query("delete from widgets where id = 'w1'");
    });
    const entries = await db.query<{ action: string; record_id: string; site: string; actor_email: string }>(
      "select action, record_id, site, actor_email from audit_log where resource = 'widgets' order by id",
    );
    expect(entries).toEqual(
      ["create", "update", "delete"].map((action) => ({
        action,
        record_id: "w1",
        site: "sportbn",
        actor_email: "admin@example.com",
      })),
    );
  });

  it("refuses an event other than insert, update or delete, and a missing kind", async () => {
    await db.query("create table refused_probe (id text primary key)");
    await expect(db.query("select audit_table('refused_probe', 'x', array['truncate'])")).rejects.toThrow(
      /not insert, update or delete/,
    );
    await expect(db.query("select audit_table('refused_probe', '')")).rejects.toThrow(/kind/);
  });
});
