import type { Site } from "@backoffice/contracts";
import type { Database } from "@backoffice/db";
import { newTrace } from "@backoffice/server";
import type { FastifyBaseLogger } from "fastify";
import { type Clock, type ClockTimer, type Db, type Job, PgBoss, systemClock } from "pg-boss";

/**
 * Durable jobs (docs/decisions/009-job-runner.md, docs/ARCHITECTURE.md "Jobs"): pg-boss keeps each
 * job's queue and schedule in the database, so with several api instances a scheduled run is sent
 * once and taken by one worker; a run whose process died is retried once its heartbeat stops; a run
 * that throws is retried after 1, 2, 4… times `retryDelaySeconds`, at most `retryLimit` times.
 * What the Jobs screen shows (pause, each run's time, result, error and progress) is kept in our
 * own tables, job_settings and job_runs (migration 0012).
 */
export interface JobContext {
  /** Records how far a long run is, 0-100, for the Jobs screen. */
  progress(percent: number): Promise<void>;
}

export interface JobDefinition {
  /** Lowercase words joined by dashes; the URL's `{name}`. */
  name: string;
  /** What the job does, in words, for the Jobs screen. */
  title: string;
  site: Site | "all";
  /** A cron expression in UTC (minute hour day month weekday). */
  schedule: string;
  /** Retries after a failed run (default 3). */
  retryLimit?: number;
  /** First retry delay; each next one doubles (default: the runner's `retryDelaySeconds`). */
  retryDelaySeconds?: number;
  /** A run not finished by then (its process stopped) is retried (default 900). */
  expireInSeconds?: number;
  /**
   * Does the work; the words it answers (a string) are the run's summary, or a `JobOutcome` whose
   * `warning` says the outcome needs a look though the run succeeded (links failing).
   */
  run(context: JobContext): Promise<unknown>;
}

/** A run's summary, and whether its outcome needs a look (shown with a warning tone, not as a plain success). */
export interface JobOutcome {
  summary: string;
  warning: boolean;
}

/** The summary and warning of what `run` answered: words, a `JobOutcome`, or nothing to say. */
function outcomeOf(answer: unknown): { summary: string | null; warning: boolean } {
  if (typeof answer === "string") return { summary: answer || null, warning: false };
  if (answer && typeof answer === "object" && typeof (answer as JobOutcome).summary === "string") {
    const { summary, warning } = answer as JobOutcome;
    return { summary: summary || null, warning: warning === true };
  }
  return { summary: null, warning: false };
}

export type RunResult = "running" | "succeeded" | "failed" | "skipped";

export interface JobView {
  name: string;
  title: string;
  site: Site | "all";
  /** The cron pg-boss holds (every instance's runs follow it); this instance's while paused. */
  schedule: string;
  /** This instance's own cron, when it differs from the one pg-boss holds. */
  scheduleHere?: string;
  paused: boolean;
  lastRun: {
    at: string;
    durationMs: number | null;
    result: RunResult;
    trigger: "schedule" | "manual";
    attempt: number;
    summary: string | null;
    /** Succeeded with an outcome that needs a look (JobOutcome). */
    warning: boolean;
    error: string | null;
  } | null;
  nextRunAt: string | null;
  /** Of the run in progress, 0-100; null when none runs or it tells nothing. */
  progress: number | null;
}

export interface Jobs {
  define(definition: JobDefinition): void;
  has(name: string): boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Queues a run now; false when one is already waiting to start. */
  runNow(name: string): Promise<boolean>;
  pause(name: string): Promise<void>;
  resume(name: string): Promise<void>;
  list(): Promise<JobView[]>;
}

export interface JobsOptions {
  db: Database;
  /** PostgreSQL: pg-boss opens its own small pool there. Absent: it shares `db` (the embedded database). */
  url?: string | undefined;
  log: FastifyBaseLogger;
  /** pg-boss's TestClock in tests: time moves only when the test says. */
  clock?: Clock;
  /** A run without a heartbeat for this long (its instance died) is failed and retried (default 30, ≥ 10). */
  heartbeatSeconds?: number;
  /**
   * Starts pg-boss at the runner's first use (Run now, pause, resume, the list) rather than at `start`:
   * for the API tests' apps (apps/api/test/helpers.ts), most of which never use it.
   */
  startOnFirstUse?: boolean;
  /** First retry delay of every job that sets none (default 60). */
  retryDelaySeconds?: number;
}

interface RunRow {
  name: string;
  trigger: "schedule" | "manual";
  attempt: number;
  started_at: Date | string;
  duration_ms: number | null;
  result: RunResult;
  summary: string | null;
  warning: boolean;
  error: string | null;
  progress: number | null;
}

const RUNS_KEPT_DAYS = 30;

/**
 * How often a worker looks for a run nobody woke it for. On PostgreSQL any instance may queue a run
 * (its cron pass, a Run now, a retry), so each looks every 5 s. On the embedded database this process
 * is the only one, and it wakes the worker itself: at each scheduled time, at a Run now and when a
 * failed run's retry comes due (`armSchedule`, `wakeForRetry`). Looking once a minute then only
 * catches a run the heartbeat monitor retried after a crash. Each look is a statement on the embedded database, which
 * costs about 4 ms of CPU there: five queues every 5 s were most of an idle `npm start`'s 1.5 % of
 * a core (docs/decisions/009-job-runner.md, "Idle means idle").
 */
const POLL_SECONDS = { postgres: 5, embedded: 60 } as const;

/**
 * pg-boss's background passes on the embedded database, beside the heartbeat monitor (which keeps
 * its period): no cron pass (the runner sends scheduled runs at their time, `armSchedule`); no flow
 * resolver (no job here has dependencies; every 5 s by default); no instance registry (one process
 * by design); no vacuum check (PGlite runs no autovacuum); its queue cache and background
 * migrations every 10 minutes instead of every minute.
 */
const EMBEDDED_BOSS = {
  schedule: false,
  flowIntervalSeconds: 86_400,
  registerInstance: false,
  monitorVacuum: false,
  queueCacheIntervalSeconds: 600,
  bamIntervalSeconds: 600,
} as const;

/** The longest a timer waits before it looks again (Node's timers overflow past 24.8 days). */
const LONGEST_WAIT_MS = 3_600_000;

const iso = (value: Date | string) => new Date(value).toISOString();

/** An error in words for the Jobs screen: its message, never a stack. */
const inWords = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).trim() || "The job failed without saying why.";

export function createJobs(options: JobsOptions): Jobs {
  const { db, log, heartbeatSeconds = 30 } = options;
  const clock = options.clock ?? systemClock;
  /** PostgreSQL's pg-boss runs its own cron pass and polls; on the embedded database the runner wakes it. */
  const embedded = !options.url;
  const definitions = new Map<string, JobDefinition>();
  /** The started pg-boss, once `start` was called (it may still be starting). */
  let starting: Promise<PgBoss> | undefined;
  const workers = new Map<string, string>();
  /** Timers that wake a worker (embedded database): the next scheduled time, retries coming due. */
  const timers = new Set<ClockTimer>();
  let next: ClockTimer | undefined;
  /** Counts `armSchedule` calls (and stops): an older one still reading the schedules sets nothing. */
  let armed = 0;

  const later = (ms: number, fn: () => void) => {
    const timer = clock.setTimeout(
      () => {
        timers.delete(timer);
        fn();
      },
      Math.min(Math.max(0, ms), LONGEST_WAIT_MS),
    );
    (timer as { unref?: () => void }).unref?.();
    timers.add(timer);
    return timer;
  };
  const clearTimers = () => {
    armed += 1;
    for (const timer of timers) clock.clearTimeout(timer);
    timers.clear();
    next = undefined;
  };
  /** This instance's worker of `name` looks for a run now instead of at its next poll. */
  const wake = (boss: PgBoss, name: string) => {
    const worker = workers.get(name);
    if (worker) boss.notifyWorker(worker);
  };

  const pausedNames = async () =>
    new Set(
      (await db.query<{ name: string }>("select name from job_settings where paused")).map((row) => row.name),
    );

  const setPaused = (name: string, paused: boolean) =>
    db.query(
      `insert into job_settings (name, paused) values ($1, $2)
       on conflict (name) do update set paused = excluded.paused, updated_at = now()`,
      [name, paused],
    );

  const started = () => {
    if (!starting && options.startOnFirstUse) starting = open();
    if (!starting) throw new Error("The job runner has not started.");
    return starting;
  };

  async function execute(definition: JobDefinition, job: Job<{ trigger?: string } | null>) {
    const trigger = job.data?.trigger === "manual" ? "manual" : "schedule";
    const attempt = ((job as { retryCount?: number }).retryCount ?? 0) + 1;
    // One run of a job at a time (queue policy "stately"): a run still marked running was cut short.
    await db.query(
      `update job_runs set result = 'failed', error = 'Interrupted: the server stopped during the run.'
       where name = $1 and result = 'running'`,
      [definition.name],
    );
    const startedAt = Date.now();
    const paused = trigger === "schedule" && (await pausedNames()).has(definition.name);
    const [row] = await db.query<{ id: string }>(
      `insert into job_runs (name, trigger, attempt, started_at, result)
       values ($1, $2, $3, now(), $4) returning id`,
      [definition.name, trigger, attempt, paused ? "skipped" : "running"],
    );
    const id = row!.id;
    const finish = (result: RunResult, summary: string | null, error: string | null, warning = false) =>
      db.query(
        `update job_runs set finished_at = now(), duration_ms = $2, result = $3, summary = $4, error = $5,
           progress = case when $3 = 'succeeded' then 100 else progress end, warning = $6
         where id = $1`,
        [id, Date.now() - startedAt, result, summary, error, warning],
      );
    // The history keeps RUNS_KEPT_DAYS: a job running every minute leaves about 43,000 rows a month.
    await db.query(
      `delete from job_runs where name = $1 and started_at < now() - make_interval(days => $2)`,
      [definition.name, RUNS_KEPT_DAYS],
    );
    if (paused) return finish("skipped", "Paused: the scheduled run was skipped.", null);
    try {
      const answer = await definition.run({
        progress: async (percent) => {
          const value = Math.max(0, Math.min(100, Math.round(percent)));
          await db.query("update job_runs set progress = $2 where id = $1", [id, value]);
        },
      });
      const { summary, warning } = outcomeOf(answer);
      await finish("succeeded", summary, null, warning);
    } catch (error) {
      log.warn({ err: error, job: definition.name, attempt }, "job failed");
      await finish("failed", null, inWords(error));
      if (embedded && attempt <= (definition.retryLimit ?? 3)) wakeForRetry(definition, attempt);
      throw error; // pg-boss retries it after its backoff, up to the job's retry limit
    }
  }

  /**
   * The retry of a run that failed comes due `retryDelay × 2^(attempt-1) × [1, 2)` later (pg-boss's
   * backoff, with jitter): the worker looks at both ends of that window.
   */
  function wakeForRetry(definition: JobDefinition, attempt: number) {
    const delayMs =
      (definition.retryDelaySeconds ?? options.retryDelaySeconds ?? 60) * 1000 * 2 ** (attempt - 1);
    for (const ms of [delayMs, 2 * delayMs])
      later(ms + 100, () => {
        starting?.then((boss) => wake(boss, definition.name)).catch(() => {});
      });
  }

  /**
   * The embedded database's scheduler ("wake on the next due job"): one timer set to the next time
   * of the schedules pg-boss holds (a paused job has none), which sends those runs and wakes their
   * workers, then sets itself to the next. Like pg-boss's cron pass, a time that passed while the
   * server was down is skipped; unlike it, a run starts on its minute rather than up to 30 s after.
   */
  async function armSchedule(boss: PgBoss, after: number) {
    const arming = ++armed;
    if (next !== undefined) {
      clock.clearTimeout(next);
      timers.delete(next);
      next = undefined;
    }
    const held = (await boss.getSchedules()).filter((row) => definitions.has(row.name));
    // Disarmed (stopped) or armed again (a pause, a resume) meanwhile.
    if (arming !== armed) return;
    const from = new Date(Math.max(after, clock.now()));
    let at = Number.POSITIVE_INFINITY;
    let due: string[] = [];
    for (const { name, cron, timezone } of held) {
      const [time] = boss.previewSchedule(cron, { tz: timezone, count: 1, from });
      const when = time?.getTime() ?? Number.POSITIVE_INFINITY;
      if (when < at) [at, due] = [when, [name]];
      else if (when === at) due.push(name);
    }
    if (at === Number.POSITIVE_INFINITY) return;
    next = later(at - clock.now(), () => {
      next = undefined;
      // Not yet (a wait longer than LONGEST_WAIT_MS): look again.
      if (clock.now() < at) return void armSchedule(boss, after).catch(scheduleFailed);
      void sendScheduled(boss, due)
        .catch(scheduleFailed)
        .finally(() => {
          if (arming === armed) void armSchedule(boss, at).catch(scheduleFailed);
        });
    });
  }
  const scheduleFailed = (error: unknown) => log.error({ err: error }, "scheduled job runs not sent");

  async function sendScheduled(boss: PgBoss, due: string[]) {
    for (const name of due) {
      // "stately": dropped (null) when a run is already waiting, as the cron pass's would be.
      if ((await boss.send(name, { trigger: "schedule" })) !== null) wake(boss, name);
    }
  }

  /** Starts pg-boss, then each job's queue, schedule (unless paused) and worker. */
  async function open(): Promise<PgBoss> {
    const began = performance.now();
    // The monitor fails runs whose heartbeat stopped: its pass (both timers) comes once per heartbeat
    // period, so a run cut short by a crash is retried within two periods plus the retry delay
    // (reliability/job-crash.test.ts). On the embedded database no other instance can find a run cut
    // short, only this process once restarted: its pass comes every two periods (9 statements each).
    const monitorSeconds = embedded ? 2 * heartbeatSeconds : heartbeatSeconds;
    const shared = {
      // A job run's span is the runner's own (`newTrace` below); pg-boss's would add a trace per send and settle.
      openTelemetry: { enabled: false },
      ...(options.clock ? { clock: options.clock } : {}),
      monitorIntervalSeconds: monitorSeconds,
      superviseIntervalSeconds: monitorSeconds,
      ...(embedded ? EMBEDDED_BOSS : {}),
    };
    const boss = options.url
      ? new PgBoss({ connectionString: options.url, max: 3, ...shared })
      : new PgBoss({
          ...shared,
          db: {
            executeSql: (text, values) => db.executeSql(text, values) as Promise<{ rows: unknown[] }>,
            // The embedded database is one session: statements meant for each session run once.
            setSessionStatements: async (statements: string[]) => {
              for (const statement of statements) await db.executeSql(statement);
            },
          } satisfies Db,
        });
    boss.on("error", (error) => log.error({ err: error }, "job runner error"));
    await boss.start();
    try {
      await prepare(boss);
    } catch (error) {
      await boss.stop({ graceful: false, close: true }).catch(() => {});
      throw error;
    }
    if (embedded) await armSchedule(boss, clock.now());
    const ms = Math.round(performance.now() - began);
    log.info({ jobs: [...definitions.keys()], ms }, "job runner started");
    return boss;
  }

  async function prepare(boss: PgBoss) {
    const paused = await pausedNames();
    for (const definition of definitions.values()) {
      const { name } = definition;
      const queue = {
        retryLimit: definition.retryLimit ?? 3,
        retryDelay: definition.retryDelaySeconds ?? options.retryDelaySeconds ?? 60,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds ?? 900,
        // The worker beats every half period while a run lasts; a killed instance stops beating.
        heartbeatSeconds,
      };
      // "stately": one run waiting and one running at most, so a Run now during a run queues once.
      if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
      else await boss.createQueue(name, { ...queue, policy: "stately" });
      if (paused.has(name)) await boss.unschedule(name);
      else await boss.schedule(name, definition.schedule, { trigger: "schedule" }, { tz: "UTC" });
      const worker = await boss.work<{ trigger?: string } | null>(
        name,
        { pollingIntervalSeconds: embedded ? POLL_SECONDS.embedded : POLL_SECONDS.postgres },
        async ([job]) => {
          // With tracing on, each run is a trace of its own: its span, its queries and calls below it.
          if (job)
            await newTrace(`job ${definition.name}`, { "job.name": definition.name, "job.id": job.id }, () =>
              execute(definition, job),
            );
        },
      );
      workers.set(name, worker);
    }
  }

  return {
    define(definition) {
      if (starting) throw new Error(`Job ${definition.name} defined after the runner started.`);
      if (definitions.has(definition.name)) throw new Error(`Job ${definition.name} is defined twice.`);
      definitions.set(definition.name, definition);
    },
    has: (name) => definitions.has(name),

    async start() {
      starting ??= open();
      await starting;
    },

    async stop() {
      const pending = starting;
      starting = undefined;
      workers.clear();
      // A stop during the start waits for it, then stops what it started.
      const boss = await pending?.catch(() => undefined);
      clearTimers();
      // Waits a little for runs in progress (what is cut short is retried), well within a SIGTERM's 10 s.
      await boss
        ?.stop({ graceful: true, timeout: 4000, close: true })
        .catch((error) => log.error({ err: error }, "job runner did not stop cleanly"));
    },

    async runNow(name) {
      const boss = await started();
      const queued = (await boss.send(name, { trigger: "manual" })) !== null;
      // This instance's worker looks now instead of at its next poll.
      const worker = workers.get(name);
      if (queued && worker) boss.notifyWorker(worker);
      return queued;
    },

    async pause(name) {
      await setPaused(name, true);
      const boss = await started();
      await boss.unschedule(name);
      if (embedded) await armSchedule(boss, clock.now());
    },

    async resume(name) {
      const definition = definitions.get(name);
      if (!definition) return;
      await setPaused(name, false);
      const boss = await started();
      await boss.schedule(name, definition.schedule, { trigger: "schedule" }, { tz: "UTC" });
      if (embedded) await armSchedule(boss, clock.now());
    },

    async list() {
      // Before it has started (or if it could not), the next runs are unknown.
      const boss = await (options.startOnFirstUse ? started() : starting)?.catch(() => undefined);
      const paused = await pausedNames();
      // Each job's latest run through the (name, started_at) index, however long the history.
      const runs = await db.query<RunRow>(
        `select r.* from unnest($1::text[]) as job (name)
         cross join lateral (
           select name, trigger, attempt, started_at, duration_ms, result, summary, warning, error, progress
           from job_runs where name = job.name order by started_at desc, id desc limit 1
         ) r`,
        [[...definitions.keys()]],
      );
      const lastRuns = new Map(runs.map((run) => [run.name, run]));
      // The schedules pg-boss holds: what the runs follow on every instance. An instance started with
      // another setting (FEED_SYNC_MINUTES in a rolling deploy) shows it beside them, not instead.
      const held = new Map(
        boss ? (await boss.getSchedules()).map((schedule) => [schedule.name, schedule.cron] as const) : [],
      );
      return [...definitions.values()].map((definition): JobView => {
        const run = lastRuns.get(definition.name);
        const isPaused = paused.has(definition.name);
        const schedule = held.get(definition.name) ?? definition.schedule;
        const next =
          boss && !isPaused ? boss.previewSchedule(schedule, { tz: "UTC", count: 1 })[0] : undefined;
        return {
          name: definition.name,
          title: definition.title,
          site: definition.site,
          schedule,
          ...(schedule !== definition.schedule ? { scheduleHere: definition.schedule } : {}),
          paused: isPaused,
          lastRun: run
            ? {
                at: iso(run.started_at),
                durationMs: run.duration_ms,
                result: run.result,
                trigger: run.trigger,
                attempt: run.attempt,
                summary: run.summary,
                warning: run.warning,
                error: run.error,
              }
            : null,
          nextRunAt: next ? next.toISOString() : null,
          progress: run?.result === "running" ? run.progress : null,
        };
      });
    },
  };
}
