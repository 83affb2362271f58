import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSandbox } from "../app.ts";

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = buildSandbox();
  base = await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  app.server.closeAllConnections();
  await app.close();
});

describe("stream endpoints", () => {
  it.each([
    ["/streams/ok", 200],
    ["/streams/not-found", 404],
    ["/streams/error", 500],
  ])("%s answers %i to HEAD and GET", async (url, status) => {
    expect((await app.inject({ method: "HEAD", url })).statusCode).toBe(status);
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(status);
  });

  it("answers any other stream name like a live HLS stream, to HEAD and GET (the demo's links)", async () => {
    for (const url of ["/streams/arsenal-vs-chelsea", "/streams/boston-celtics-vs-new-york-knicks-hd"]) {
      const head = await app.inject({ method: "HEAD", url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers["content-type"]).toMatch(/^application\/vnd\.apple\.mpegurl/);
      const get = await app.inject({ method: "GET", url });
      expect(get.statusCode, url).toBe(200);
      expect(get.body).toMatch(/^#EXTM3U\n/);
      expect(get.body).toContain("#EXTINF:");
    }
  });

  it("/streams/offline is a stream server that is down (503), the demo's one failing link", async () => {
    expect((await app.inject({ method: "HEAD", url: "/streams/offline" })).statusCode).toBe(503);
    expect((await app.inject({ method: "GET", url: "/streams/offline" })).statusCode).toBe(503);
  });

  it("a name that is not a stream's (upper case, dots) is a 404", async () => {
    for (const url of ["/streams/Arsenal", "/streams/a.m3u8", "/streams/a_b"])
      expect((await app.inject({ method: "HEAD", url })).statusCode, url).toBe(404);
  });

  it("redirects to the ok stream, and the loop to itself", async () => {
    const redirect = await app.inject({ method: "HEAD", url: "/streams/redirect" });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe("/streams/ok");
    const loop = await app.inject({ method: "HEAD", url: "/streams/redirect-loop" });
    expect(loop.headers.location).toBe("/streams/redirect-loop");
  });

  it("refuses HEAD where a server only answers GET", async () => {
    expect((await app.inject({ method: "HEAD", url: "/streams/no-head" })).statusCode).toBe(405);
    expect((await app.inject({ method: "GET", url: "/streams/no-head" })).statusCode).toBe(200);
  });

  it("hangs until the client gives up", async () => {
    const error = await fetch(`${base}/streams/hang`, {
      method: "HEAD",
      signal: AbortSignal.timeout(300),
    }).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe("TimeoutError");
  });
});
