// Requests per second and p99 of every public read of the api, each next to a bare node:http server
// returning the same bytes and headers, measured in the same run on this machine (issue 12 §1).
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import autocannon from "autocannon";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PATHS = [
  "/api/v1/public/sportbn/ads?page=Home",
  "/api/v1/public/movies/ads?page=home",
  "/api/v1/public/sportbn/locker",
  "/api/v1/public/apkw/apps",
  "/api/v1/public/sportbn/matches",
];
/** Goal of issue 12: the api serves a cached public read at ≥ 0.85 of the bare server's rate. */
const GOAL = 0.85;

async function start(script: string, args: string[] = []): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [chunk] = (await once(child.stdout!, "data")) as [Buffer];
  return { child, port: Number(chunk.toString().trim()) };
}

async function measure(name: string, url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx || result.errors)
    throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  console.log(
    `  ${name.padEnd(10)} ${Math.round(result.requests.average).toString().padStart(8)} req/s   p99 ${result.latency.p99} ms`,
  );
  return { rate: result.requests.average, p99: result.latency.p99 };
}

const api = await start("bench/serve-api.ts");
const rows: string[] = [];
for (const path of PATHS) {
  const sample = await fetch(`http://127.0.0.1:${api.port}${path}`);
  const body = await sample.text();
  // The bare server sends the same bytes with every header the api sends (security headers included).
  const headers = Object.fromEntries(
    [...sample.headers].filter(
      ([name]) => !["date", "connection", "keep-alive", "content-length", "x-request-id"].includes(name),
    ),
  );
  const bare = await start("bench/serve-bare.ts", [JSON.stringify({ body, headers })]);
  console.log(`GET ${path}: ${body.length} bytes, ${CONNECTIONS} connections, ${DURATION} s each`);
  const reference = await measure("bare", `http://127.0.0.1:${bare.port}${path}`);
  const measured = await measure("api", `http://127.0.0.1:${api.port}${path}`);
  bare.child.kill();
  const ratio = measured.rate / reference.rate;
  rows.push(
    `| ${path} | ${Math.round(measured.rate)} | ${Math.round(reference.rate)} | ${ratio.toFixed(2)} (goal ≥ ${GOAL}) | ${measured.p99} ms (goal ≤ 10) |`,
  );
}
console.log("\n| public read | api req/s | bare req/s | ratio | api p99 |\n|---|---|---|---|---|");
console.log(rows.join("\n"));
api.child.kill();
