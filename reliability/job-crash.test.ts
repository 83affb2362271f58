import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { buildSandbox } from "../apps/sandbox/src/app.ts";
import { type ApiProcess, privatePostgres, spawnApi, stopApi } from "./api-process.ts";
import { ADMIN, adminSession, engine, sleep } from "./faults.ts";
import { report } from "./support.ts";

// A job run cut short by kill -9 of its instance is retried by another instance (lib/jobs.ts):
// two api instances on a private PostgreSQL; the stream-link round (the "link-health" job, 20 links
// to the sandbox's stream that never answers, so a run lasts the probe's 5-second timeout) is started
// on A while B is held (SIGSTOP) so that A takes it; A is killed with SIGKILL mid-run and B let go.
// B's job runner notices A's heartbeat has stopped (JOBS_HEARTBEAT_SECONDS, 10 here), retries the run
// after JOBS_RETRY_DELAY_SECONDS (1 here) and records A's run as interrupted. Runs on the PostgreSQL
// project only: the embedded database serves one instance.
const HEARTBEAT = 10;
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Run {
  attempt: number;
  result: string;
  trigger: string;
  summary: string | null;
  error: string | null;
  started_at: Date;
}

describe.runIf(engine === "postgres")("a job interrupted by kill -9", () => {
  it("is retried by another instance within two heartbeats and the retry delay, the cut run recorded as interrupted", async () => {
    const postgres = await privatePostgres();
    cleanups.push(() => postgres.destroy());
    const sandbox = buildSandbox();
    await sandbox.listen({ port: 0, host: "127.0.0.1" });
    cleanups.push(() => sandbox.close());
    const streams = `http://127.0.0.1:${(sandbox.server.address() as { port: number }).port}`;
    const env = {
      DATABASE_URL: postgres.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LINK_PROBE_ALLOWED_HOSTS: "127.0.0.1",
      JOBS_HEARTBEAT_SECONDS: String(HEARTBEAT),
      JOBS_RETRY_DELAY_SECONDS: "1",
    };
    const a: ApiProcess = await spawnApi(env);
    cleanups.push(() => stopApi(a, "SIGKILL"));
    await a.ready();
    const b: ApiProcess = await spawnApi(env);
    cleanups.push(() => stopApi(b, "SIGKILL"));
    await b.ready();

    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    cleanups.push(() => db.end());
    // 20 matches kicking off within the hour, each with one stream link that never answers.
    await db.query(
      `insert into matches (id, site, status, type, league_name, league_logo, home_name, home_logo, away_name,
         away_logo, day, time, end_time, type_match, match_url)
       select lpad(to_hex(g), 24, '0'), 'sportbn', 'upcoming', 'Football', 'Crash League', 'https://logo.example/l.png',
         'Home ' || g, 'https://logo.example/h.png', 'Away ' || g, 'https://logo.example/a.png',
         to_char(start, 'YYYY-MM-DD'), to_char(start, 'HH24:MI'), to_char(start, 'HH24:MI'), 'video',
         $1 || '/streams/hang?m=' || g
       from generate_series(1, 20) g,
         lateral (select date_trunc('minute', now() at time zone 'UTC') + interval '30 minutes' as start) s`,
      [`${streams}`],
    );
    const runs = async () =>
      (
        await db.query<Run>(
          // The round's schedule (every 10 minutes) can start a run of its own meanwhile: not this one.
          "select attempt, result, trigger, summary, error, started_at from job_runs where name = 'link-health' and trigger = 'manual' order by id",
        )
      ).rows;

    // B cannot take the run while it is stopped; A's worker is told at once.
    b.child.kill("SIGSTOP");
    const queued = await fetch(`${a.url}/api/v1/jobs/link-health/run`, {
      method: "POST",
      headers: await adminSession(a.url),
    });
    expect(queued.status, await queued.text()).toBe(200);
    while ((await runs()).at(-1)?.result !== "running") await sleep(50);
    await sleep(1000); // A is mid-run: its probes wait for the stream that never answers
    a.child.kill("SIGKILL");
    const killed = Date.now();
    await a.exited;
    b.child.kill("SIGCONT");

    let retried: number | undefined;
    let all = await runs();
    while (all.at(-1)?.result !== "succeeded") {
      if (!retried && all.length > 1) retried = Date.now();
      expect(Date.now() - killed, JSON.stringify(all)).toBeLessThan(60_000);
      await sleep(200);
      all = await runs();
    }
    const succeeded = Date.now();
    retried ??= succeeded;
    expect(all).toHaveLength(2);
    expect(all[0]).toMatchObject({
      attempt: 1,
      trigger: "manual",
      result: "failed",
      error: "Interrupted: the server stopped during the run.",
    });
    expect(all[1]).toMatchObject({
      attempt: 2,
      trigger: "manual",
      result: "succeeded",
      summary: "0 of 20 links OK.",
    });
    // Within two heartbeat periods (the beat's age, then the monitor's next look), the retry delay,
    // a worker's poll (5 s) and the run itself (the probe's 5 s timeout).
    expect(succeeded - killed).toBeLessThan((2 * HEARTBEAT + 1 + 5 + 5 + 5) * 1000);
    // B kept serving throughout.
    expect((await fetch(`${b.url}/readyz`)).status).toBe(200);
    report("job-crash", {
      killedMidRun: true,
      heartbeatSeconds: HEARTBEAT,
      retryStartedAfterKillS: Number(((retried - killed) / 1000).toFixed(1)),
      retrySucceededAfterKillS: Number(((succeeded - killed) / 1000).toFixed(1)),
      runs: all.map((run) => `${run.attempt}: ${run.result}`),
    });
  });
});
