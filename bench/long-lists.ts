// The long-lists section of `npm run bench` (full run only; `BENCH_ONLY=long-lists`), issue 39 "Scale
// that does not rot" (docs/PRODUCT-RULES.md#performance-goals, goal 11): 100,000 sportbn matches (30 a
// day for nine years, two weeks of them still to come, each with a server) and 1,000,000 apkw History
// entries and Trash items, made by the database itself (generate_series), on PGlite and on PostgreSQL.
// Then p50 and p95 of 20 sequential requests (after one warm-up) of Manage Matches' pages, the sportbn
// overview, the public matches read rebuilt after a write, and History's and the Trash's first, middle
// and last pages. `BENCH_SCALE=0.01` makes every count a hundredth (a try in a minute);
// `BENCH_ENGINES=pglite` or `postgres` runs one engine.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@backoffice/db";
import { format, type Running, record } from "./lib.ts";
import { insertHistory, insertTrash } from "./list-rows.ts";

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const MATCHES = Math.round(100_000 * SCALE);
const HISTORY = Math.round(1_000_000 * SCALE);
const TRASH = Math.round(1_000_000 * SCALE);
/** Matches still to come: two weeks at 30 a day. */
const UPCOMING = Math.min(420, Math.floor(MATCHES / 2));
const SAMPLES = 20;
const count = (n: number) => n.toLocaleString("en-US");

type Start = (name: string, env: Record<string, string>) => Promise<Running>;
type Session = (base: string) => Promise<{ authorization: string; csrf?: string }>;
type Postgres = (name: string) => Promise<{ url: string } | undefined>;

/**
 * p50 and p95 of `times` sequential runs, in ms; a request that takes seconds (the whole list before
 * issue 39) stops after 30 s and at least 5 runs, whose p95 is then their slowest.
 */
async function percentiles(times: number, run: () => Promise<unknown>) {
  const samples: number[] = [];
  const began = performance.now();
  for (let i = 0; i < times && (i < 5 || performance.now() - began < 30_000); i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (share: number) => samples[Math.min(samples.length - 1, Math.ceil(samples.length * share) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
}

/** The rows, made by the database with the api stopped (PGlite allows one process). */
async function seed(env: Record<string, string>, dataDir: string) {
  const db = await openDatabase({ url: env.DATABASE_URL, dataDir: join(dataDir, "api") });
  try {
    // 30 matches a day (one every 48 minutes, 105 minutes long), created the day before their kick-off,
    // the last UPCOMING of them still to come; each with one other server.
    await db.query(
      `insert into matches (id, site, status, type, league_name, league_logo, home_name, home_logo, away_name,
         away_logo, day, time, end_time, type_match, match_url, status_set_at, created_at, updated_at)
       select lpad(to_hex(g), 24, '0'), 'sportbn', 'upcoming', (array['football', 'basketball', 'hockey'])[1 + g % 3],
         'League ' || (g % 40), 'https://logos.example/l.png', 'Home ' || g, 'https://logos.example/h.png',
         'Away ' || g, 'https://logos.example/a.png', to_char(start, 'YYYY-MM-DD'), to_char(start, 'HH24:MI'),
         to_char(start + interval '105 minutes', 'HH24:MI'), 'video', 'https://streams.example/' || g,
         start - interval '1 day', start - interval '1 day', start - interval '1 day'
       from generate_series(1, $1::int) g,
         lateral (select date_trunc('minute', now() at time zone 'UTC')
           + ((g - ($1::int - $2::int)) * 48) * interval '1 minute' as start) s`,
      [MATCHES, UPCOMING],
    );
    await db.query(
      `insert into other_servers (id, site, match_id, name, url, created_at)
       select lpad(to_hex(g + 16777216), 24, '0'), 'sportbn', lpad(to_hex(g), 24, '0'), 'Backup',
         'https://backup.example/' || g, now()
       from generate_series(1, $1::int) g`,
      [MATCHES],
    );
    // The last probe of the links of the matches of the last two weeks and the next day.
    await db.query(
      `insert into link_health (match_id, url, site, state, status, checked_at, failing_since)
       select id, url, 'sportbn', case when n % 10 = 0 then 'failing' else 'ok' end,
         case when n % 10 = 0 then 500 else 200 end, now(), case when n % 10 = 0 then now() end
       from (select id, match_url as url, row_number() over () as n from matches
             where site = 'sportbn' and day >= to_char(now() - interval '14 days', 'YYYY-MM-DD')
               and day <= to_char(now() + interval '1 day', 'YYYY-MM-DD')) m`,
    );
    // History: changes of apkw's ads, one every 30 s (ids in time order); the Trash: deleted emails of
    // apkw, all within the 30 days it keeps them.
    await insertHistory(db, HISTORY, 30);
    await insertTrash(db, TRASH);
    await db.query("analyze");
  } finally {
    await db.close();
  }
}

/** Whether the api answers History and the Trash by page number (before issue 39) or by cursor. */
type Paging = "numbers" | "cursor";

async function measure(kind: string, server: Running, session: Session) {
  const { authorization, csrf } = await session(server.url);
  const headers = { authorization };
  const json = async (path: string) => {
    const answer = await fetch(`${server.url}${path}`, { headers });
    if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as Record<string, unknown> & { data?: unknown[] };
  };
  const time = async (
    label: string,
    path: string,
    goalMs: number,
    check?: (answer: { data?: unknown[] }) => void,
  ) => {
    const once = async () => {
      const answer = await json(path);
      check?.(answer);
    };
    // The warm-up, and the answer's size.
    const bytes = (await (await fetch(`${server.url}${path}`, { headers })).arrayBuffer()).byteLength;
    const { p50, p95 } = await percentiles(SAMPLES, once);
    record({
      section: "long lists",
      name: `${label} p50 / p95 (${kind})`,
      value: `${format.ms(p50)} / ${format.ms(p95)} (${(bytes / 1024).toFixed(0)} KB)`,
      goal: `p95 ≤ ${goalMs} ms`,
      met: p95 <= goalMs,
    });
  };
  const rows = (answer: { data?: unknown[] }) => {
    if (!answer.data?.length) throw new Error("no rows");
  };

  // The first read after the rows arrived (after issue 39 it moves the finished matches out of the
  // working set once); then Manage Matches as the dashboard reads it.
  const first = performance.now();
  const firstPage = await json("/api/v1/sportbn/matches?page=1&limit=24");
  record({
    section: "long lists",
    name: `Manage Matches' first read after ${count(MATCHES)} matches arrived (${kind})`,
    value: format.ms(performance.now() - first),
    goal: "noted",
  });
  const paged = "pagination" in firstPage;
  await time(
    `Manage Matches, ${count(MATCHES)} matches, first page`,
    "/api/v1/sportbn/matches?page=1&limit=24",
    100,
    rows,
  );
  if (paged) {
    const pages = (firstPage.pagination as { numberOfPages: number }).numberOfPages;
    await time(
      `Manage Matches, last page (${pages})`,
      `/api/v1/sportbn/matches?page=${pages}&limit=24`,
      100,
      rows,
    );
    await time(
      "Manage Matches, upcoming football",
      "/api/v1/sportbn/matches?page=1&limit=24&status=upcoming&sport=football",
      100,
      rows,
    );
    const older = await json("/api/v1/sportbn/matches?page=1&limit=24&status=older");
    const olderPages = (older.pagination as { numberOfPages: number }).numberOfPages;
    for (const [label, page] of [
      ["first", 1],
      ["middle", Math.ceil(olderPages / 2)],
      ["last", olderPages],
    ] as const)
      await time(
        `Manage Matches, finished earlier, ${label} page (${count(page)})`,
        `/api/v1/sportbn/matches?page=${page}&limit=24&status=older`,
        100,
        rows,
      );
    await time(
      "Manage Matches, finished earlier, search 'home 4242'",
      "/api/v1/sportbn/matches?page=1&limit=24&status=older&q=home%204242",
      100,
    );
    await time(
      "Manage Matches, finished earlier, league 'League 7'",
      "/api/v1/sportbn/matches?page=1&limit=24&status=older&league=League%207",
      100,
      rows,
    );
  }
  await time(`sportbn overview, ${count(MATCHES)} matches`, "/api/v1/sportbn/overview", 100);

  // The public matches read, rebuilt after each write that invalidates it (a score saved).
  const upcoming = `${(MATCHES - 1).toString(16).padStart(24, "0")}`;
  let score = 0;
  const write = async () => {
    const answer = await fetch(`${server.url}/api/v1/sportbn/matches/${upcoming}`, {
      method: "PUT",
      headers: { ...headers, "content-type": "application/json", ...(csrf ? { "x-csrf-token": csrf } : {}) },
      body: JSON.stringify({ homeTeam_score: score++ % 10 }),
    });
    if (!answer.ok) throw new Error(`PUT match: ${answer.status} ${await answer.text()}`);
  };
  const publicRead = async () => {
    const answer = await fetch(`${server.url}/api/v1/public/sportbn/matches`);
    if (!answer.ok) throw new Error(`public matches: ${answer.status}`);
    return (await answer.arrayBuffer()).byteLength;
  };
  await write();
  const publicBytes = await publicRead();
  const rebuilds: number[] = [];
  const rebuilding = performance.now();
  for (let i = 0; i < SAMPLES && (i < 5 || performance.now() - rebuilding < 30_000); i++) {
    await write();
    // The write's own work after its answer (its History entry read for the live event) runs on the
    // embedded database's one connection: let it end, so the time is the rebuild's.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await publicRead();
    rebuilds.push(performance.now() - started);
  }
  rebuilds.sort((a, b) => a - b);
  const at = (share: number) => rebuilds[Math.ceil(rebuilds.length * share) - 1]!;
  record({
    section: "long lists",
    name: `public matches read rebuilt after a write, p50 / p95 (${kind})`,
    value: `${format.ms(at(0.5))} / ${format.ms(at(0.95))} (${(publicBytes / 1024).toFixed(0)} KB)`,
    goal: "p95 ≤ 50 ms",
    met: at(0.95) <= 50,
  });

  // History and the Trash: newest, middle and oldest page.
  for (const [label, path, total] of [
    ["History", "/api/v1/apkw/history", HISTORY],
    ["Trash", "/api/v1/apkw/trash", TRASH],
  ] as const) {
    const newest = await json(path);
    // A keyset answer names its neighbouring pages' cursors (`older`, `newer`); it also keeps
    // `pagination` for the clients that still ask by page number, so that is not the sign.
    const paging: Paging = "older" in newest ? "cursor" : "numbers";
    const ids = (newest.data as { _id: string }[]).map((row) => Number(row._id));
    let middle: string;
    let last: string;
    if (paging === "numbers") {
      const pages = (newest.pagination as { numberOfPages: number }).numberOfPages;
      middle = `?page=${Math.ceil(pages / 2)}`;
      last = `?page=${pages}`;
    } else {
      // The seeded ids run from 1 up: the middle of the list is below the newest id by half of it.
      middle = `?after=${Math.round(ids[0]! - total / 2)}`;
      last = "?before=0";
    }
    for (const [where, query] of [
      ["newest", ""],
      ["middle", middle],
      ["oldest", last],
    ] as const)
      await time(`${label}, ${count(total)} entries, ${where} page (${paging})`, `${path}${query}`, 50, rows);
  }
}

export async function longLists(api: Start, session: Session, postgres?: Postgres) {
  const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",");
  console.log(
    `\n11. Long lists: ${count(MATCHES)} matches, ${count(HISTORY)} History entries, ${count(TRASH)} Trash items`,
  );
  for (const engine of engines) {
    const database = engine === "postgres" ? await postgres?.("long_lists") : undefined;
    if (engine === "postgres" && !database) continue;
    const kind = engine === "postgres" ? "PostgreSQL" : "PGlite";
    const dataDir = mkdtempSync(join(tmpdir(), "bench-long-lists-"));
    try {
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        SEED_DEMO: "false",
        CONTENT_URL: "http://127.0.0.1:9",
        ...(database ? { DATABASE_URL: database.url, CONTENT_HMAC_SECRET: "b".repeat(48) } : {}),
      };
      // The first start applies the migrations and makes the admin; the rows come after.
      await (await api(`long-lists-${engine}`, env)).stop();
      const seeding = performance.now();
      await seed(env, dataDir);
      record({
        section: "long lists",
        name: `seed ${count(MATCHES)} matches, ${count(HISTORY)} History entries, ${count(TRASH)} Trash items (${kind})`,
        value: `${((performance.now() - seeding) / 1000).toFixed(0)} s`,
        goal: "noted",
      });
      const server = await api(`long-lists-${engine}`, env);
      try {
        await measure(kind, server, session);
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
