// The probes section of `npm run bench` (full run only; `BENCH_ONLY=probes` runs it alone):
// 10,000 upcoming sportbn matches with 30,000 stream links (each match's matchUrl and two other
// servers) on PostgreSQL, all pointing at the sandbox's stream endpoints (mostly 200, some 404, 500,
// redirects and a few that hang until the probe's 5-second timeout). The stream-link round (the
// "link-health" job) is run now through the Jobs API and timed from its own record, once with no pace
// and once paced (LINK_PROBE_PER_SECOND, 100 by default); the public ads read is measured before, during
// and after each. Then a match's kick-off is timed to the public matches read.
import { spawn } from "node:child_process";
import { freePort } from "@backoffice/server/free-port";
import pg from "pg";
import { format, load, ROOT, type Running, record } from "./lib.ts";

const MATCHES = 10_000;
const ROUND_SECONDS = 5;

type Start = (name: string, env: Record<string, string>) => Promise<Running>;
type Session = (base: string) => Promise<{ authorization: string; csrf: string }>;

/** The sandbox on a port of its own; it has no /readyz, so its ok stream is polled. */
async function sandbox() {
  const port = await freePort();
  const child = spawn(process.execPath, ["apps/sandbox/src/server.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      SANDBOX_PORT: `${port}`,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (
    let tries = 0;
    !(await fetch(`${url}/streams/ok`).then(
      (r) => r.ok,
      () => false,
    ));
    tries++
  ) {
    if (tries > 400) throw new Error("sandbox not ready");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { url, close: () => child.kill() };
}

/** The matches and their links, made by the database (starting 2 to 22 hours from now, UTC). */
async function seed(databaseUrl: string, streams: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const path = (n: string) => `case when ${n} % 1000 = 0 then '/streams/hang'
    when ${n} % 100 = 1 then '/streams/not-found' when ${n} % 100 = 2 then '/streams/error'
    when ${n} % 100 = 3 then '/streams/redirect' else '/streams/ok' end`;
  await client.query(
    `insert into matches (id, site, status, type, league_name, league_logo, home_name, home_logo, away_name,
       away_logo, day, time, end_time, type_match, match_url)
     select lpad(to_hex(g), 24, '0'), 'sportbn', 'upcoming', 'Football', 'Bench League', 'https://logo.example/l.png',
       'Home ' || g, 'https://logo.example/h.png', 'Away ' || g, 'https://logo.example/a.png',
       to_char(start, 'YYYY-MM-DD'), to_char(start, 'HH24:MI'), to_char(start + interval '105 minutes', 'HH24:MI'),
       'video', $1 || ${path("g")} || '?m=' || g
     from generate_series(1, $2::int) g,
       lateral (select (now() at time zone 'UTC') + interval '2 hours' + (g % 600) * interval '2 minutes' as start) s`,
    [streams, MATCHES],
  );
  await client.query(
    `insert into other_servers (id, site, match_id, name, url)
     select lpad(to_hex(1000000 + g * 2 + k), 24, '0'), 'sportbn', lpad(to_hex(g), 24, '0'), 'Server ' || k,
       $1 || ${path("(g + k * 7)")} || '?m=' || g || '&s=' || k
     from generate_series(1, $2::int) g, generate_series(0, 1) k`,
    [streams, MATCHES],
  );
  await client.end();
}

export async function probes(databaseUrl: string, api: Start, session: Session) {
  console.log(
    `\n9. Stream-link round: ${MATCHES.toLocaleString("en-US")} matches, ${(MATCHES * 3).toLocaleString("en-US")} links`,
  );
  const streams = await sandbox();
  const env = {
    DATABASE_URL: databaseUrl,
    SEED_DEMO: "false",
    CONTENT_HMAC_SECRET: "b".repeat(48),
    LINK_PROBE_ALLOWED_HOSTS: "127.0.0.1",
  };
  await (await api("probes", env)).stop(); // migrations and the admin first
  await seed(databaseUrl, streams.url);
  // The round as fast as 20 at once allow (before), then paced as the api runs it (the default).
  // BENCH_PROBE_PACES=100 measures only the paced round.
  for (const perSecond of (process.env.BENCH_PROBE_PACES ?? "0,100").split(",")) {
    const server = await api("probes", { ...env, LINK_PROBE_PER_SECOND: perSecond });
    const { authorization, csrf } = await session(server.url);
    await round(server.url, authorization, csrf, perSecond === "0" ? "no pace" : `${perSecond} a second`);
    if (perSecond !== "0") await kickOff(server.url, authorization, csrf);
    await server.stop();
  }
  streams.close();
}

/** One round through Run now, timed from its own record, with the ads read measured without and during it. */
async function round(base: string, authorization: string, csrf: string, pace: string) {
  const read = `${base}/api/v1/public/sportbn/ads?page=Home`;
  const jobs = async () =>
    (
      (await (await fetch(`${base}/api/v1/jobs`, { headers: { authorization } })).json()) as {
        data: {
          name: string;
          lastRun: { at: string; durationMs: number | null; result: string; summary: string | null } | null;
        }[];
      }
    ).data.find((job) => job.name === "link-health")!;
  // Paused: no scheduled run (every 10 minutes) queues behind the one measured; Run now still runs.
  const paused = await fetch(`${base}/api/v1/jobs/link-health/pause`, {
    method: "POST",
    headers: { authorization, "x-csrf-token": csrf },
  });
  if (!paused.ok) throw new Error(`pause: ${paused.status} ${await paused.text()}`);
  await load({ url: read, duration: 2 }); // warm
  const quiet: number[] = [(await load({ url: read, duration: ROUND_SECONDS })).rate];
  const busy: number[] = [];
  const queuedAt = Date.now();
  const run = await fetch(`${base}/api/v1/jobs/link-health/run`, {
    method: "POST",
    headers: { authorization, "x-csrf-token": csrf },
  });
  if (!run.ok) throw new Error(`Run now: ${run.status} ${await run.text()}`);
  let job = await jobs();
  const done = () =>
    job.lastRun && Date.parse(job.lastRun.at) >= queuedAt - 1000 && job.lastRun.result !== "running";
  while (!done()) {
    if (job.lastRun?.result === "running" && busy.length < 4)
      busy.push((await load({ url: read, duration: ROUND_SECONDS })).rate);
    else await new Promise((resolve) => setTimeout(resolve, 500));
    job = await jobs();
  }
  const roundMs = Date.now() - queuedAt;
  quiet.push((await load({ url: read, duration: ROUND_SECONDS })).rate);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const took = job.lastRun!.durationMs ?? roundMs;
  record({
    section: "probes",
    name: `stream-link round of ${(MATCHES * 3).toLocaleString("en-US")} links, 20 at once, ${pace} (${job.lastRun!.summary})`,
    value: `${(took / 1000).toFixed(1)} s (${(roundMs / 1000).toFixed(1)} s from Run now)`,
    goal: "≤ 600 s",
    met: took <= 600_000 && job.lastRun!.result === "succeeded",
  });
  const ratio = busy.length ? mean(busy) / mean(quiet) : Number.NaN;
  record({
    section: "probes",
    name: `ads of a page req/s during that round / without (${busy.length} rounds of ${ROUND_SECONDS} s during, 2 without)`,
    value: `${format.ratio(ratio)} (${format.rate(mean(busy))})`,
    goal: "≥ 0.90",
    reference: `without a round ${format.rate(mean(quiet))}`,
    met: ratio >= 0.9,
  });
}

/**
 * "Status changes reach the public read within 60 s of the minute they happen": a match kicking
 * off at the next minute (UTC, the default FEED_TIMEZONE), read publicly every 100 ms from before
 * that minute until it shows live; the figure is from the minute to the first live answer.
 */
async function kickOff(base: string, authorization: string, csrf: string) {
  const MINUTE = 60_000;
  const start = Math.ceil((Date.now() + 5000) / MINUTE) * MINUTE;
  const at = (ms: number) => new Date(ms).toISOString();
  const created = await fetch(`${base}/api/v1/sportbn/matches`, {
    method: "POST",
    headers: { authorization, "x-csrf-token": csrf, "content-type": "application/json" },
    body: JSON.stringify({
      league_name: "Bench League",
      league_logo: "https://logo.example/l.png",
      homeTeam_name: "Kick-off home",
      homeTeam_logo: "https://logo.example/h.png",
      awayTeam_name: "Kick-off away",
      awayTeam_logo: "https://logo.example/a.png",
      date: at(start).slice(0, 10),
      time: at(start).slice(11, 16),
      end_time: at(start + 105 * MINUTE).slice(11, 16),
      isFirst: "false",
      matchUrl: "https://stream.example/kick-off",
    }),
  });
  if (!created.ok) throw new Error(`match: ${created.status} ${await created.text()}`);
  const id = ((await created.json()) as { data: { _id: string } }).data._id;
  const status = async () =>
    (
      (await (await fetch(`${base}/api/v1/public/sportbn/matches`)).json()) as {
        data: { _id: string; status: string }[];
      }
    ).data.find((match) => match._id === id)?.status;
  const before = await status();
  let live = Number.NaN;
  while (Date.now() < start + 2 * MINUTE) {
    if ((await status()) === "live") {
      live = Date.now();
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  record({
    section: "probes",
    name: `a match's kick-off reaches the public matches read (status before: ${before})`,
    value: Number.isNaN(live) ? "never (2 min)" : `${((live - start) / 1000).toFixed(2)} s after its minute`,
    goal: "≤ 60 s",
    met: live - start <= MINUTE,
  });
}
