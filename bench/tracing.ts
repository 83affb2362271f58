// The tracing section of `npm run bench` (`BENCH_ONLY=tracing`; docs/PERFORMANCE.md, "Traces"): what
// OpenTelemetry traces cost. Three api instances with the same demo data: without
// OTEL_EXPORTER_OTLP_ENDPOINT, with it (every trace kept: the default sampler), and with it keeping a
// tenth of the traces, exporting to an OTLP/HTTP sink in a process of its own (this file, run as a
// script). Admin reads and a public read are loaded in alternating rounds on a traced instance and the
// untraced one; the public read is answered at the front door, before routing, so it must create no
// span: the sink must receive nothing while it is loaded.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Running } from "./lib.ts";

type Start = (name: string, env: Record<string, string>) => Promise<Running>;
type Session = (base: string) => Promise<{ authorization: string }>;

/** What tracing may add to an admin read's CPU time (issue 40): 5 %. */
const ADMIN_GOAL = 0.05;
/** The share of traces the sampled server keeps. */
const SAMPLED = 0.1;
/** Longer than the SDK's export delay (5 s): every span of the load before has reached the sink. */
const SETTLE_MS = 6000;

export async function tracing(api: Start, session: Session) {
  // Imported here, so that the sink below starts without the bench's libraries.
  const { cpuMicros, format, load, median, record, rssMb, SECONDS, SHORT, startHelper } = await import(
    "./lib.ts"
  );
  console.log("\nTracing: the api with and without OTEL_EXPORTER_OTLP_ENDPOINT, alternating rounds");
  const sink = await startHelper("bench/tracing.ts", []);
  const stats = async () =>
    (await (await fetch(`${sink.url}/stats`)).json()) as { exports: number; bytes: number };
  const exporting = { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url };
  // A tenth of the traces started here kept (docs/DEPLOYMENT.md, Traces: sampling).
  const sampled = {
    ...exporting,
    OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
    OTEL_TRACES_SAMPLER_ARG: String(SAMPLED),
  };
  const started: Running[] = [];
  const start = async (name: string, env: Record<string, string>) => {
    const server = await api(name, env);
    started.push(server);
    return server;
  };
  // One demo data set, copied for each instance: generated apart, their lists would differ (dates
  // relative to now, random counts) and so would the cost of reading them.
  const data = mkdtempSync(join(tmpdir(), "bench-tracing-"));
  const dir = (name: string) => ({ DATA_DIR: join(data, name) });
  try {
    await (await start("tracing-seed", dir("off"))).stop();
    for (const copy of ["twin", "on", "sampled"])
      cpSync(join(data, "off"), join(data, copy), { recursive: true });
    // The figures are of a restart on that data, as in production.
    const off = await start("tracing-off", dir("off"));
    const on = await start("tracing-on", { ...exporting, ...dir("on") });
    const tenth = await start("tracing-sampled", { ...sampled, ...dir("sampled") });
    // A second instance without tracing: how far two identical instances differ by this method.
    const twin = await start("tracing-off-twin", dir("twin"));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    record({
      section: "tracing",
      name: "api restart to ready, tracing off / on",
      value: `${format.ms(off.readyMs)} / ${format.ms(on.readyMs)}`,
      goal: "noted",
    });
    record({
      section: "tracing",
      name: "api resident memory idle, tracing off / on",
      value: `${Math.round(rssMb(off.child.pid!))} / ${Math.round(rssMb(on.child.pid!))} MB`,
      goal: "noted",
    });

    /**
     * The same read on the server without tracing and on `traced` (each with its own headers: a
     * session token is its server's), in alternating rounds after a short warm-up. The cost is the median
     * over the rounds of the traced server's CPU time per request over the other's (the machine's
     * drift moves both within a round); the rates are shown beside it.
     */
    async function compare(
      traced: Running,
      path: string,
      headersOf: (server: Running) => Record<string, string>,
      seconds: number,
    ) {
      const servers = [off, traced] as const;
      const rounds = SHORT ? 2 : 10;
      const totals = servers.map(() => ({ rate: 0, cpu: 0, requests: 0 }));
      const ratios: number[] = [];
      const run = (index: number, duration: number) =>
        load({ url: `${servers[index]!.url}${path}`, headers: headersOf(servers[index]!), duration });
      for (const index of [0, 1]) await run(index, 2);
      for (let round = 0; round < rounds; round++) {
        const perRequest = [0, 0];
        // Who goes first alternates too: the drift within a round favours neither.
        for (const index of round % 2 ? [1, 0] : [0, 1]) {
          const pid = servers[index]!.child.pid!;
          const before = cpuMicros(pid);
          const result = await run(index, seconds / rounds);
          const cpu = cpuMicros(pid) - before;
          perRequest[index] = cpu / result.sent;
          totals[index]!.cpu += cpu;
          totals[index]!.requests += result.sent;
          totals[index]!.rate += result.rate / rounds;
        }
        ratios.push(perRequest[1]! / perRequest[0]!);
      }
      const [without, withTraces] = totals as [(typeof totals)[0], (typeof totals)[0]];
      const micros = (total: typeof without) =>
        Math.round(total.cpu / total.requests).toLocaleString("en-US");
      return {
        cost: median(ratios) - 1,
        text:
          `CPU ${micros(withTraces)} vs ${micros(without)} µs/request, ` +
          `${format.rate(withTraces.rate)} vs ${format.rate(without.rate)}`,
      };
    }
    const percent = (cost: number) => `${cost >= 0 ? "+" : "−"}${Math.abs(100 * cost).toFixed(1)} %`;

    const tokens = new Map<Running, string>();
    for (const server of [off, twin, on, tenth])
      tokens.set(server, (await session(server.url)).authorization);
    const signedIn = (server: Running) => ({ authorization: tokens.get(server)! });
    // Every instance warmed alike first: the untraced one takes part in each comparison, and its
    // code (PGlite's WebAssembly included) would otherwise be further optimized than the other's.
    for (const server of [off, twin, on, tenth])
      for (const path of ["/api/v1/apkw/emails", "/api/v1/sportbn/matches"])
        await load({ url: `${server.url}${path}`, headers: signedIn(server), duration: SECONDS });
    const control = await compare(twin, "/api/v1/sportbn/matches", signedIn, 2 * SECONDS);
    record({
      section: "tracing",
      name: "admin read /api/v1/sportbn/matches: CPU per request, a second instance without tracing vs the first",
      value: `${percent(control.cost)} (${control.text})`,
      goal: "noted: the method's spread",
    });
    for (const [traced, path, what] of [
      [on, "/api/v1/apkw/emails", "every trace kept"],
      [on, "/api/v1/sportbn/matches", "every trace kept"],
      [tenth, "/api/v1/sportbn/matches", `${100 * SAMPLED} % of traces kept`],
    ] as const) {
      // Twice the usual time: a 5 % difference is within one round's noise on this machine.
      const measured = await compare(traced, path, signedIn, 2 * SECONDS);
      record({
        section: "tracing",
        name: `admin read ${path}: CPU per request, tracing on (${what}) vs off`,
        value: `${percent(measured.cost)} (${measured.text})`,
        goal: `≤ +${100 * ADMIN_GOAL} %`,
        met: measured.cost <= ADMIN_GOAL,
      });
    }

    // The front door: no span, so nothing reaches the sink while (and after) the read is loaded.
    const publicRead = "/api/v1/public/sportbn/ads?page=Home";
    for (const server of [off, on]) await fetch(`${server.url}${publicRead}`);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const before = await stats();
    const measured = await compare(on, publicRead, () => ({}), SECONDS);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const after = await stats();
    record({
      section: "tracing",
      name: "public read at the front door: CPU per request, tracing on (every trace kept) vs off",
      value: `${percent(measured.cost)} (${measured.text})`,
      goal: "no span: cost within the noise",
    });
    record({
      section: "tracing",
      name: "spans exported while the front door answered",
      value: `${after.exports - before.exports} exports, ${after.bytes - before.bytes} bytes`,
      goal: "0",
      met: after.bytes === before.bytes,
    });
    const total = await stats();
    record({
      section: "tracing",
      name: "exports received by the OTLP sink in the section",
      value: `${total.exports} (${Math.round(total.bytes / 1024).toLocaleString("en-US")} KB)`,
      goal: "noted",
    });
  } finally {
    for (const server of started) await server.stop();
    sink.close();
    rmSync(data, { recursive: true, force: true });
  }
}

// Run as a script (`startHelper("bench/tracing.ts")`): an OTLP/HTTP sink that answers every export
// with success and counts them (`GET /stats`). Prints its port.
if (import.meta.main) {
  let exports = 0;
  let bytes = 0;
  const server = createServer((request, response) => {
    if (request.method === "GET") {
      response.writeHead(200, { "content-type": "application/json" });
      return response.end(JSON.stringify({ exports, bytes }));
    }
    request.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    request.on("end", () => {
      exports += 1;
      response.writeHead(200, { "content-type": "application/x-protobuf" }).end();
    });
  });
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
  });
}
