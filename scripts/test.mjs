// `npm test`: lint and type checks, the unit and API suites (PGlite, plus PostgreSQL when
// TEST_DATABASE_URL is set), then the browser suite; ends with one "N passed, N failed" line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const started = Date.now();
const run = (command, args) => spawnSync(command, args, { stdio: "inherit", env: process.env }).status === 0;
const count = (file, pick) => {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  return pick(JSON.parse(readFileSync(file, "utf8")));
};

mkdirSync(".artifacts", { recursive: true });
rmSync(".artifacts/unit-results.json", { force: true });
rmSync(".artifacts/e2e-results.json", { force: true });

const stages = [];
stages.push({ name: "check", ok: run("npm", ["run", "check"]) });
const unitOk = run("npx", ["vitest", "run"]);
const unit = count(".artifacts/unit-results.json", (report) => ({
  passed: report.numPassedTests,
  failed: report.numFailedTests + (report.numFailedTestSuites ?? 0),
}));
stages.push({ name: "unit+api", ok: unitOk, ...unit });
const e2eOk = run("node", ["scripts/e2e.mjs"]);
const e2e = count(".artifacts/e2e-results.json", (report) => ({
  passed: report.stats.expected + (report.stats.flaky ?? 0),
  failed: report.stats.unexpected,
}));
stages.push({ name: "e2e", ok: e2eOk, ...e2e });
// CI adds the short benchmark: it fails when a public read's ratio to a bare server falls below
// its goal by more than the noise measured over repeated runs (bench/run.ts, docs/PERFORMANCE.md).
if (process.env.BENCH_SHORT === "1")
  stages.push({ name: "bench", ok: run("npm", ["run", "bench", "--", "--short"]) });

const passed = stages.reduce((sum, stage) => sum + (stage.passed ?? 0), 0);
const failedStages = stages.filter((stage) => !stage.ok);
const failed =
  stages.reduce((sum, stage) => sum + (stage.failed ?? 0), 0) +
  failedStages.filter((s) => s.name === "check" || s.name === "bench").length;
console.log(
  `\nstages: ${stages.map((s) => `${s.name} ${s.ok ? "ok" : "FAILED"}`).join(", ")} in ${Math.round((Date.now() - started) / 1000)} s`,
);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedStages.length ? 1 : 0);
