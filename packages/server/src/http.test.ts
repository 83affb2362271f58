import { spawnSync } from "node:child_process";
import { join } from "node:path";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { installErrorHandlers } from "./error-handler.ts";
import {
  type DependencyState,
  installHealthRoutes,
  installJsonParser,
  installRequestIdHeader,
  MAX_CONNECTIONS,
  serverOptions,
  TIMEOUTS,
} from "./http.ts";

function build(checks?: Parameters<typeof installHealthRoutes>[1]) {
  const fastify = Fastify(serverOptions({ logLevel: false, bodyLimit: 1024 }));
  installJsonParser(fastify);
  installRequestIdHeader(fastify);
  installHealthRoutes(fastify, checks);
  fastify.post("/echo", async (request) => ({ body: request.body ?? null }));
  return fastify;
}

/** Posts a raw body to the echo route, so the test chooses the content type and the bytes. */
const postRaw = (fastify: ReturnType<typeof build>, contentType: string, payload: string) =>
  fastify.inject({ method: "POST", url: "/echo", headers: { "content-type": contentType }, payload });

describe("the servers' shared HTTP plumbing", () => {
  it("keeps every server's time limits, so a slow or silent client cannot hold a socket", async () => {
    const fastify = build();
    await fastify.listen({ port: 0, host: "127.0.0.1" });
    expect(fastify.server.requestTimeout).toBe(TIMEOUTS.requestMs);
    expect(fastify.server.keepAliveTimeout).toBe(TIMEOUTS.keepAliveMs);
    expect(fastify.server.timeout).toBe(TIMEOUTS.connectionMs);
    expect(fastify.server.headersTimeout).toBe(TIMEOUTS.headersMs);
    expect(fastify.server.maxConnections).toBe(MAX_CONNECTIONS);
    await fastify.close();
  });

  it("names each answer's request id, never the caller's", async () => {
    const fastify = build();
    const answer = await fastify.inject({ url: "/healthz", headers: { "x-request-id": "forged" } });
    expect(answer.json()).toEqual({ status: "ok" });
    expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("readiness names each dependency: a required one down is 503 in the envelope, an optional one degraded", async () => {
    const states: Record<string, DependencyState> = { database: "ok", redis: "ok" };
    const fastify = build({
      database: { required: true, check: async () => states.database! },
      redis: { required: false, check: async () => states.redis! },
      content: { required: false, check: () => new Promise(() => {}) },
    });
    const ready = await fastify.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    // A check that never answers counts as down after a second, and the probe still answers.
    expect(ready.json()).toEqual({ status: "degraded", database: "ok", redis: "ok", content: "down" });
    states.redis = "off";
    expect((await fastify.inject({ url: "/readyz" })).json()).toMatchObject({ redis: "off" });
    states.database = "down";
    const down = await fastify.inject({ url: "/readyz" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      status: "error",
      message: "Not ready: database unavailable",
      database: "down",
      redis: "off",
      content: "down",
    });
    expect((await build().inject({ url: "/readyz" })).json()).toEqual({ status: "ok" });
  });

  it("refuses a NUL character in a body or a query string with a 400 naming where it was", async () => {
    const fastify = build();
    fastify.get("/list", async (request) => request.query);
    const body = await postRaw(fastify, "application/json", '{"title":"ok","tags":["a","b\\u0000"]}');
    expect(body.statusCode).toBe(400);
    expect(body.json().message).toBe("tags[1] must not contain the NUL character");
    const query = await fastify.inject({ url: "/list?page=1&search=a%00b" });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toBe("search must not contain the NUL character");
    expect((await fastify.inject({ url: "/list%00" })).statusCode).toBe(400);
    // Other control characters and ordinary text pass.
    expect((await fastify.inject({ url: "/list?search=a%09b" })).json()).toEqual({ search: "a\tb" });
  });

  it("reads JSON only: an empty JSON body is no body, text is refused with 415", async () => {
    const fastify = build();
    const empty = await postRaw(fastify, "application/json", "");
    expect(empty.json()).toEqual({ body: null });
    const json = await fastify.inject({ method: "POST", url: "/echo", payload: { a: 1 } });
    expect(json.json()).toEqual({ body: { a: 1 } });
    const text = await postRaw(fastify, "text/plain", "hi");
    expect(text.statusCode).toBe(415);
  });

  it("refuses a body declared compressed with 415 and what it accepts, instead of storing its bytes", async () => {
    const fastify = build();
    installErrorHandlers(fastify);
    const post = (encoding: string) =>
      fastify.inject({
        method: "POST",
        url: "/echo",
        headers: { "content-type": "application/json", "content-encoding": encoding },
        payload: '{"email":"a@b.example"}',
      });
    const gzip = await post("gzip");
    expect(gzip.statusCode).toBe(415);
    expect(gzip.headers["accept-encoding"]).toBe("identity");
    expect(gzip.json()).toEqual({
      status: "fail",
      message: "Content-Encoding gzip is not supported: send the body uncompressed",
    });
    expect((await post("br, gzip")).statusCode).toBe(415);
    expect((await post("Identity")).json()).toEqual({ body: { email: "a@b.example" } });
  });
});

describe("the log's format", () => {
  const SIGN_IN = `Fastify(serverOptions({ logLevel: "info", bodyLimit: 1024 })).log.info({ userId: "u1" }, "signed in");`;
  /**
   * Runs `body` in a child process (`Fastify`, `serverOptions` and `installErrorHandlers` imported),
   * its output through a terminal (`script`) or a pipe.
   */
  function logOf(terminal: boolean, body = SIGN_IN): string {
    const http = join(import.meta.dirname, "http.ts");
    const errors = join(import.meta.dirname, "error-handler.ts");
    const program = `import Fastify from "fastify"; import { serverOptions } from ${JSON.stringify(http)};
      import { installErrorHandlers } from ${JSON.stringify(errors)}; ${body}`;
    const node = `${process.execPath} --input-type=module -e '${program}'`;
    const run = terminal
      ? spawnSync("script", ["-qec", node, "/dev/null"], { encoding: "utf8", cwd: import.meta.dirname })
      : spawnSync("sh", ["-c", node], { encoding: "utf8", cwd: import.meta.dirname });
    expect(run.status, run.stderr).toBe(0);
    return run.stdout;
  }

  it("is readable lines in a terminal and one JSON object per line otherwise", () => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
    const pretty = logOf(true).replace(/\u001b\[[0-9;]*m/g, "");
    // One line per entry: time, level, message, then its fields.
    expect(pretty).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: signed in \{"userId":"u1"\}\r?\n$/);
    expect(pretty).not.toContain('"msg"');
    const json = JSON.parse(logOf(false).trim());
    expect(json).toMatchObject({ level: 30, msg: "signed in", userId: "u1" });
  });

  // A day of npm start printed 9,583 request lines: the first run's admin password scrolled away.
  it("prints no request lines in a terminal, only what a person must see; JSON logs keep them", () => {
    const requests = `const app = Fastify(serverOptions({ logLevel: "info", bodyLimit: 1024 }));
      installErrorHandlers(app);
      app.get("/ok", async () => ({ ok: true }));
      app.get("/boom", async () => { throw new Error("disk on fire"); });
      app.get("/slow", async (request) => { request.log.warn("upstream slow"); return {}; });
      for (const url of ["/ok", "/ok", "/nowhere", "/boom", "/slow"]) await app.inject({ url });`;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
    const terminal = logOf(true, requests).replace(/\u001b\[[0-9;]*m/g, "");
    expect(terminal).not.toMatch(/incoming request|request completed|not found/);
    expect(terminal).toMatch(/ERROR: request failed/);
    expect(terminal).toContain("disk on fire");
    expect(terminal).toMatch(/WARN: upstream slow/);
    expect(terminal).not.toMatch(/INFO:/);

    const json = logOf(false, requests)
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { msg: string; level: number });
    expect(json.filter((line) => line.msg === "incoming request")).toHaveLength(5);
    expect(json.filter((line) => line.msg === "request completed")).toHaveLength(5);
    expect(json.filter((line) => line.level >= 40).map((line) => line.msg)).toEqual([
      "request failed",
      "upstream slow",
    ]);
  });
});
