// OpenTelemetry traces (docs/DEPLOYMENT.md, "Traces"): the api as production runs it, with
// OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP receiver this test starts, which decodes the
// protobuf exports. Tracing registers process-wide state (the SDK, fetch's instrumentation), so the
// api runs as a process of its own. Without tracing no span arrives and every test here fails.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { statementSummary } from "@backoffice/db/traced";
import { freePort } from "@backoffice/server/free-port";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

// ---- The receiver: OTLP/HTTP with protobuf (opentelemetry/proto/collector/trace/v1), decoded by hand.

type Field = { number: number; value: bigint | Buffer };

/** A protobuf message's fields in order: varints and fixed numbers as bigint, length-delimited as bytes. */
function fieldsOf(buffer: Buffer): Field[] {
  const fields: Field[] = [];
  let at = 0;
  const varint = () => {
    let result = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const byte = buffer[at++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return result;
    }
  };
  /** The next `length` bytes. */
  const take = (length: number) => {
    at += length;
    return buffer.subarray(at - length, at);
  };
  while (at < buffer.length) {
    const key = Number(varint());
    const number = key >> 3;
    const type = key & 7;
    if (type === 0) fields.push({ number, value: varint() });
    else if (type === 1) fields.push({ number, value: take(8).readBigUInt64LE() });
    else if (type === 5) fields.push({ number, value: BigInt(take(4).readUInt32LE()) });
    else if (type === 2) fields.push({ number, value: take(Number(varint())) });
    else throw new Error(`wire type ${type}`);
  }
  return fields;
}
const bytes = (fields: Field[], number: number) =>
  fields.filter((field) => field.number === number).map((field) => field.value as Buffer);
const text = (fields: Field[], number: number) => bytes(fields, number)[0]?.toString("utf8") ?? "";
const hex = (fields: Field[], number: number) => bytes(fields, number)[0]?.toString("hex") ?? "";

/** AnyValue: string (1), bool (2), int (3), double (4). */
function anyValue(buffer: Buffer): string | number | boolean {
  const [field] = fieldsOf(buffer);
  if (!field) return "";
  if (field.number === 1) return (field.value as Buffer).toString("utf8");
  if (field.number === 2) return field.value === 1n;
  if (field.number === 3) return Number(field.value);
  if (field.number === 4) {
    const double = Buffer.alloc(8);
    double.writeBigUInt64LE(field.value as bigint);
    return double.readDoubleLE();
  }
  return String(field.value);
}

interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** 1 internal, 2 server, 3 client */
  kind: number;
  attributes: Record<string, string | number | boolean>;
  /** 0 unset, 1 ok, 2 error */
  status: number;
}

const attributesOf = (messages: Buffer[]) =>
  Object.fromEntries(
    messages.map((message) => {
      const pair = fieldsOf(message);
      return [text(pair, 1), anyValue(bytes(pair, 2)[0] ?? Buffer.alloc(0))];
    }),
  );

/** ExportTraceServiceRequest → ResourceSpans (1) → resource (1), ScopeSpans (2) → Span (2). */
function spansOf(request: Buffer): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of bytes(fieldsOf(request), 1)) {
    const fields = fieldsOf(resourceSpans);
    const resource = attributesOf(bytes(fieldsOf(bytes(fields, 1)[0] ?? Buffer.alloc(0)), 1));
    for (const scopeSpans of bytes(fields, 2)) {
      for (const span of bytes(fieldsOf(scopeSpans), 2)) {
        const f = fieldsOf(span);
        const status = fieldsOf(bytes(f, 15)[0] ?? Buffer.alloc(0)).find((field) => field.number === 3);
        spans.push({
          service: String(resource["service.name"]),
          traceId: hex(f, 1),
          spanId: hex(f, 2),
          parentSpanId: hex(f, 4),
          name: text(f, 5),
          kind: Number(f.find((field) => field.number === 6)?.value ?? 0),
          attributes: attributesOf(bytes(f, 9)),
          status: Number(status?.value ?? 0),
        });
      }
    }
  }
  return spans;
}

const received: ReceivedSpan[] = [];
const exports: { contentType: string | undefined; authorization: string | undefined }[] = [];
const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

// ---- A stand-in for TMDB: answers search, fails trending, and keeps the traceparent it was sent.

const tmdbCalls: { path: string; traceparent: string | undefined }[] = [];

async function listen(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const run = randomBytes(3).toString("hex");
const ADMIN = { email: `tracing-${run}@example.com`, password: "Tracing-pass-1" };
const TMDB_KEY = `tmdb-secret-${run}`;
let receiver: Server;
let tmdb: Server;
let api: ChildProcess;
let base = "";
let dataDir = "";
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  receiver = createServer(async (request, response) => {
    const body = await readBody(request);
    if (request.method === "POST" && request.url === "/v1/traces") {
      exports.push({
        contentType: request.headers["content-type"],
        authorization: request.headers.authorization,
      });
      received.push(...spansOf(body));
    }
    response.writeHead(200, { "content-type": "application/x-protobuf" }).end();
  });
  tmdb = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0]!;
    tmdbCalls.push({ path, traceparent: request.headers.traceparent as string | undefined });
    if (path.startsWith("/3/trending"))
      return response.writeHead(500, { "content-type": "application/json" }).end('{"status_code":11}');
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ page: 1, results: [], total_pages: 1, total_results: 0 }));
  });
  const [otlp, tmdbUrl, port] = await Promise.all([listen(receiver), listen(tmdb), freePort()]);
  dataDir = mkdtempSync(join(tmpdir(), "backoffice-tracing-"));
  base = `http://127.0.0.1:${port}`;
  api = spawn(process.execPath, [join(import.meta.dirname, "server.ts")], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      SEED_DEMO: "false",
      WEB_DIST_DIR: "/nonexistent",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
      TMDB_BASE_URL: `${tmdbUrl}/3`,
      TMDB_API_KEY: TMDB_KEY,
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp,
      OTEL_EXPORTER_OTLP_HEADERS: "authorization=Bearer%20receiver-key",
      // Spans leave at once instead of every 5 s.
      OTEL_BSP_SCHEDULE_DELAY: "20",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let pending = "";
  let errors = "";
  api.stdout!.on("data", (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop()!;
    for (const line of lines) if (line.startsWith("{")) logLines.push(JSON.parse(line));
  });
  api.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  for (let i = 0; ; i++) {
    if (api.exitCode !== null) throw new Error(`api exited: ${errors}`);
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error(`api not ready: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

afterAll(async () => {
  api?.kill("SIGTERM");
  if (api && api.exitCode === null) await new Promise((resolve) => api.once("exit", resolve));
  receiver?.close();
  tmdb?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Waits until `find` answers something from the spans received so far (2 s at most after the last). */
async function eventually<T>(find: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const found = find();
    if (found !== undefined && found !== false) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no ${what} among ${received.length} spans: ${received.map((s) => s.name).join(", ")}`);
}

async function signIn() {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  const authorization = `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`;
  const csrf = (await (await fetch(`${base}/api/v1/csrf`, { headers: { authorization } })).json()) as {
    csrfToken: string;
  };
  return { authorization, csrf: csrf.csrfToken, loginRequestId: login.headers.get("x-request-id")! };
}

let session: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  session = await signIn();
});

describe("traces of the api (OTEL_EXPORTER_OTLP_ENDPOINT set)", () => {
  it("a request is one trace: its server span, its SQL and its outgoing call below it, the caller's traceparent continued", async () => {
    const callerTrace = randomBytes(16).toString("hex");
    const callerSpan = randomBytes(8).toString("hex");
    const answer = await fetch(`${base}/api/v1/tmdb/search/movie?query=matrix`, {
      headers: { authorization: session.authorization, traceparent: `00-${callerTrace}-${callerSpan}-01` },
    });
    expect(answer.status).toBe(200);

    const server = await eventually(
      () => received.find((span) => span.traceId === callerTrace && span.kind === 2),
      "server span",
    );
    expect(server).toMatchObject({
      service: "backoffice-api",
      name: "GET /api/v1/tmdb/search/:kind",
      parentSpanId: callerSpan,
      attributes: { "http.route": "/api/v1/tmdb/search/:kind", "http.response.status_code": 200 },
    });
    const below = (kind: number) =>
      received.filter((s) => s.parentSpanId === server.spanId && s.kind === kind);
    // The session's lookup: a statement named by its first words, without its values.
    const sql = await eventually(
      () => below(3).find((s) => s.attributes["db.system.name"] === "postgresql"),
      "SQL span",
    );
    expect(sql.name).toMatch(/^(select|with|update)\b/);
    const call = await eventually(
      () => below(3).find((s) => s.attributes["http.request.method"] === "GET"),
      "fetch span",
    );
    expect(call.attributes).toMatchObject({
      "http.response.status_code": 200,
      "url.path": "/3/search/movie",
    });
    // The key travels as api_key: the span keeps its name, not its value.
    expect(call.attributes["url.full"]).toMatch(/api_key=%5Bredacted%5D|api_key=\[redacted\]/);
    expect(JSON.stringify(received)).not.toContain(TMDB_KEY);
    // The provider was told the trace: its own spans would join it.
    const sent = tmdbCalls.find((c) => c.path === "/3/search/movie")?.traceparent;
    expect(sent).toBe(`00-${callerTrace}-${call.spanId}-01`);
    // Exports carry the configured headers.
    expect(exports[0]).toEqual({
      contentType: "application/x-protobuf",
      authorization: "Bearer receiver-key",
    });
  });

  it("Redis commands of a request are spans of its trace (sign-in counts and resets its failures there)", async () => {
    const login = await eventually(
      () => received.find((s) => s.kind === 2 && s.name === "POST /api/v1/auth/login"),
      "sign-in's server span",
    );
    const redis = await eventually(
      () => received.find((s) => s.traceId === login.traceId && s.attributes["db.system.name"] === "redis"),
      "Redis span",
    );
    expect(redis.name).toMatch(/^redis [A-Z]+$/);
    expect(redis.kind).toBe(3);
  });

  it("a 5xx names its trace in the answer, and every log line of the request carries the trace id", async () => {
    const answer = await fetch(`${base}/api/v1/tmdb/trending/movie/day`, {
      headers: { authorization: session.authorization },
    });
    expect(answer.status).toBe(502);
    const body = (await answer.json()) as { status: string; message: string; traceId?: string };
    expect(body).toMatchObject({ status: "error", traceId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const server = await eventually(
      () => received.find((s) => s.traceId === body.traceId && s.kind === 2),
      "the failed request's span",
    );
    expect(server).toMatchObject({
      name: "GET /api/v1/tmdb/trending/:kind/day",
      status: 2,
      attributes: { "http.response.status_code": 502 },
    });
    const requestId = answer.headers.get("x-request-id");
    const lines = await eventually(() => {
      const mine = logLines.filter((line) => line.reqId === requestId);
      return mine.some((line) => line.msg === "request completed") ? mine : undefined;
    }, "log lines");
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line.traceId).toBe(body.traceId);
    // The sign-in's lines too (beforeAll's request).
    const signIn = logLines.filter((line) => line.reqId === session.loginRequestId);
    expect(signIn.length).toBeGreaterThan(0);
    for (const line of signIn) expect(line.traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("a job run is a trace of its own: the run's span with its statements below it", async () => {
    const ran = await fetch(`${base}/api/v1/jobs/expired-sign-ins/run`, {
      method: "POST",
      headers: { authorization: session.authorization, "x-csrf-token": session.csrf },
    });
    expect(ran.status).toBe(200);
    const job = await eventually(() => received.find((s) => s.name === "job expired-sign-ins"), "job span");
    expect(job).toMatchObject({ parentSpanId: "", attributes: { "job.name": "expired-sign-ins" } });
    const statements = await eventually(() => {
      const mine = received.filter((s) => s.parentSpanId === job.spanId).map((s) => s.name);
      return mine.includes("delete from sessions") ? mine : undefined;
    }, "the run's statements");
    expect(statements).toContain("delete from otp_codes");
  });

  it("a request its caller did not sample runs outside any trace: no span, no trace id, no traceparent passed on", async () => {
    const callerTrace = randomBytes(16).toString("hex");
    const calls = tmdbCalls.length;
    const answer = await fetch(`${base}/api/v1/tmdb/trending/movie/day`, {
      headers: {
        authorization: session.authorization,
        traceparent: `00-${callerTrace}-${randomBytes(8).toString("hex")}-00`,
      },
    });
    expect(answer.status).toBe(502);
    expect(((await answer.json()) as { traceId?: string }).traceId).toBeUndefined();
    expect(tmdbCalls.slice(calls).map((call) => call.traceparent)).toEqual([undefined]);
    const requestId = answer.headers.get("x-request-id");
    const lines = await eventually(() => {
      const mine = logLines.filter((line) => line.reqId === requestId);
      return mine.some((line) => line.msg === "request completed") ? mine : undefined;
    }, "log lines");
    for (const line of lines) expect(line.traceId).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.filter((span) => span.traceId === callerTrace)).toEqual([]);
  });

  it("a public read answered at the front door creates no span", async () => {
    const url = `${base}/api/v1/public/sportbn/locker`;
    expect((await fetch(url)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await fetch(url)).status).toBe(200);
    // The first read went through routing; the next five were answered before it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const spans = received.filter((s) => s.name === "GET /api/v1/public/sportbn/locker");
    expect(spans).toHaveLength(1);
  });
});

describe("tracing settings", () => {
  it("are validated like every other variable, the headers' value never printed", () => {
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toThrow(
      /^Invalid configuration: OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ OTEL_TRACES_SAMPLER: "sometimes" })).toThrow(/OTEL_TRACES_SAMPLER/);
    expect(() => loadConfig({ OTEL_TRACES_SAMPLER_ARG: "2" })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_HEADERS: "api-key secret-value" })).toThrow(
      /^Invalid configuration: OTEL_EXPORTER_OTLP_HEADERS must be name=value pairs separated by commas$/,
    );
    expect(loadConfig({ OTEL_EXPORTER_OTLP_HEADERS: "x-api-key=a%2Cb, dd-api-key=c" })).toMatchObject({
      OTEL_EXPORTER_OTLP_HEADERS: { "x-api-key": "a,b", "dd-api-key": "c" },
      OTEL_TRACES_SAMPLER: "parentbased_always_on",
    });
  });

  it("names a span by its statement's first words, never its values", () => {
    expect(statementSummary("insert into job_runs (name) values ($1)")).toBe("insert into job_runs");
    expect(statementSummary("\n  update sessions set last_active_at = now()")).toBe("update sessions set");
    expect(statementSummary("select r.* from unnest($1::text[])")).toBe("select");
    expect(statementSummary("delete from x where email = 'someone@example.com'")).toBe("delete from x");
    expect(statementSummary("-- a comment\nselect 1")).toBe("sql");
  });
});
