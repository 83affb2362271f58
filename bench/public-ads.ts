// Requests per second of the public ads read (`GET /api/v1/public/sportbn/ads?page=Home`) next to a
// bare node:http server returning the same bytes, measured in one run on this machine.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import autocannon from "autocannon";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PATH = "/api/v1/public/sportbn/ads?page=Home";

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
    `${name.padEnd(28)} ${Math.round(result.requests.average).toString().padStart(8)} req/s   p99 ${result.latency.p99} ms`,
  );
  return result.requests.average;
}

const api = await start("bench/serve-api.ts");
const sample = await fetch(`http://127.0.0.1:${api.port}${PATH}`);
const body = await sample.text();
const headers = {
  "content-type": sample.headers.get("content-type")!,
  "cache-control": sample.headers.get("cache-control")!,
};
const bare = await start("bench/serve-bare.ts", [JSON.stringify({ body, headers })]);

console.log(`GET ${PATH}: ${body.length} bytes, ${CONNECTIONS} connections, ${DURATION} s each\n`);
const bareRate = await measure("bare node:http", `http://127.0.0.1:${bare.port}${PATH}`);
const apiRate = await measure("api (cached public read)", `http://127.0.0.1:${api.port}${PATH}`);
console.log(`\nratio api / bare: ${(apiRate / bareRate).toFixed(2)}`);
api.child.kill();
bare.child.kill();
