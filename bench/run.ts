// `npm run bench` (docs/PRODUCT-RULES.md#performance-goals): every figure next to its goal and, where
// one exists, a reference measured in the same run. `npm run bench -- --short` is CI's version: the
// ratio figures only, shorter runs, failing when a ratio falls below its goal by more than the noise
// measured over repeated runs.
import { spawn } from "node:child_process";
import { once } from "node:events";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { migrate, openDatabase } from "@backoffice/db";
import { chromium, type Page } from "@playwright/test";
import {
  BROWSER_TIMEOUT_MS,
  CONNECTIONS,
  cpuMicros,
  figures,
  format,
  load,
  median,
  output,
  p95,
  ROOT,
  type Running,
  record,
  retry,
  rssMb,
  runSection,
  SECONDS,
  SHORT,
  scratchPostgres,
  sections,
  startHelper,
  startNpm,
  startServer,
  table,
  treeRss,
  visit,
} from "./lib.ts";
import { liveUpdates } from "./live.ts";
import { longLists } from "./long-lists.ts";
import { overview } from "./overview.ts";
import { probes } from "./probes.ts";
import { scale } from "./scale.ts";
import { tracing } from "./tracing.ts";

const API = "apps/api/src/server.ts";
const CONTENT = "apps/content/src/server.ts";
const ADMIN_PASSWORD = "bench-password-1";
/**
 * CI's short run fails a read's ratio only below this floor. Which process of the 2-core machine
 * waits decides the ratio more than the code does: repeated full runs here measured 0.59 to 1.10 for
 * one read, and CI's run of 2026-11-26 at 18:52 measured 0.44–0.50 for three reads while its bare
 * twin made 57,000 req/s (docs/PERFORMANCE.md, "Noise, and CI's short run"). What the ratio rests on
 * is checked exactly instead: the api answers the repeated reads at its front door.
 */
const READ_FLOOR = 0.3;
const READ_GOAL = 0.9;
/** The share of a read's answers the api's front door must give (all but the first of each URL). */
const FRONT_DOOR_GOAL = 0.99;

const work = mkdtempSync(join(tmpdir(), "bench-"));
const running: Running[] = [];
const postgresCleanups: (() => Promise<void>)[] = [];
async function api(name: string, env: Record<string, string> = {}) {
  const server = await startServer(API, {
    DATA_DIR: join(work, name),
    ADMIN_PASSWORD,
    SEED_DEMO: "true",
    WEB_DIST_DIR: join(ROOT, "apps/web/dist"),
    // On PostgreSQL the api refuses to start without a configured signing secret (32 bytes or more).
    ...(env.DATABASE_URL ? { CONTENT_HMAC_SECRET: "bench-content-secret-0123456789abcdef" } : {}),
    ...env,
  });
  running.push(server);
  return server;
}

/**
 * The same status, bytes and headers as `url` answers (to a request with `headers`), from a bare
 * node:http server in its own process.
 */
async function bareTwin(
  url: string,
  requestHeaders: Record<string, string> = {},
): Promise<{ url: string; pid: number; close(): void }> {
  const sample = await fetch(url, { headers: requestHeaders });
  const status = sample.status;
  if (status !== 200 && status !== 304) throw new Error(`${url} answered ${status}`);
  const body = Buffer.from(await sample.arrayBuffer()).toString("base64");
  const headers = Object.fromEntries(
    [...sample.headers].filter(
      ([name]) => !["date", "connection", "keep-alive", "content-length", "x-request-id"].includes(name),
    ),
  );
  const twin = await startHelper("bench/serve-bare.ts", [JSON.stringify({ status, body, headers })]);
  const { pathname, search } = new URL(url);
  return { ...twin, url: `${twin.url}${pathname}${search}` };
}

/**
 * Requests per second of the server and of its bare twin, measured in alternating rounds, with the
 * CPU time each process spent per request and how many answers the server gave.
 */
async function alternate(
  server: { url: string; pid: number },
  twin: { url: string; pid: number },
  headers: Record<string, string> = {},
) {
  // A revalidation's 304s are what is measured: autocannon counts them outside 2xx.
  const request = { headers, allowFailures: "if-none-match" in headers };
  // This machine's rate drifts by a third within a minute: both servers are warmed, then measured
  // in alternating rounds, and the ratio is the mean of the api's rates over the twin's. Shorter
  // rounds follow the drift more closely (the short run keeps two: its rounds are short already).
  const rounds = SHORT ? 2 : 5;
  await load({ url: twin.url, duration: 2, ...request });
  const warmUp = await load({ url: server.url, duration: 2, ...request });
  const reference = { rate: 0, p99: 0, cpu: 0, requests: 0 };
  const measured = { rate: 0, p99: 0, cpu: 0, requests: 0 };
  for (let round = 0; round < rounds; round++) {
    for (const [target, total] of [
      [twin, reference],
      [server, measured],
    ] as const) {
      const cpuBefore = cpuMicros(target.pid);
      const result = await load({ url: target.url, duration: SECONDS / rounds, ...request });
      total.cpu += cpuMicros(target.pid) - cpuBefore;
      total.requests += result.sent;
      total.rate += result.rate / rounds;
      total.p99 = Math.max(total.p99, result.p99);
    }
  }
  return { reference, measured, served: warmUp.sent + measured.requests };
}

/** Public reads the api at `base` has answered at its front door so far (`GET /metrics`, from loopback). */
async function frontDoorAnswers(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const sample = /^public_answers_before_routing_total (\d+)$/m.exec(text);
  if (!sample) throw new Error(`${base}/metrics has no public_answers_before_routing_total`);
  return Number(sample[1]);
}

const microsPerRequest = (total: { cpu: number; requests: number }) =>
  `${Math.round(total.cpu / total.requests)} µs CPU/request`;

/** A public read against its bare twin; `api` is the api serving it (its front door is checked). */
async function readRatio(
  section: string,
  name: string,
  url: string,
  server: Running,
  api: boolean,
  headers: Record<string, string> = {},
) {
  const twin = await bareTwin(url, headers);
  const goal = SHORT ? READ_FLOOR : READ_GOAL;
  const target = { url, pid: server.child.pid! };
  const answeredBefore = api ? await frontDoorAnswers(server.url) : 0;
  let { reference, measured, served } = await alternate(target, twin, headers);
  if (SHORT && measured.rate / reference.rate < goal) {
    const again = await alternate(target, twin, headers);
    ({ reference, measured } = again);
    served += again.served;
  }
  twin.close();
  const ratio = measured.rate / reference.rate;
  record({
    section,
    name: `${name} req/s ratio`,
    value: `${format.ratio(ratio)} (${format.rate(measured.rate)}, ${microsPerRequest(measured)})`,
    goal: `≥ ${goal.toFixed(2)}`,
    reference: `bare node:http ${format.rate(reference.rate)}, ${microsPerRequest(reference)}`,
    met: ratio >= goal,
  });
  if (api) {
    const share = ((await frontDoorAnswers(server.url)) - answeredBefore) / served;
    record({
      section,
      name: `${name} answered at the front door`,
      value: `${(100 * share).toFixed(1)}% of ${served.toLocaleString("en-US")}`,
      goal: `≥ ${FRONT_DOOR_GOAL * 100}%`,
      met: share >= FRONT_DOOR_GOAL,
    });
  }
  if (!SHORT)
    record({
      section,
      name: `${name} p99`,
      value: format.ms(measured.p99),
      goal: "≤ 10 ms",
      reference: `bare ${format.ms(reference.p99)}`,
      met: measured.p99 <= 10,
    });
}

async function session(base: string) {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: ADMIN_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const authorization = `Bearer ${token}`;
  const csrf = (await (await fetch(`${base}/api/v1/csrf`, { headers: { authorization } })).json()) as {
    csrfToken: string;
  };
  return { authorization, csrf: csrf.csrfToken };
}

// 1. Public reads against a bare server sending the same bytes, in the same run.
async function publicReads() {
  console.log(
    `\n1. Public reads: ${CONNECTIONS} connections, ${SECONDS} s each, against a bare node:http twin`,
  );
  const server = await api("reads");
  const content = await startServer(CONTENT, { DATA_DIR: join(work, "reads") }, "CONTENT_PORT");
  running.push(content);
  const reads: [string, string, Running][] = [
    ["ads of a page", `${server.url}/api/v1/public/sportbn/ads?page=Home`, server],
    ["locker", `${server.url}/api/v1/public/sportbn/locker`, server],
    ["apps catalogue", `${server.url}/api/v1/public/apkw/apps`, server],
    ["sportbn matches", `${server.url}/api/v1/public/sportbn/matches`, server],
    ["content service list", `${content.url}/api/movies`, content],
  ];
  for (const [name, url, by] of SHORT ? reads.slice(0, 3) : reads)
    await readRatio("public reads", name, url, by, by === server);
  if (SHORT) return;

  // A CDN or browser revalidating its copy (max-age 30 s): If-None-Match with the current ETag, 304
  // with no body, against a bare twin answering the same 304 (issue 39: 0.21 before, the route
  // answered every one).
  const ads = reads[0]![1];
  const etag = (await fetch(ads)).headers.get("etag")!;
  await readRatio("public reads", "ads of a page revalidated (304)", ads, server, true, {
    "if-none-match": etag,
  });

  // An admin write is visible on the next read.
  const { authorization, csrf } = await session(server.url);
  const before = await (await fetch(`${server.url}/api/v1/public/apkw/ads`)).text();
  const created = await fetch(`${server.url}/api/v1/apkw/ads`, {
    method: "POST",
    headers: { authorization, "x-csrf-token": csrf, "content-type": "application/json" },
    body: JSON.stringify({ page: "Bench", url: "https://ads.example/bench", isActive: "true" }),
  });
  const after = await (await fetch(`${server.url}/api/v1/public/apkw/ads`)).text();
  record({
    section: "public reads",
    name: "admin write visible on the next read",
    value: created.ok && after !== before && after.includes("ads.example/bench") ? "yes" : "no",
    goal: "yes",
    met: created.ok && after.includes("ads.example/bench"),
  });
}

/** The two public forms, each with a fresh body per request. */
const INTAKE_FORMS = [
  ["subscription", "/api/v1/public/apkw/emails", (n: number) => ({ email: `load${n}@example.com` })],
  [
    "contact message",
    "/api/v1/public/movies/contacts",
    (n: number) => ({ email: `load${n}@example.com`, firstName: "Load", message: `Message ${n}` }),
  ],
] as const;

let intakeSequence = 0;
/**
 * POSTs to a public form under load, each request from its own client address (the trusted proxy's
 * X-Forwarded-For, so the per-address limits do not answer 429) with its own body.
 */
function postFromManyAddresses(url: string, body: (n: number) => object, duration?: number) {
  const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  return load({
    url,
    ...(duration === undefined ? {} : { duration }),
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          const n = ++intakeSequence;
          return {
            ...request,
            headers: { "content-type": "application/json", "x-forwarded-for": address(n) },
            body: JSON.stringify(body(n)),
          };
        },
      },
    ],
  });
}

// 2. Durable intake from many client addresses.
async function intake(kind: "PGlite" | "PostgreSQL", env: Record<string, string>) {
  const server = await api(`intake-${kind}`, { TRUST_PROXY: "true", SEED_DEMO: "false", ...env });
  for (const [name, path, body] of INTAKE_FORMS) {
    const measured = await postFromManyAddresses(`${server.url}${path}`, body);
    record({
      section: "intake",
      name: `${name} (${kind}) req/s, 201 each`,
      value: format.rate(measured.rate),
      goal: kind === "PGlite" ? "≥ 1,000 req/s" : "noted",
      met: kind === "PGlite" ? measured.rate >= 1000 : undefined,
    });
    record({
      section: "intake",
      name: `${name} (${kind}) p99`,
      value: format.ms(measured.p99),
      goal: kind === "PGlite" ? "≤ 100 ms" : "noted",
      met: kind === "PGlite" ? measured.p99 <= 100 : undefined,
    });
  }
  await server.stop();
}

function seed(env: Record<string, string>, args: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ["apps/api/src/cli/seed.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return once(child, "exit").then(([code]) => {
    if (code !== 0) throw new Error(`seed exited with ${code}`);
    return performance.now() - started;
  });
}

// 3. A million emails and 100,000 contact messages: paging, totals and bulk delete; then footprint.
async function largeTables(kind: "PGlite" | "PostgreSQL", env: Record<string, string>) {
  const name = `large-${kind}`;
  const dataEnv = { DATA_DIR: join(work, name), ADMIN_PASSWORD, SEED_DEMO: "false", ...env };
  // The admin exists before the seed, so the server's first start only opens the data.
  const first = await api(name, dataEnv);
  await first.stop();
  const seedMs = await seed(dataEnv, ["--emails", "1000000", "--contacts", "100000"]);
  record({
    section: "large tables",
    name: `seed 1,000,000 emails + 100,000 contacts (${kind})`,
    value: `${(seedMs / 1000).toFixed(1)} s`,
    goal: "< 60 s",
    met: seedMs < 60_000,
  });
  const server = await api(name, dataEnv);
  const { authorization, csrf } = await session(server.url);
  const list = (path: string) => fetch(`${server.url}${path}`, { headers: { authorization } });
  for (const [path, pages] of [
    ["/api/v1/apkw/emails", 50_000],
    ["/api/v1/movies/contacts", 5_000],
  ] as const) {
    const times: Record<string, number> = {};
    for (const [label, page] of [
      ["first", 1],
      ["middle", pages / 2],
      ["last", pages],
    ] as const) {
      await list(`${path}?page=${page}`); // warm
      times[label] = await p95(40, async () => {
        const answer = (await (await list(`${path}?page=${page}`)).json()) as {
          data: unknown[];
          result: number;
        };
        if (answer.data.length !== 20) throw new Error(`${path} page ${page}: ${answer.data.length} rows`);
      });
      record({
        section: "large tables",
        name: `${path} ${label} page p95 (${kind})`,
        value: format.ms(times[label]!),
        goal: "≤ 50 ms",
        met: times[label]! <= 50,
      });
    }
    record({
      section: "large tables",
      name: `${path} last page / first page (${kind})`,
      value: format.ratio(times.last! / times.first!),
      goal: "≤ 2",
      met: times.last! / times.first! <= 2,
    });
  }
  await inboxSearch(kind, list);
  const ids: string[] = [];
  for (let page = 100; ids.length < 1000; page++) {
    const answer = (await (await list(`/api/v1/apkw/emails?page=${page}&limit=100`)).json()) as {
      data: { _id: string }[];
    };
    ids.push(...answer.data.map((row) => row._id));
  }
  const started = performance.now();
  const deleted = await fetch(`${server.url}/api/v1/apkw/emails`, {
    method: "DELETE",
    headers: { authorization, "x-csrf-token": csrf, "content-type": "application/json" },
    body: JSON.stringify({ ids }),
  });
  const deleteMs = performance.now() - started;
  if (!deleted.ok) throw new Error(`bulk delete answered ${deleted.status}`);
  record({
    section: "large tables",
    name: `bulk delete of 1,000 selected emails (${kind})`,
    value: format.ms(deleteMs),
    goal: "≤ 200 ms",
    met: deleteMs <= 200,
  });
  // That delete also wrote 1,000 history entries and trash rows; its Undo puts the rows back.
  const undoStarted = performance.now();
  const undone = await fetch(`${server.url}/api/v1/apkw/trash/undo`, {
    method: "POST",
    headers: { authorization, "x-csrf-token": csrf, "content-type": "application/json" },
    body: JSON.stringify({ token: deleted.headers.get("x-undo-token") }),
  });
  const undoMs = performance.now() - undoStarted;
  const restored = ((await undone.json()) as { restored?: number }).restored;
  if (restored !== 1000) throw new Error(`undo restored ${restored} rows`);
  record({
    section: "large tables",
    name: `undo of that bulk delete, 1,000 rows back (${kind})`,
    value: format.ms(undoMs),
    goal: "≤ 200 ms",
    met: undoMs <= 200,
  });
  // Export: the whole million-row list as CSV, streamed; memory sampled while it runs.
  const rssBefore = rssMb(server.child.pid!);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(server.child.pid!));
  }, 100);
  const exportStarted = performance.now();
  const exported = await fetch(`${server.url}/api/v1/apkw/emails/export.csv`, { headers: { authorization } });
  let lines = 0;
  for await (const chunk of exported.body!)
    for (const byte of chunk as Uint8Array) if (byte === 10) lines += 1;
  const exportMs = performance.now() - exportStarted;
  clearInterval(sampler);
  record({
    section: "export",
    name: `CSV export of ${(lines - 1).toLocaleString("en-US")} emails (${kind})`,
    value: `${(exportMs / 1000).toFixed(1)} s`,
    goal: "< 30 s",
    met: exportMs < 30_000 && lines > 999_000,
  });
  record({
    section: "export",
    name: `api memory growth during the export (${kind})`,
    value: `${Math.round(rssPeak - rssBefore)} MB (${Math.round(rssBefore)} → ${Math.round(rssPeak)} MB)`,
    goal: "< 50 MB",
    met: rssPeak - rssBefore < 50,
  });
  if (kind === "PostgreSQL") return server.stop();

  // 6. Footprint: memory after paging under load, and a restart on the existing data.
  await load({
    url: `${server.url}/api/v1/apkw/emails?page=25000`,
    headers: { authorization },
    duration: Math.min(SECONDS, 5),
  });
  const rss = rssMb(server.child.pid!);
  record({
    section: "footprint",
    name: "api RSS with the million-row database, after paging under load",
    value: `${Math.round(rss)} MB`,
    goal: "≤ 400 MB",
    met: rss <= 400,
  });
  await server.stop();
  const again = await api(name, dataEnv);
  record({
    section: "footprint",
    name: "restart on existing data, to ready",
    value: `${(again.readyMs / 1000).toFixed(2)} s`,
    goal: "≤ 2 s",
    met: again.readyMs <= 2000,
  });
  await again.stop();
}

/**
 * Search, oldest first and date ranges on the million emails and 100,000 contact messages of
 * `largeTables` (docs/PRODUCT-RULES.md#emails-and-contacts): each answer with its total, p95 of 40.
 */
async function inboxSearch(kind: string, list: (path: string) => Promise<Response>) {
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const month = `from=${daysAgo(60)}&to=${daysAgo(31)}`;
  const cases: [label: string, path: string, rows: "some" | "none"][] = [
    ["search, 11 matches", "/api/v1/apkw/emails?q=reader12345", "some"],
    ["search, 111 matches", "/api/v1/apkw/emails?q=reader9999", "some"],
    ["search, 1,111 matches (total capped at 1,000)", "/api/v1/apkw/emails?q=reader999", "some"],
    ["search, 111,111 matches (total capped)", "/api/v1/apkw/emails?q=reader9", "some"],
    ["search, no match", "/api/v1/apkw/emails?q=nobody", "none"],
    ["oldest first, first page", "/api/v1/apkw/emails?sort=oldest", "some"],
    ["oldest first, last page", "/api/v1/apkw/emails?sort=oldest&page=49950", "some"],
    ["30 days", `/api/v1/apkw/emails?${month}`, "some"],
    ["30 days, oldest first, page 400", `/api/v1/apkw/emails?${month}&sort=oldest&page=400`, "some"],
    ["30 days, searched, oldest first", `/api/v1/apkw/emails?${month}&q=reader9&sort=oldest`, "some"],
    ["contacts: search by first name", "/api/v1/movies/contacts?q=ana", "some"],
    ["contacts: search by subject", "/api/v1/movies/contacts?q=broken", "some"],
    ["contacts: search by address", "/api/v1/movies/contacts?q=viewer4242", "some"],
  ];
  for (const [label, path, rows] of cases) {
    const fetchOnce = async () => {
      const answer = (await (await list(path)).json()) as { data?: unknown[] };
      if ((answer.data?.length ?? 0) === 0 && rows === "some") throw new Error(`${path}: no rows`);
    };
    await fetchOnce(); // warm
    const time = await p95(40, fetchOnce);
    record({
      section: "inbox search",
      name: `${label}: ${path.replace(/^\/api\/v1/, "")} p95 (${kind})`,
      value: format.ms(time),
      goal: "≤ 100 ms",
      met: time <= 100,
    });
  }
}

/**
 * What `npm start` leaves running, npm itself included: its memory after a restart on the data of a
 * first start, idle and after load (public reads, intake, admin lists, the sports feed and the movie
 * database through the sandbox, posters, the content service's public list), read 3 s after the load.
 */
/** How long `npm start`'s idle CPU is measured (docs/decisions/009-job-runner.md, "Idle means idle"). */
const IDLE_SECONDS = 60;

async function npmStart() {
  console.log("\n6. npm start: the memory of every process it leaves running");
  const env = { DATA_DIR: join(work, "npm-start"), ADMIN_PASSWORD, TRUST_PROXY: "true", LOG_LEVEL: "info" };
  const tree = (root: number) => {
    const processes = treeRss(root);
    const total = processes.reduce((sum, { mb }) => sum + mb, 0);
    const each = processes.map(({ command, mb }) => {
      const name = command.startsWith("npm") ? "npm" : (command.split(" ").at(-1) ?? command);
      return `${name.replace(ROOT, "")} ${Math.round(mb)}`;
    });
    return { total, value: `${Math.round(total)} MB (${each.join(", ")})` };
  };
  const startIdle = async (name: string) => {
    const started = await startNpm(env);
    running.push(started);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    record({ section: "footprint", name, value: tree(started.child.pid!).value, goal: "noted" });
    return started;
  };
  await (await startIdle("npm start, first run (new databases, demo data), idle")).stop();
  const server = await startIdle("npm start, restart, idle");
  // Idle CPU (issue 39, item 4): every process of the tree, from /proc/<pid>/stat, over a minute
  // in which nothing is asked of it (the job runner's schedule and the servers' own timers only).
  const treeCpu = () => treeRss(server.child.pid!).reduce((sum, { pid }) => sum + cpuMicros(pid), 0);
  const idleFrom = { cpu: treeCpu(), at: performance.now() };
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idleShare = (treeCpu() - idleFrom.cpu) / ((performance.now() - idleFrom.at) * 1000);
  record({
    section: "footprint",
    name: `npm start, restart, idle CPU over ${IDLE_SECONDS} s`,
    value: `${(100 * idleShare).toFixed(2)} % of a core`,
    goal: "≤ 0.3 %",
    reference: "before: 1.43-1.53 % (pg-boss polling five queues every 5 s)",
    met: idleShare <= 0.003,
  });
  const duration = Math.min(SECONDS, 3);
  const { authorization } = await session(server.url);
  for (const path of [
    "/api/v1/public/sportbn/ads?page=Home",
    "/api/v1/public/sportbn/locker",
    "/api/v1/public/apkw/apps",
    "/api/v1/public/sportbn/matches",
  ])
    await load({ url: `${server.url}${path}`, duration });
  for (const [, path, body] of INTAKE_FORMS)
    await postFromManyAddresses(`${server.url}${path}`, body, duration);
  for (const path of [
    "/api/v1/apkw/emails?page=1",
    "/api/v1/movies/contacts?page=1",
    "/api/v1/movies/catalog",
    "/api/v1/apkw/history?page=1",
  ])
    await load({ url: `${server.url}${path}`, headers: { authorization }, duration });
  const admin = (path: string) => fetch(`${server.url}${path}`, { headers: { authorization } });
  for (const sport of ["football", "basketball", "hockey", "am-football"])
    await (await admin(`/api/v1/sportbn/connect/${sport}`)).arrayBuffer();
  const posters = new Set<string>();
  for (const kind of ["movie", "tv"])
    for (let page = 1; page <= 5; page++) {
      const answer = (await (await admin(`/api/v1/tmdb/trending/${kind}/day?page=${page}`)).json()) as {
        results?: { poster_path?: string | null; backdrop_path?: string | null }[];
      };
      for (const item of answer.results ?? [])
        for (const file of [item.poster_path, item.backdrop_path]) if (file) posters.add(file);
    }
  for (const file of posters)
    for (const size of ["w185", "w500"])
      await (await fetch(`${server.url}/api/v1/tmdb/images/${size}${file}`)).arrayBuffer();
  await load({ url: `${server.contentUrl}/api/movies`, duration });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const after = tree(server.child.pid!);
  record({
    section: "footprint",
    name: "npm start, every process it leaves running, after load",
    value: after.value,
    goal: "≤ 400 MB",
    reference: "before: 1,039 MB (npm, launcher, content, sandbox, api)",
    met: after.total <= 400,
  });
  await server.stop();
}

/** The movies list's pause before it searches what is typed (SEARCH_PAUSE_MS, apps/web/src/hooks/use-debounced-value.ts). */
const SEARCH_PAUSE_MS = 500;

/** Bytes of one response as the browser received it (headers and body, compressed as sent). */
interface Received {
  url: string;
  type: string;
  encoding: string;
  bytes: number;
}

/** Every response of `page` from now on, with its size on the wire (Chromium's Network domain). */
async function onTheWire(page: Page): Promise<Map<string, Received>> {
  const received = new Map<string, Received>();
  const cdp = await page.context().newCDPSession(page);
  cdp.on("Network.responseReceived", (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    received.set(event.requestId, {
      url: event.response.url,
      type: event.type ?? "Other",
      encoding: String(headers["content-encoding"] ?? "none"),
      bytes: 0,
    });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const response = received.get(event.requestId);
    if (response) response.bytes = event.encodedDataLength;
  });
  await cdp.send("Network.enable");
  return received;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** The lazy-chunk goal (docs/PRODUCT-RULES.md#performance-goals), gzipped; e2e/bundle.e2e.ts holds it too. */
const LAZY_CHUNK_GOAL = 60 * 1024;

// 5. The dashboard in Chromium: /login on the wire and its JavaScript, lazy chunks, Largest Contentful Paint.
async function dashboard() {
  const dist = join(ROOT, "apps/web/dist");
  if (!existsSync(join(dist, "index.html"))) {
    console.log("\n5. Dashboard: building apps/web (npm run build)");
    const build = spawn("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
    const [code] = await once(build, "exit");
    if (code !== 0) throw new Error("npm run build failed");
  }
  console.log("\n4–5. Dashboard in Chromium (loopback), the movies list with 5,000 titles");
  const dataDir = join(work, "web");
  await fiveThousandTitles(join(dataDir, "content"));
  const content = await startServer(CONTENT, { DATA_DIR: dataDir, SEED_DEMO: "false" }, "CONTENT_PORT");
  running.push(content);
  const server = await api("web", { CONTENT_URL: content.url });
  const browser = await retry("Chromium to start", () =>
    chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu"],
      timeout: BROWSER_TIMEOUT_MS,
    }),
  );
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(BROWSER_TIMEOUT_MS);
    const scripts = new Map<string, number>();
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
    });
    const wire = await onTheWire(page);
    const lcp = async (path: string, ready: string) => {
      await visit(
        page,
        `${server.url}${path}`,
        () => page.getByText(ready, { exact: true }).first(),
        `"${ready}"`,
      );
      // The largest paint so far; NaN when the page reports none within 10 s.
      return page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            setTimeout(() => resolve(Number.NaN), 10_000);
            new PerformanceObserver((entries) => {
              const last = entries.getEntries().at(-1);
              resolve(last ? last.startTime : Number.NaN);
            }).observe({ type: "largest-contentful-paint", buffered: true } as never);
          }),
      );
    };
    const login = await lcp("/login", "Sign In");
    await page.waitForLoadState("networkidle");
    // What a first visit of /login receives: the page, its scripts and styles, its API calls.
    const loginLoad = [...wire.values()];
    const bytesOf = (type: string) =>
      loginLoad.filter((response) => response.type === type).reduce((sum, { bytes }) => sum + bytes, 0);
    const onWire = loginLoad.reduce((sum, { bytes }) => sum + bytes, 0);
    const scriptBytes = bytesOf("Script");
    const encodings = [...new Set(loginLoad.filter((r) => r.type === "Script").map((r) => r.encoding))];
    record({
      section: "dashboard",
      name: "/login JavaScript on the wire (first visit, headers included)",
      value: `${kb(scriptBytes)} in ${loginLoad.filter((r) => r.type === "Script").length} files (${encodings.join(", ")})`,
      goal: "≤ 90 KB",
      reference: "before: 285.5 KB, sent uncompressed",
      met: scriptBytes <= 90 * 1024,
    });
    record({
      section: "dashboard",
      name: "/login on the wire, every response (first visit)",
      value:
        `${kb(onWire)} in ${loginLoad.length} responses: JavaScript ${kb(scriptBytes)}, ` +
        `CSS ${kb(bytesOf("Stylesheet"))}, HTML ${kb(bytesOf("Document"))}, other ${kb(
          onWire - scriptBytes - bytesOf("Stylesheet") - bytesOf("Document"),
        )}`,
      goal: "noted",
      reference: "before: 351.4 KB",
    });
    const loginJs = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    record({
      section: "dashboard",
      name: "/login JavaScript, gzip",
      value: `${(loginJs / 1024).toFixed(1)} KB in ${scripts.size} files`,
      goal: "≤ 100 KB (the build test fails above 150 KB)",
      met: loginJs <= 100 * 1024,
    });
    const loginFiles = new Set([...scripts.keys()].map((path) => path.split("/").pop()));
    const chunks = readdirSync(join(dist, "assets"))
      .filter((file) => file.endsWith(".js") && !loginFiles.has(file))
      .map((file) => ({
        file,
        size: gzipSync(readFileSync(join(dist, "assets", file)), { level: 9 }).length,
      }))
      .sort((a, b) => b.size - a.size);
    const over = chunks.filter((chunk) => chunk.size > LAZY_CHUNK_GOAL);
    record({
      section: "dashboard",
      name: `every lazy chunk, gzip (${chunks.length} chunks)`,
      value:
        `largest ${kb(chunks[0]!.size)} (${chunks[0]!.file})` +
        (over.length
          ? `; above the goal: ${over.map((chunk) => `${chunk.file} ${kb(chunk.size)}`).join(", ")}`
          : ""),
      goal: "each ≤ 60 KB",
      reference: "before: day-bars 114 KB (Recharts)",
      met: over.length === 0,
    });
    record({ section: "dashboard", name: "LCP of /login", value: format.ms(login), goal: "noted" });
    await page.getByLabel("Email").fill("admin@example.com");
    await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    // Signing in lands on the site's overview (/apkw) since the Dashboard item came.
    await page.waitForURL((url) => url.pathname.startsWith("/apkw"));
    record({
      section: "dashboard",
      name: "LCP of /apkw/apps",
      value: format.ms(await lcp("/apkw/apps", "Apps & Games")),
      goal: "noted",
    });
    await moviesList(page, server.url);
    record({
      section: "dashboard",
      name: "LCP of /movies/list (5,000 titles)",
      value: format.ms(await lcp("/movies/list", "Movies & TV List")),
      goal: "noted",
    });
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** 5,000 titles in the content service's database (made by the database, before the service starts). */
async function fiveThousandTitles(dataDir: string) {
  const db = await openDatabase({ dataDir });
  try {
    await migrate(db, "content");
    await db.query(
      `insert into titles (id, type, tmdb_id, title, overview, status, poster_path, vote_average, release_date, genres, created_at)
       select lpad(to_hex(1700000000 + g * 60), 8, '0') || lpad(to_hex(g), 16, '0'),
         case when g % 3 = 0 then 'tv' else 'movie' end, g, 'Title ' || lpad(g::text, 4, '0'),
         'A story of ' || g || ' people and what they find.', case when g % 7 = 0 then null else 'Released' end,
         null, (g % 100) / 10.0, '2020-01-01', '[{"id":18,"name":"Drama"}]', to_timestamp(1700000000 + g * 60)
       from generate_series(1, 5000) as g`,
    );
  } finally {
    await db.close();
  }
}

/** The 5,000-title movies list in Chromium: first page, type filter, search, paging, select all, Newest. */
async function moviesList(page: Page, base: string) {
  const rows = page.getByRole("list", { name: "Titles" }).getByRole("listitem");
  const main = page.getByRole("main");
  let listBytes = 0;
  let listEncoding = "";
  page.on("response", async (response) => {
    if (!response.url().includes("/api/v1/movies/catalog")) return;
    listEncoding = (await response.allHeaders())["content-encoding"] ?? "none";
    listBytes =
      Number((await response.allHeaders())["content-length"] ?? 0) || (await response.body()).length;
  });
  // The first visit also compiles the screen's chunks; a single try moved between 1.3 and 1.8 s on
  // this machine, so the figure is the median of three navigations from another screen.
  const visits: number[] = [];
  for (let round = 0; round < 3; round++) {
    await visit(page, `${base}/apkw/apps`, () => page.getByText("Apps & Games", { exact: true }).first());
    const started = performance.now();
    await visit(page, `${base}/movies/list`, () => rows.first(), "the first title");
    visits.push(performance.now() - started);
  }
  const firstPage = median(visits);
  record({
    section: "movies list (5,000 titles)",
    name: "first page visible after navigation (median of 3)",
    value: `${format.ms(firstPage)} (first visit ${format.ms(visits[0]!)})`,
    goal: "≤ 1,500 ms",
    met: firstPage <= 1500,
  });
  record({
    section: "movies list (5,000 titles)",
    name: "list answer on the wire",
    value: `${(listBytes / 1024).toFixed(0)} KB, ${listEncoding}`,
    goal: "compressed",
    met: listEncoding === "gzip",
  });
  /**
   * Measured inside the page, so Playwright's own round trips are not counted: from the click until
   * a frame shows the change (by default, another title in the first row). One reaction moves by
   * tens of milliseconds between tries on this machine, so each figure is the median of five, with
   * `reset` putting the screen back between them.
   */
  const FIRST_ROW = `document.querySelector("[aria-label=Titles] li")?.textContent`;
  const button = (name: string) =>
    `[...document.querySelectorAll("main button")].find((b) => b.textContent.trim() === ${JSON.stringify(name)})`;
  const TRIES = 5;
  const react = async (
    name: string,
    goal: number,
    target: string,
    {
      done = `${FIRST_ROW} !== before`,
      before = async (_try: number) => {},
      reset = async () => {},
      act = (_try: number) => `(${target}).click()`,
      notCounted = 0,
    } = {},
  ) => {
    const times: number[] = [];
    for (let attempt = 0; attempt < TRIES; attempt++) {
      await before(attempt);
      times.push(
        // Gives up after the bench's browser time-out, naming what it waited for.
        await page.evaluate<number>(`new Promise((resolve, reject) => {
          const before = ${FIRST_ROW};
          const at = performance.now() + ${notCounted};
          ${act(attempt)};
          const check = () => (${done}) ? resolve(performance.now() - at)
            : performance.now() - at > ${BROWSER_TIMEOUT_MS} ? reject(new Error(${JSON.stringify(`${name}: no change on screen within ${BROWSER_TIMEOUT_MS / 1000} s`)}))
            : requestAnimationFrame(check);
          requestAnimationFrame(check);
        })`),
      );
      await reset();
    }
    const took = median(times);
    record({
      section: "movies list (5,000 titles)",
      name: `${name} (median of ${TRIES})`,
      value: format.ms(took),
      goal: `≤ ${goal} ms`,
      met: took <= goal,
    });
  };
  const backToWholeList = async () => {
    await page.waitForURL((url) => !url.search.includes("type=") && !url.search.includes("q="));
    await rows.first().waitFor();
  };
  await react("type filter (TV Shows) answers", 100, button("TV Shows"), {
    reset: async () => {
      await main.getByRole("button", { name: "All", exact: true }).click();
      await backToWholeList();
    },
  });
  // A different search each time, so none is answered from the query cache.
  // The list searches as you type, once typing pauses (SEARCH_PAUSE_MS): the figure runs from the
  // end of that pause, as typing a search in one go, until the first row shows a match.
  const SEARCH_BOX = `document.querySelector("main input[type=search]")`;
  await react(`search answers once typing pauses (${SEARCH_PAUSE_MS} ms, not counted)`, 100, SEARCH_BOX, {
    act: (attempt) =>
      `Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set.call(${SEARCH_BOX}, "Title ${attempt + 1}2");
       ${SEARCH_BOX}.dispatchEvent(new Event("input", { bubbles: true }))`,
    notCounted: SEARCH_PAUSE_MS,
    reset: async () => {
      await main.getByRole("button", { name: "Clear search" }).click();
      await backToWholeList();
      await page.waitForTimeout(SEARCH_PAUSE_MS + 300); // the whole list back after the pause
    },
  });
  await react("next page reacts", 100, button("Next"));
  const SELECT_ALL = `document.getElementById("movies-select-all")`;
  await react("select all reacts", 100, SELECT_ALL, {
    done: `${SELECT_ALL}.getAttribute("data-state") === "checked"`,
    reset: () => page.locator("#movies-select-all").click(),
  });
  await react("Newest toggle reacts", 100, `document.getElementById("movies-newest")`);
}

// 7. Two api instances on one PostgreSQL database and Redis behind a round-robin proxy.
async function twoInstances(databaseUrl: string) {
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379",
  };
  const one = await api("two-a", env);
  const two = await api("two-b", env);
  const path = "/api/v1/public/sportbn/ads?page=Home";
  const twinA = await bareTwin(`${one.url}${path}`);
  const twinB = await bareTwin(`${two.url}${path}`);
  const bareProxy = await startHelper("bench/round-robin.ts", [
    new URL(twinA.url).origin,
    new URL(twinB.url).origin,
  ]);
  const apiProxy = await startHelper("bench/round-robin.ts", [one.url, two.url]);
  const reference = await load({ url: `${bareProxy.url}${path}` });
  const measured = await load({ url: `${apiProxy.url}${path}` });
  const ratio = measured.rate / reference.rate;
  record({
    section: "two instances",
    name: "ads of a page across two api instances (round-robin proxy) req/s ratio",
    value: `${format.ratio(ratio)} (${format.rate(measured.rate)})`,
    goal: `≥ ${READ_GOAL}`,
    reference: `two bare twins behind the same proxy ${format.rate(reference.rate)}`,
    met: ratio >= READ_GOAL,
  });
  // An ad changed through one instance is served by the other's next read.
  const { authorization, csrf } = await session(one.url);
  await fetch(`${two.url}/api/v1/public/apkw/ads`); // cached on B
  const started = performance.now();
  await fetch(`${one.url}/api/v1/apkw/ads`, {
    method: "POST",
    headers: { authorization, "x-csrf-token": csrf, "content-type": "application/json" },
    body: JSON.stringify({ page: "Everywhere", url: "https://ads.example/shared", isActive: "true" }),
  });
  let seenMs = Number.POSITIVE_INFINITY;
  while (performance.now() - started < 5000) {
    if ((await (await fetch(`${two.url}/api/v1/public/apkw/ads`)).text()).includes("ads.example/shared")) {
      seenMs = performance.now() - started;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  record({
    section: "two instances",
    name: "ad changed through A, served by B",
    value: Number.isFinite(seenMs) ? `after ${format.ms(seenMs)}` : "not within 5 s",
    goal: "≤ 1 s",
    met: seenMs <= 1000,
  });
  for (const closing of [bareProxy, apiProxy, twinA, twinB]) closing.close();
  await one.stop();
  await two.stop();
}

/** `BENCH_ONLY=reads,intake,large,start,web,overview,scale,probes,live,two,tracing,long-lists` runs some sections (while working on one); all by default. */
const wanted = (section: string) =>
  !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(",").includes(section);

/**
 * One section when `only` is wanted (`runSection`: its figures written as measured, a failure
 * recorded and the next section run); the servers it started and left running are stopped when it fails.
 */
async function section(name: string, body: () => Promise<void>, only = name) {
  if (!wanted(only)) return;
  const first = running.length;
  await runSection(name, body, async () => {
    for (const server of running.splice(first)) await server.stop().catch(() => {});
  });
}

/** A scratch PostgreSQL database dropped at the end, or undefined when none answers. */
async function postgresFor(name: string) {
  const database = await scratchPostgres(name);
  if (database) postgresCleanups.push(database.drop);
  return database;
}

async function main() {
  console.log(
    `Benchmark ${SHORT ? "(short)" : "(full)"}: Node ${process.version}, ${new Date().toISOString()}, ` +
      // What else the machine ran as the bench began (the ratios depend on it).
      `load average ${loadavg()[0]!.toFixed(2)}`,
  );
  console.log(
    `Each section's figures are written as measured to ${output.dir}/, the table to ${output.table}`,
  );
  const began = performance.now();
  await section("reads", publicReads);
  await section("intake", async () => {
    await intake("PGlite", {});
    if (SHORT) return;
    const postgres = await postgresFor("intake");
    if (postgres) await intake("PostgreSQL", { DATABASE_URL: postgres.url });
  });
  if (!SHORT) {
    await section("large-pglite", () => largeTables("PGlite", {}), "large");
    await section("start", npmStart);
    await section(
      "large-postgres",
      async () => {
        const large = await postgresFor("large");
        if (large) await largeTables("PostgreSQL", { DATABASE_URL: large.url });
      },
      "large",
    );
    await section("web", dashboard);
    await section("scale", async () => {
      const big = await postgresFor("scale");
      if (big) await scale(big.url, api, session);
    });
    await section("probes", async () => {
      const linked = await postgresFor("probes");
      if (linked) await probes(linked.url, api, session);
    });
    await section("overview", async () => {
      await overview("PGlite", {}, join(work, "overview-pglite"), api, session, ADMIN_PASSWORD);
      const mine = await postgresFor("overview");
      if (mine) {
        const env = { DATABASE_URL: mine.url };
        await overview("PostgreSQL", env, join(work, "overview-postgres"), api, session, ADMIN_PASSWORD);
      }
    });
    await section("live", async () => {
      const mine = await postgresFor("live");
      await liveUpdates(mine?.url, api, ADMIN_PASSWORD);
    });
    await section("two", async () => {
      const shared = await postgresFor("shared");
      if (shared) await twoInstances(shared.url);
    });
    await section("tracing", () => tracing(api, session));
    await section("long-lists", () => longLists(api, session, postgresFor));
  }
  const result = table();
  console.log(`\n${result}`);
  mkdirSync(join(ROOT, ".artifacts"), { recursive: true });
  writeFileSync(output.table, `${result}\n`);
  const missed = figures.filter((figure) => figure.met === false);
  const failed = sections.filter((run) => run.status === "failed");
  // CI holds the public reads (ratio floor and front door) to their goal.
  const ratiosMissed = missed.filter((figure) => figure.section === "public reads");
  const minutes = (performance.now() - began) / 60_000;
  console.log(
    `\nbench: ${figures.length} figures, ${missed.length} below goal, ${failed.length} of ${sections.length} sections failed` +
      `${failed.length ? ` (${failed.map((run) => run.name).join(", ")})` : ""}, ${minutes.toFixed(1)} min`,
  );
  if (failed.length || (SHORT && ratiosMissed.length)) process.exitCode = 1;
}

try {
  await main();
} finally {
  for (const server of running) await server.stop().catch(() => {});
  for (const drop of postgresCleanups) await drop().catch(() => {});
  rmSync(work, { recursive: true, force: true });
}
