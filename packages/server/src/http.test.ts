import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import {
  installHealthRoutes,
  installJsonParser,
  installRequestIdHeader,
  MAX_CONNECTIONS,
  serverOptions,
  TIMEOUTS,
} from "./http.ts";

function build(ready?: () => Promise<unknown>) {
  const fastify = Fastify(serverOptions({ logLevel: false, bodyLimit: 1024 }));
  installJsonParser(fastify);
  installRequestIdHeader(fastify);
  installHealthRoutes(fastify, ready);
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

  it("readiness follows its check", async () => {
    let up = true;
    const fastify = build(async () => {
      if (!up) throw new Error("down");
    });
    expect((await fastify.inject({ url: "/readyz" })).statusCode).toBe(200);
    up = false;
    const down = await fastify.inject({ url: "/readyz" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: "database unavailable" });
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
});
