import { migrationFiles } from "@backoffice/db";
import { describe, expect, it } from "vitest";
import { type ApiProcess, freshDatabase, spawnApi, stopApi } from "./api-process.ts";
import { FULL, report } from "./support.ts";

// Four api instances started at the same moment on one empty PostgreSQL database, as a deployment
// with several instances does on its first start: each migration applied once, exactly one first
// admin, every instance ready, none crashed.
const INSTANCES = 4;
const ROUNDS = FULL ? 10 : 2;

describe.runIf(process.env.TEST_DB_KIND === "postgres")("instances starting together", () => {
  it(`${INSTANCES} api instances on one empty database: one admin, migrations once, all ready`, {
    timeout: 600_000,
  }, async () => {
    const expected = migrationFiles("api").map((file) => file.name);
    const readyMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const database = await freshDatabase(process.env.TEST_DATABASE_URL!, "start_race");
      const servers: ApiProcess[] = [];
      try {
        // No ADMIN_PASSWORD: each would generate its own and announce it; only one may.
        const env = { DATABASE_URL: database.url, ADMIN_EMAIL: "first.admin@example.com", LOG_LEVEL: "warn" };
        servers.push(...(await Promise.all(Array.from({ length: INSTANCES }, () => spawnApi(env)))));
        readyMs.push(...(await Promise.all(servers.map((server) => server.ready()))));
        for (const server of servers) {
          expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
          expect(server.child.exitCode).toBeNull();
        }
        const users = await database.query<{ email: string; role: string }>("select email, role from users");
        expect(users).toEqual([{ email: "first.admin@example.com", role: "admin" }]);
        const applied = await database.query<{ name: string }>(
          "select name from schema_migrations order by name",
        );
        expect(applied.map((row) => row.name)).toEqual(expected);
        // The generated password is announced by the one instance that created the account.
        expect(servers.filter((server) => server.output().includes("First run")).length).toBe(1);
      } finally {
        for (const server of servers) await stopApi(server);
        await database.drop();
      }
    }
    report("start-race", {
      rounds: ROUNDS,
      instances: INSTANCES,
      crashed: 0,
      admins: 1,
      readyMsMax: Math.max(...readyMs),
    });
  });
});
