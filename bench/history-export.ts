// The history-export section of `npm run bench` (full run only; `BENCH_ONLY=history-export`), issue 36:
// 100,000 History entries of apkw made by the database in one statement (linked into the hash chain at
// its commit, migration 0065), then each export format of the whole History streamed from the api
// (time and the api's memory growth, sampled every 100 ms) and `npm run history -- verify` over them.
// On PGlite and on PostgreSQL (`BENCH_ENGINES=pglite` or `postgres` runs one engine).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@backoffice/db";
import { ROOT, type Running, record, rssMb } from "./lib.ts";
import { insertHistory } from "./list-rows.ts";

const ENTRIES = Number(process.env.BENCH_HISTORY_ENTRIES ?? 100_000);
const count = (n: number) => n.toLocaleString("en-US");

type Start = (name: string, env: Record<string, string>) => Promise<Running>;
type Session = (base: string) => Promise<{ authorization: string }>;
type Postgres = (name: string) => Promise<{ url: string } | undefined>;

async function exportOnce(kind: string, server: Running, authorization: string, format: "csv" | "jsonl") {
  const rssBefore = rssMb(server.child.pid!);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(server.child.pid!));
  }, 100);
  const started = performance.now();
  const answer = await fetch(`${server.url}/api/v1/apkw/history/export.${format}?resource=ads`, {
    headers: { authorization },
  });
  let lines = 0;
  let bytes = 0;
  for await (const chunk of answer.body!) {
    bytes += (chunk as Uint8Array).byteLength;
    for (const byte of chunk as Uint8Array) if (byte === 10) lines += 1;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  const rows = format === "csv" ? lines - 1 : lines;
  record({
    section: "history export",
    name: `${format === "csv" ? "CSV" : "JSON Lines"} export of ${count(rows)} History entries (${kind}, ${(bytes / 1048576).toFixed(0)} MB)`,
    value: `${(ms / 1000).toFixed(1)} s`,
    goal: "< 30 s",
    met: ms < 30_000 && rows === ENTRIES,
  });
  record({
    section: "history export",
    name: `api memory growth during that export (${kind})`,
    value: `${Math.round(rssPeak - rssBefore)} MB (${Math.round(rssBefore)} → ${Math.round(rssPeak)} MB)`,
    goal: "< 50 MB",
    met: rssPeak - rssBefore < 50,
  });
}

async function verify(kind: string, env: Record<string, string>) {
  const started = performance.now();
  const child = spawn(process.execPath, ["apps/api/src/cli/history.ts", "verify"], {
    cwd: ROOT,
    env: { ...process.env, ...env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const [code] = await once(child, "exit");
  const ms = performance.now() - started;
  record({
    section: "history export",
    name: `npm run history -- verify over ${count(ENTRIES)} entries (${kind})`,
    value: `${(ms / 1000).toFixed(1)} s`,
    goal: "exit 0",
    met: code === 0,
  });
}

export async function historyExport(api: Start, session: Session, postgres?: Postgres) {
  const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",");
  console.log(`\n12. History export: ${count(ENTRIES)} entries`);
  for (const engine of engines) {
    const database = engine === "postgres" ? await postgres?.("history_export") : undefined;
    if (engine === "postgres" && !database) continue;
    const kind = engine === "postgres" ? "PostgreSQL" : "PGlite";
    const dataDir = mkdtempSync(join(tmpdir(), "bench-history-export-"));
    try {
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        SEED_DEMO: "false",
        CONTENT_URL: "http://127.0.0.1:9",
        ...(database ? { DATABASE_URL: database.url } : {}),
      };
      // The first start applies the migrations and makes the admin; the entries come after.
      await (await api(`history-export-${engine}`, env)).stop();
      const db = await openDatabase({ url: env.DATABASE_URL, dataDir: join(dataDir, "api") });
      const seeding = performance.now();
      try {
        await insertHistory(db, ENTRIES, 30);
      } finally {
        await db.close();
      }
      record({
        section: "history export",
        name: `${count(ENTRIES)} History entries written and linked in one statement (${kind})`,
        value: `${((performance.now() - seeding) / 1000).toFixed(1)} s`,
        goal: "noted",
      });
      const server = await api(`history-export-${engine}`, env);
      try {
        const { authorization } = await session(server.url);
        await exportOnce(kind, server, authorization, "csv");
        await exportOnce(kind, server, authorization, "jsonl");
      } finally {
        await server.stop();
      }
      await verify(kind, env);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
