// The import section of `npm run bench` (`BENCH_ONLY=import`, docs/INTEGRATIONS.md#import): 100,000
// email subscriptions from one CSV file on PGlite: the dry run's time, the apply's time (one
// transaction, one History batch) and the api's memory growth while both run.
import { loadavg } from "node:os";
import { cpuMicros, record, rssMb } from "./lib.ts";
import { api, session } from "./servers.ts";

const ROWS = 100_000;

export async function importRows() {
  const server = await api("import-pglite", { SEED_DEMO: "false" });
  const { authorization, csrf } = await session(server.url);
  const lines = ["Email,Page"];
  for (let i = 0; i < ROWS; i++) lines.push(`importer${i}@example.com,https://apkw.example/page/${i % 100}`);
  const file = new Blob([`${lines.join("\r\n")}\r\n`], { type: "text/csv" });

  const rssBefore = rssMb(server.child.pid!);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(server.child.pid!));
  }, 100);
  const send = async (dryRun: boolean) => {
    const form = new FormData();
    form.append("file", file, "subscribers.csv");
    const started = performance.now();
    const cpuBefore = cpuMicros(server.child.pid!);
    const answer = await fetch(`${server.url}/api/v1/apkw/emails/import${dryRun ? "?dryRun=true" : ""}`, {
      method: "POST",
      headers: { authorization, "x-csrf-token": csrf },
      body: form,
    });
    const body = (await answer.json()) as { data?: { created: number; errorCount: number }; message: string };
    if (answer.status !== 200 || body.data?.created !== ROWS || body.data.errorCount !== 0)
      throw new Error(`import ${dryRun ? "preview" : "apply"}: ${answer.status} ${body.message}`);
    // The api's CPU time besides the wall time: on a shared, loaded machine the wall time waits for cores.
    return { ms: performance.now() - started, cpuS: (cpuMicros(server.child.pid!) - cpuBefore) / 1e6 };
  };
  try {
    const preview = await send(true);
    record({
      section: "import",
      name: "preview of 100,000 email rows (CSV, PGlite)",
      value: `${(preview.ms / 1000).toFixed(1)} s (api CPU ${preview.cpuS.toFixed(1)} s, load ${loadavg()[0]!.toFixed(1)})`,
      goal: "≤ 10 s",
      met: preview.ms <= 10_000,
    });
    const apply = await send(false);
    record({
      section: "import",
      name: "apply of 100,000 email rows, one transaction (PGlite)",
      value: `${(apply.ms / 1000).toFixed(1)} s (api CPU ${apply.cpuS.toFixed(1)} s, load ${loadavg()[0]!.toFixed(1)})`,
      goal: "≤ 60 s",
      met: apply.ms <= 60_000,
    });
  } finally {
    clearInterval(sampler);
  }
  record({
    section: "import",
    name: "api memory growth during the import (PGlite)",
    value: `${Math.round(rssPeak - rssBefore)} MB (${Math.round(rssBefore)} → ${Math.round(rssPeak)} MB)`,
    goal: "≤ 50 MB",
    met: rssPeak - rssBefore <= 50,
  });
  await server.stop();
}
