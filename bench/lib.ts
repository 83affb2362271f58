// What the benchmark sections share: real server processes on free loopback ports, autocannon runs,
// memory readings and the one table every figure lands in.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "@backoffice/server/free-port";
import autocannon from "autocannon";
import pg from "pg";
import { V8_FLAGS } from "../scripts/server-flags.ts";

export const ROOT = new URL("..", import.meta.url).pathname;
export const SHORT = process.argv.includes("--short");
/** Seconds of each autocannon run (10 in the full run, as the performance goals ask; 3 in CI's short
 * run). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? (SHORT ? 3 : 10));
export const CONNECTIONS = 50;

export interface Running {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn until /readyz answered 200. */
  readyMs: number;
  stop(): Promise<void>;
  /** How the process stands (running, or its exit code or signal) with the end of its stderr and its
   * last warnings and errors logged (pino level 40 and up): what a section that failed reports. */
  describe?(): string;
}

/** Starts a server entry (`apps/api/src/server.ts`…) with `env` and waits until its /readyz answers. */
export async function startServer(
  entry: string,
  env: Record<string, string>,
  portVariable = "PORT",
): Promise<Running> {
  const port = await freePort();
  const started = performance.now();
  // Production logging (info) into a pipe that is read and dropped: its cost is part of the figure.
  const child = spawn(process.execPath, [...V8_FLAGS, entry], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", ...env, [portVariable]: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-8000);
  });
  // The log lines at warn and above (the rest read and dropped).
  let warnings: string[] = [];
  let partial = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop()!.slice(-4000);
    const kept = lines.filter((line) => /"level":(4|5|6)\d/.test(line)).map((line) => line.slice(0, 2000));
    if (kept.length) warnings = [...warnings, ...kept].slice(-20);
  });
  const url = `http://127.0.0.1:${port}`;
  let said = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited: ${errors}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    const waited = performance.now() - started;
    if (waited > 180_000) throw new Error(`${entry} not ready after 180 s: ${errors}`);
    if (waited > (said + 1) * 30_000)
      console.log(`  still waiting for ${entry} to answer ${url}/readyz (${++said * 30} s of 180)`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    child,
    readyMs,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
    describe() {
      const state =
        child.exitCode !== null
          ? `exited with code ${child.exitCode}`
          : child.signalCode !== null
            ? `killed by ${child.signalCode}`
            : "running";
      return `${entry} (pid ${child.pid}) ${state}; stderr: ${errors.trim() || "(none)"}; last warnings and errors logged: ${warnings.join("\n") || "(none)"}`;
    },
  };
}

/** A helper script of bench/ in its own process (so it never shares autocannon's event loop); resolves with its port. */
export async function startHelper(
  script: string,
  args: string[],
): Promise<{ url: string; pid: number; close(): void }> {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  helpers.add(child);
  child.once("exit", () => helpers.delete(child));
  const [chunk] = (await once(child.stdout!, "data")) as [Buffer];
  return {
    url: `http://127.0.0.1:${Number(chunk.toString().trim())}`,
    pid: child.pid!,
    close: () => child.kill(),
  };
}

/** The helpers still running; a section that fails ends its own (`runSection`). */
export const helpers = new Set<ChildProcess>();

/** CPU time a process has used so far (user + system), in µs (Linux; 10 ms resolution). */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** Resident memory of a process in MB (Linux). */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

/** Resident memory of a process and of every process below it (Linux), each with its command line. */
export function treeRss(root: number): { pid: number; command: string; mb: number }[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {} // ended meanwhile
  }
  const pids = [root];
  for (let i = 0; i < pids.length; i++) pids.push(...(children.get(pids[i]!) ?? []));
  return pids.flatMap((pid) => {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
      return [{ pid, command, mb: rssMb(pid) }];
    } catch {
      return [];
    }
  });
}

/**
 * `npm start` as a user runs it, on free ports and `env` (DATA_DIR...), its output read and dropped;
 * resolves once it printed that the back-office is ready.
 */
export async function startNpm(env: Record<string, string>): Promise<Running & { contentUrl: string }> {
  const [port, contentPort, sandboxPort] = [await freePort(), await freePort(), await freePort()];
  const npm = spawn("npm", ["start"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      CONTENT_PORT: String(contentPort),
      SANDBOX_PORT: String(sandboxPort),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  for (const stream of [npm.stdout!, npm.stderr!])
    stream.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-10_000);
    });
  const started = performance.now();
  while (!output.includes("Back-office ready at")) {
    if (npm.exitCode !== null) throw new Error(`npm start exited: ${output}`);
    if (performance.now() - started > 180_000) throw new Error(`npm start not ready after 180 s: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child: npm,
    readyMs: performance.now() - started,
    url: `http://127.0.0.1:${port}`,
    contentUrl: `http://127.0.0.1:${contentPort}`,
    async stop() {
      if (npm.exitCode !== null) return;
      npm.kill("SIGTERM");
      await once(npm, "exit");
    },
  };
}

export interface Load {
  rate: number;
  p99: number;
  /** Requests sent, answered or not when the run stopped. */
  sent: number;
  ok: number;
  failed: number;
}

/** One autocannon run; every answer must be 2xx unless `allowFailures`. */
export async function load(options: autocannon.Options & { allowFailures?: boolean }): Promise<Load> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed && !options.allowFailures)
    throw new Error(
      `${options.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  return {
    rate: result.requests.average,
    p99: result.latency.p99,
    sent: result.requests.sent,
    ok: result["2xx"],
    failed,
  };
}

/** Times `run` `times` times one after another; returns the 95th percentile in ms. */
export async function p95(times: number, run: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)]!;
}

/** The middle value of `samples` (the upper middle for an even count). */
export function median(samples: readonly number[]): number {
  return [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}

/** A row of the result table: the figure, its goal and, where it has one, its reference. */
export interface Figure {
  section: string;
  name: string;
  value: string;
  goal: string;
  reference?: string;
  /** Undefined when the figure is noted, not held to a goal. */
  met?: boolean;
}

export const figures: Figure[] = [];

/** One section of a run (`runSection`), as written to `<out>/bench/<name>.json` while it runs. */
export interface SectionRun {
  name: string;
  status: "running" | "done" | "failed";
  started: string;
  seconds?: number;
  error?: string;
  figures: Figure[];
}

export const sections: SectionRun[] = [];
let current: SectionRun | undefined;

/**
 * Where a run writes: `.artifacts/bench.md` (the table so far) and `.artifacts/bench/<section>.json`
 * (each section's figures as they are measured); the short run `bench-short.md` and `bench-short/`.
 */
export const output = {
  dir: join(ROOT, ".artifacts", SHORT ? "bench-short" : "bench"),
  table: join(ROOT, ".artifacts", SHORT ? "bench-short.md" : "bench.md"),
};

function save(run: SectionRun | undefined) {
  mkdirSync(output.dir, { recursive: true });
  if (run) writeFileSync(join(output.dir, `${run.name}.json`), `${JSON.stringify(run, null, 2)}\n`);
  writeFileSync(output.table, `${table()}\n`);
}

export function record(figure: Figure): void {
  figures.push(figure);
  current?.figures.push(figure);
  save(current);
  const verdict = figure.met === undefined ? "" : figure.met ? "  ✓" : "  ✗ below goal";
  console.log(
    `  ${figure.name}: ${figure.value} (goal ${figure.goal}${figure.reference ? `; ${figure.reference}` : ""})${verdict}`,
  );
}

const oneLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim().slice(0, 400);

/**
 * Runs one section of the bench: its figures are written as they are measured, and a section that
 * throws is recorded as failed (its error in the table and in its file) while the next ones still
 * run; `cleanup` then ends what it left running, and the helpers it started are killed.
 * `BENCH_FAIL=<name>,…` makes the named sections throw as they begin (to try this path).
 */
export async function runSection(
  name: string,
  body: () => Promise<void>,
  cleanup: () => Promise<void> = async () => {},
): Promise<void> {
  const run: SectionRun = { name, status: "running", started: new Date().toISOString(), figures: [] };
  sections.push(run);
  current = run;
  save(run);
  const started = performance.now();
  try {
    if (process.env.BENCH_FAIL?.split(",").includes(name))
      throw new Error(`failed on purpose (BENCH_FAIL=${process.env.BENCH_FAIL})`);
    await body();
    run.status = "done";
  } catch (error) {
    run.status = "failed";
    run.error = oneLine(error);
    console.error(`\nbench: section ${name} failed: ${error instanceof Error ? error.stack : error}`);
    for (const child of helpers) child.kill();
    await cleanup().catch((problem) => console.error(`bench: cleaning up ${name}: ${oneLine(problem)}`));
  } finally {
    run.seconds = Math.round((performance.now() - started) / 100) / 10;
    current = undefined;
    save(run);
    console.log(
      `\nbench: section ${name} ${run.status === "done" ? "done" : "FAILED"} in ${run.seconds} s, ` +
        `${run.figures.length} figures (written to ${output.dir}/${name}.json and ${output.table})`,
    );
  }
}

/**
 * Tries `attempt` up to `tries` times, waiting 5 s, 10 s, 20 s… in between, and says what it awaits
 * at each failure: on a loaded machine a navigation or a wait for a screen can pass its time-out once
 * and succeed the next time. Throws the last error, named by `what`, when every try failed.
 */
export async function retry<T>(
  what: string,
  attempt: (n: number) => Promise<T>,
  { tries = 3, delayMs = 5000 }: { tries?: number; delayMs?: number } = {},
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (n >= tries) throw new Error(`${what}: failed ${tries} times, the last: ${oneLine(error)}`);
      const wait = delayMs * 2 ** (n - 1);
      console.log(
        `  waiting for ${what}: try ${n} of ${tries} failed (${oneLine(error).slice(0, 160)}); again in ${wait / 1000} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** The table so far: each section's figures in the order they ran, then its failure or that it still runs. */
export function table(): string {
  const row = (figure: Figure) =>
    `| ${figure.section} | ${figure.name} | ${figure.value} | ${figure.goal} | ${figure.reference ?? ""} | ${
      figure.met === undefined ? "noted" : figure.met ? "met" : "**missed**"
    } |`;
  const inSections = new Set(sections.flatMap((run) => run.figures));
  const rows = [
    ...figures.filter((figure) => !inSections.has(figure)).map(row),
    ...sections.flatMap((run) => [
      ...run.figures.map(row),
      ...(run.status === "failed"
        ? [
            `| ${run.name} | section failed after ${run.seconds} s | ${run.error?.replaceAll("|", "\\|")} | runs to its end | | **failed** |`,
          ]
        : []),
      ...(run.status === "running"
        ? [`| ${run.name} | section still running (begun ${run.started}) | | | | |`]
        : []),
    ]),
  ];
  return ["| section | figure | measured | goal | reference | |", "|---|---|---|---|---|---|", ...rows].join(
    "\n",
  );
}

/** A PostgreSQL database of its own for a section, dropped afterwards; undefined when none answers. */
export async function scratchPostgres(
  name: string,
): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const database = `bench_${name}_${process.pid}`;
  await admin.query(`drop database if exists ${database}`);
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${database} with (force)`);
      await client.end();
    },
  };
}

export const format = {
  rate: (value: number) => `${Math.round(value).toLocaleString("en-US")} req/s`,
  ms: (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`,
  ratio: (value: number) => value.toFixed(2),
};
