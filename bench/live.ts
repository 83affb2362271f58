// The live updates section of `npm run bench` (full run only; `BENCH_ONLY=live` runs it alone; goals
// in docs/PRODUCT-RULES.md#live-updates): 1,000 streams open on one instance (its memory growth, and
// the public read's rate with them open against the same read just before); then two instances on one
// PostgreSQL and Redis: from a write sent to A to its event on a stream of B, p95 of 100.
import { spawnSync } from "node:child_process";
import { get, type IncomingMessage } from "node:http";
import { format, load, p95, ROOT, type Running, record, rssMb } from "./lib.ts";

const STREAMS = 1_000;
const WRITES = 100;
type Start = (name: string, env: Record<string, string>) => Promise<Running>;

/** Signs a member in: the bearer header and a CSRF token for writes. */
async function signIn(base: string, email: string, password: string) {
  const answer = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const authorization = `Bearer ${((await answer.json()) as { data: { token: string } }).data.token}`;
  const { csrfToken } = (await (
    await fetch(`${base}/api/v1/csrf`, { headers: { authorization } })
  ).json()) as {
    csrfToken: string;
  };
  return { authorization, csrf: csrfToken };
}

/** Opens a stream as the dashboard does (bearer in a header); resolves once its head arrived. */
function openStream(base: string, authorization: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = get(`${base}/api/v1/events`, { headers: { authorization }, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      resolve(response);
    });
    request.on("error", reject);
  });
}

async function manyStreams(start: Start, password: string) {
  const server = await start("live", { LIVE_STREAMS_PER_MEMBER: String(STREAMS) });
  const { authorization } = await signIn(server.url, "admin@example.com", password);
  const read = `${server.url}/api/v1/public/apkw/apps`;
  const pid = server.child.pid!;
  // Idle, before any load: a load run grows the heap by hundreds of MB, which would hide the streams.
  const rssBefore = rssMb(pid);
  const streams: IncomingMessage[] = [];
  for (let i = 0; i < STREAMS; i += 50)
    streams.push(
      ...(await Promise.all(Array.from({ length: 50 }, () => openStream(server.url, authorization)))),
    );
  let received = 0;
  for (const stream of streams) stream.on("data", () => received++);
  // Every stream gets events: visitors' messages, counted and sent to all 1,000.
  for (let i = 0; i < 20; i++) {
    await fetch(`${server.url}/api/v1/public/movies/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.9.0.${i + 1}` },
      body: JSON.stringify({ email: `live${i}@example.com`, subject: "Live", message: "Bench" }),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const rssOpen = rssMb(pid);
  const growth = rssOpen - rssBefore;
  record({
    section: "live updates",
    name: `memory growth with ${STREAMS.toLocaleString("en-US")} open streams`,
    value: `${Math.round(growth)} MB (${Math.round(rssBefore)} → ${Math.round(rssOpen)} MB, idle; ${received.toLocaleString("en-US")} chunks received)`,
    goal: "≤ 100 MB",
    met: growth <= 100,
  });
  // The same read with the streams open, then without them (the later run has the warmer JIT).
  const during = await load({ url: read });
  for (const stream of streams) stream.destroy();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const without = await load({ url: read });
  const ratio = during.rate / without.rate;
  record({
    section: "live updates",
    name: `apps catalogue req/s ratio with ${STREAMS.toLocaleString("en-US")} streams open`,
    value: `${format.ratio(ratio)} (${format.rate(during.rate)})`,
    goal: "unchanged (≥ 0.9)",
    reference: `the same read once they closed: ${format.rate(without.rate)}`,
    met: ratio >= 0.9,
  });
  await server.stop();
}

async function acrossInstances(databaseUrl: string, start: Start, password: string) {
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379",
  };
  const a = await start("live-a", env);
  const b = await start("live-b", env);
  // The writer is a second member: a member's own writes are not sent back to them.
  const writer = { email: "writer@example.com", password: "bench-writer-1" };
  const created = spawnSync(
    process.execPath,
    [
      "apps/api/src/cli/user.ts",
      "create",
      "--email",
      writer.email,
      "--password",
      writer.password,
      "--role",
      "admin",
    ],
    { cwd: ROOT, env: { ...process.env, ...env }, encoding: "utf8" },
  );
  if (created.status !== 0) throw new Error(`user CLI: ${created.stderr}`);
  const reader = await signIn(b.url, "admin@example.com", password);
  const write = await signIn(a.url, writer.email, writer.password);
  const stream = await openStream(b.url, reader.authorization);
  const arrivals: (() => void)[] = [];
  let buffered = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    buffered += chunk;
    const events = buffered.split("\n\n");
    buffered = events.pop()!;
    for (const event of events) if (event.includes('"type":"record"')) arrivals.shift()?.();
  });
  const headers = {
    authorization: write.authorization,
    "x-csrf-token": write.csrf,
    "content-type": "application/json",
  };
  const ad = (await (
    await fetch(`${a.url}/api/v1/apkw/ads`, {
      method: "POST",
      headers,
      body: JSON.stringify({ page: "Live", url: "https://ads.example/live/0", isActive: true }),
    })
  ).json()) as { data: { _id: string } };
  await new Promise((resolve) => setTimeout(resolve, 500));
  let n = 0;
  const latency = await p95(WRITES, async () => {
    const arrived = new Promise<void>((resolve) => arrivals.push(resolve));
    await fetch(`${a.url}/api/v1/apkw/ads/${ad.data._id}`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ url: `https://ads.example/live/${++n}` }),
    });
    await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 5000))]);
  });
  stream.destroy();
  record({
    section: "live updates",
    name: "write on instance A → its event on a stream of instance B (PostgreSQL, Redis), p95",
    value: format.ms(latency),
    goal: "≤ 500 ms",
    reference: `${WRITES} writes one after another, from the request sent`,
    met: latency <= 500,
  });
  await a.stop();
  await b.stop();
}

export async function liveUpdates(databaseUrl: string | undefined, start: Start, password: string) {
  console.log(`\nLive updates: ${STREAMS} streams on one instance; a write on A to B's stream`);
  await manyStreams(start, password);
  if (databaseUrl) await acrossInstances(databaseUrl, start, password);
}
