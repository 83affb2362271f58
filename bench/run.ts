// `npm run bench` (docs/PRODUCT-RULES.md#performance-goals): every figure next to its goal and, where
// one exists, a reference measured in the same run. `npm run bench -- --short` is CI's version: the
// ratio figures only, shorter runs, failing when a ratio falls below its goal by more than the noise
// measured over repeated runs.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { backups } from "./backups.ts";
import { historyExport } from "./history-export.ts";
import { importRows } from "./import.ts";
import { intake } from "./intake.ts";
import { largeTables } from "./large.ts";
import { figures, output, ROOT, runSection, SHORT, sections, table } from "./lib.ts";
import { liveUpdates } from "./live.ts";
import { longLists } from "./long-lists.ts";
import { media } from "./media.ts";
import { overview } from "./overview.ts";
import { probes } from "./probes.ts";
import { publicReads } from "./reads.ts";
import { scale } from "./scale.ts";
import { ADMIN_PASSWORD, api, postgresCleanups, postgresFor, running, session, work } from "./servers.ts";
import { npmStart } from "./start.ts";
import { tracing } from "./tracing.ts";
import { twoInstances } from "./two.ts";
import { dashboard } from "./web.ts";
import { windowBoundaries } from "./windows.ts";

/** `BENCH_ONLY=reads,intake,large,start,web,overview,scale,probes,live,two,tracing,long-lists,windows,import,history-export,media,backups` runs some sections (while working on one); all by default. */
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
    await section("windows", windowBoundaries);
    await section("import", importRows);
    await section("history-export", () => historyExport(api, session, postgresFor));
    // Minutes of image processing: the full run only (docs/MEDIA.md, "Figures").
    await section("media", media);
    await section("backups", backups);
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
