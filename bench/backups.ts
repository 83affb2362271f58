// The backups section of `npm run bench` (`BENCH_ONLY=backups`, full run only; docs/BACKUPS.md): a
// million subscriptions on PGlite, Back up now and a restore through the api, the api's memory growth
// meanwhile, and the latency of public writes while the backup is written.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readdirSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { format, ROOT, type Running, record, rssMb, startServer } from "./lib.ts";
import { ADMIN_PASSWORD, api, CONTENT, running, session, work } from "./servers.ts";

const ROWS = 1_000_000;

function seed(env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, ["apps/api/src/cli/seed.ts", "--emails", String(ROWS)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return once(child, "exit").then(([code]) => {
    if (code !== 0) throw new Error(`seed exited with ${code}`);
  });
}

const p99 = (samples: number[]) =>
  [...samples].sort((a, b) => a - b)[Math.floor(samples.length * 0.99)] ?? Number.NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function backups() {
  console.log(
    `\nBackups: ${ROWS.toLocaleString("en-US")} subscriptions on PGlite, backup, restore, writes meanwhile`,
  );
  const dataDir = join(work, "backups");
  const backupDir = join(dataDir, "backups");
  const env = { DATA_DIR: dataDir, ADMIN_PASSWORD, SEED_DEMO: "false", TRUST_PROXY: "true" };
  const first = await api("backups", env);
  await first.stop();
  await seed(env);
  const content = await startServer(CONTENT, { DATA_DIR: dataDir, SEED_DEMO: "false" }, "CONTENT_PORT");
  running.push(content);
  const server = await api("backups", { ...env, CONTENT_URL: content.url });
  try {
    await measure(server, backupDir);
  } catch (error) {
    // The api gone (a request failed): its exit and last output in the section's error, once it exited.
    if (server.child.exitCode === null && server.child.signalCode === null)
      await Promise.race([once(server.child, "exit"), sleep(2000)]);
    const cause = (error as Error).cause as { code?: string; message?: string } | undefined;
    throw new Error(
      `${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ""}\napi: ${server.describe?.()}\ncontent: ${content.describe?.()}`,
      { cause: error },
    );
  }
  await server.stop();
  await content.stop();
}

async function measure(server: Running, backupDir: string) {
  const pid = server.child.pid!;
  const { authorization, csrf } = await session(server.url);
  // Through node:http: a restore longer than fetch's 300-s wait for headers is measured, not failed.
  const admin = (method: string, path: string, body?: unknown) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const data = body ? JSON.stringify(body) : undefined;
      const call = request(`${server.url}${path}`, {
        method,
        headers: {
          authorization,
          "x-csrf-token": csrf,
          ...(data ? { "content-type": "application/json", "content-length": Buffer.byteLength(data) } : {}),
        },
      });
      call.on("error", reject);
      call.on("response", (answer) => {
        let text = "";
        answer.setEncoding("utf8");
        answer.on("data", (chunk: string) => (text += chunk));
        answer.on("end", () => resolve({ status: answer.statusCode ?? 0, text }));
        answer.on("error", reject);
      });
      call.end(data);
    });

  // Public writes one after the other, each from its own address: their latency, with and without a backup.
  let n = 0;
  const write = async () => {
    n += 1;
    const began = performance.now();
    const answer = await fetch(`${server.url}/api/v1/public/apkw/emails`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      },
      body: JSON.stringify({ email: `bench-backup-${n}@example.com` }),
    });
    if (answer.status !== 201) throw new Error(`a write answered ${answer.status}`);
    return performance.now() - began;
  };
  const writesUntil = async (done: () => boolean) => {
    const times: number[] = [];
    while (!done()) times.push(await write());
    return times;
  };
  const quiet = await writesUntil(
    (
      (end) => () =>
        performance.now() > end
    )(performance.now() + 5000),
  );

  const baseline = rssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    // The api gone (the section then fails on its next request): no sample.
    if (server.child.exitCode === null && server.child.signalCode === null) peak = Math.max(peak, rssMb(pid));
  }, 100);
  const listed = async () =>
    (
      JSON.parse((await admin("GET", "/api/v1/backups")).text) as {
        data: { id: string; verified: boolean; kind: string }[];
      }
    ).data;
  const began = performance.now();
  if ((await admin("POST", "/api/v1/backups")).status !== 202) throw new Error("Back up now was refused");
  // Written: the `.partial` file renamed; then listed once verified.
  while (!existsSync(backupDir) || !readdirSync(backupDir).some((name) => name.endsWith(".partial")))
    await sleep(20);
  let written = 0;
  const during = await writesUntil(() => {
    if (readdirSync(backupDir).some((name) => name.endsWith(".partial"))) return false;
    written = performance.now() - began;
    return true;
  });
  let backup: { id: string; verified: boolean } | undefined;
  while (!backup) {
    backup = (await listed()).find((item) => item.kind === "job");
    if (!backup) await sleep(500);
  }
  const verified = performance.now() - began;
  clearInterval(sampler);
  const backupGrowth = peak - baseline;
  if (!backup.verified) throw new Error(`the backup ${backup.id} was not verified`);

  const section = "backups";
  const rows = `${ROWS.toLocaleString("en-US")} subscriptions (PGlite)`;
  // Each figure as soon as it is measured: a restore that fails leaves the backup's figures.
  record({
    section,
    name: `backup written, ${rows}`,
    value: `${(written / 1000).toFixed(1)} s`,
    goal: "≤ 60 s",
    met: written <= 60_000,
  });
  record({
    section,
    name: "backup written and verified (restored into a scratch database)",
    value: `${(verified / 1000).toFixed(1)} s`,
    goal: "noted",
  });
  record({
    section,
    name: "api memory growth during the backup",
    value: `${backupGrowth.toFixed(0)} MB`,
    goal: "≤ 50 MB",
    met: backupGrowth <= 50,
  });
  record({
    section,
    name: `public write p99 while the backup is written (${during.length} writes)`,
    value: format.ms(p99(during)),
    reference: `${format.ms(p99(quiet))} without (${quiet.length} writes)`,
    goal: "noted",
  });

  peak = rssMb(pid);
  const restoreBaseline = peak;
  const restoreSampler = setInterval(() => {
    // The api gone (the section then fails on its next request): no sample.
    if (server.child.exitCode === null && server.child.signalCode === null) peak = Math.max(peak, rssMb(pid));
  }, 100);
  const restoreBegan = performance.now();
  const restored = await admin("POST", `/api/v1/backups/${backup.id}/restore`, { password: ADMIN_PASSWORD });
  const restoreMs = performance.now() - restoreBegan;
  clearInterval(restoreSampler);
  if (restored.status !== 200) throw new Error(`the restore answered ${restored.status}: ${restored.text}`);
  const restoreGrowth = peak - restoreBaseline;
  record({
    section,
    name: "restore from the Backups screen (a safety backup first, then the restore)",
    value: `${(restoreMs / 1000).toFixed(1)} s`,
    goal: "≤ 120 s",
    met: restoreMs <= 120_000,
  });
  record({
    section,
    name: "api memory growth during the restore",
    value: `${restoreGrowth.toFixed(0)} MB`,
    goal: "≤ 50 MB",
    met: restoreGrowth <= 50,
  });
}
