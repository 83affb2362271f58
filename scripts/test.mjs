// `npm test`: every test, in stages, then a table of each stage's time and result and one
// "tests: N passed, N failed" line. Independent stages run side by side in two lanes, which share
// the machine's cores (docs/TESTING.md); a failed stage skips only what needs it (the browser suite
// needs the build), so one run reports every failure.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const started = Date.now();
const ci = process.env.CI === "true" || process.env.CI === "1";
mkdirSync(".artifacts/logs", { recursive: true });

const vitestStage = (name, projects, report) => ({
  name,
  command: "npx",
  args: ["vitest", "run", ...projects.flatMap((project) => ["--project", project])],
  env: { VITEST_REPORT: `.artifacts/${report}.json` },
  report: `.artifacts/${report}.json`,
  count: (json) => ({
    passed: json.numPassedTests,
    failed: json.numFailedTests + (json.numFailedTestSuites ?? 0),
  }),
});

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const stages = {
  check: { name: "check", command: "npm", args: ["run", "check"] },
  unit: vitestStage("unit + components", ["unit", "web"], "unit-results"),
  apiPglite: vitestStage("API on PGlite", ["db-pglite"], "api-pglite-results"),
  apiPostgres: postgres && vitestStage("API on PostgreSQL", ["db-postgres"], "api-postgres-results"),
  reliabilityPglite: vitestStage(
    "reliability (PGlite)",
    ["reliability-pglite"],
    "reliability-pglite-results",
  ),
  reliabilityPostgres:
    postgres &&
    vitestStage("reliability (PostgreSQL)", ["reliability-postgres"], "reliability-postgres-results"),
  build: { name: "build", command: "node", args: ["scripts/e2e.mjs", "--build-only"] },
  browser: {
    name: "browser",
    command: "node",
    args: ["scripts/e2e.mjs", "--no-build"],
    needs: "build",
    report: ".artifacts/e2e-results.json",
    count: (json) => ({
      passed: json.stats.expected + (json.stats.flaky ?? 0),
      failed: json.stats.unexpected,
    }),
  },
  // The short benchmark (CI): it fails when a public read's ratio to a bare server falls below its goal
  // by more than the noise measured over repeated runs (bench/run.ts, docs/PERFORMANCE.md). It runs
  // alone, after everything else, so that no other stage shares the machine with it.
  bench: process.env.BENCH_SHORT === "1" && {
    name: "bench (short)",
    command: "npm",
    args: ["run", "bench", "--", "--short"],
  },
};

// Lane 1 checks, then runs the unit, component and PGlite suites (API, reliability); lane 2 builds
// the dashboard, drives Chromium against it, then runs the PostgreSQL suites (reliability, API). The
// two took about the same time in CI, on a quick and on a slow machine (docs/TESTING.md).
const lanes = [
  [stages.check, stages.unit, stages.apiPglite, stages.reliabilityPglite].filter(Boolean),
  [stages.build, stages.browser, stages.reliabilityPostgres, stages.apiPostgres].filter(Boolean),
];

const results = new Map();
const parallel = lanes.length > 1;

function runStage(stage) {
  if (stage.report) rmSync(stage.report, { force: true });
  const log = `.artifacts/logs/${stage.name.replace(/\W+/g, "-")}.log`;
  const begun = Date.now();
  return new Promise((resolve) => {
    // Side by side, each stage writes to its own log (printed whole if it fails); alone, to the terminal.
    const child = spawn(stage.command, stage.args, {
      env: { ...process.env, ...stage.env },
      stdio: parallel ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    if (parallel) {
      const file = createWriteStream(log);
      child.stdout.pipe(file);
      child.stderr.pipe(file);
    }
    console.log(`▶ ${stage.name}${parallel ? ` (log: ${log})` : ""}`);
    child.on("exit", (code) => {
      const result = { stage, ok: code === 0, seconds: (Date.now() - begun) / 1000, log };
      if (stage.report) {
        const counted = existsSync(stage.report)
          ? stage.count(JSON.parse(readFileSync(stage.report, "utf8")))
          : { passed: 0, failed: 1 };
        Object.assign(result, counted);
      }
      results.set(stage.name, result);
      console.log(`${result.ok ? "✔" : "✘"} ${stage.name} in ${Math.round(result.seconds)} s`);
      if (!result.ok && parallel) setTimeout(() => resolve(result), 200);
      else resolve(result);
    });
  });
}

async function runLane(lane) {
  for (const stage of lane) {
    const needed = stage.needs && results.get(stages[stage.needs].name);
    if (needed && !needed.ok) {
      results.set(stage.name, { stage, ok: false, skipped: true, seconds: 0, failed: 1 });
      continue;
    }
    await runStage(stage);
  }
}

await Promise.all(lanes.map(runLane));
if (stages.bench) await runStage(stages.bench);

const ordered = [...results.values()];
for (const result of ordered.filter((r) => !r.ok && !r.skipped && parallel)) {
  console.log(`\n──── ${result.stage.name} failed; its log (${result.log}) ────`);
  console.log(readFileSync(result.log, "utf8").split("\n").slice(-300).join("\n"));
}

const rows = [];
const install = Number(process.env.CI_INSTALL_SECONDS);
if (install) rows.push(["install", install, "ok", ""]);
for (const r of ordered)
  rows.push([
    r.stage.name,
    r.seconds,
    r.skipped ? "skipped" : r.ok ? "ok" : "FAILED",
    r.passed !== undefined ? `${r.passed} passed, ${r.failed} failed` : "",
  ]);
const total = (Date.now() - started) / 1000 + (install || 0);
console.log(`\n${"stage".padEnd(24)}   time  result   tests`);
for (const [name, seconds, status, tests] of rows)
  console.log(`${name.padEnd(24)} ${formatTime(seconds).padStart(6)}  ${status.padEnd(7)}  ${tests}`);
console.log(
  `${"total (wall)".padEnd(24)} ${formatTime(total).padStart(6)}  ${ci ? "(two lanes side by side)" : ""}`,
);
console.log(`runtime: Node ${process.versions.node}`);

const passed = ordered.reduce((sum, r) => sum + (r.passed ?? 0), 0);
const failed = ordered.reduce((sum, r) => sum + (r.failed || (r.ok ? 0 : 1)), 0);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(ordered.every((r) => r.ok) ? 0 : 1);

function formatTime(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}
