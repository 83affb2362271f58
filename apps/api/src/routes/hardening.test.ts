import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/helpers.ts";

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

const securityHeaders = (headers: Record<string, unknown>) => ({
  csp: headers["content-security-policy"],
  hsts: headers["strict-transport-security"],
  nosniff: headers["x-content-type-options"],
  referrer: headers["referrer-policy"],
});
const expectSecured = (headers: Record<string, unknown>) => {
  const found = securityHeaders(headers);
  expect(found.csp).toMatch(/frame-ancestors 'none'/);
  expect(found.hsts).toMatch(/max-age=\d+/);
  expect(found.nosniff).toBe("nosniff");
  expect(found.referrer).toBeDefined();
};

/** A raw request over a socket, for what `inject` cannot send (oversized headers). */
function raw(
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: "/healthz", headers }, (res) => {
      let body = "";
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("bad input never reaches the database as a 500", () => {
  it("refuses a NUL character in a query string or a body, anonymous routes included", async () => {
    const read = await t.inject({ method: "GET", url: "/api/v1/public/apkw/ads?page=%00" });
    expect(read.statusCode).toBe(400);
    expect(read.json()).toEqual({ status: "fail", message: "page must not contain the NUL character" });
    const login = await t.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email: "admin\u0000@example.com", password: "x" },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe("email must not contain the NUL character");
    const subscribe = await t.inject({
      method: "POST",
      url: "/api/v1/public/sportbn/emails",
      payload: { email: "fan@example.com", url: "https://sportbn.example/\u0000" },
    });
    expect(subscribe.statusCode).toBe(400);
  });

  it("stores only http(s) pages from the public forms, never javascript: or data:", async () => {
    for (const url of [
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "ftp://x.example/a",
    ]) {
      const answer = await t.inject({
        method: "POST",
        url: "/api/v1/public/apkw/emails",
        payload: { email: "scheme@example.com", url },
      });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().message).toBe("url must be an http(s) URL");
    }
    // A hostile Referer is not kept either.
    const viaReferer = await t.inject({
      method: "POST",
      url: "/api/v1/public/apkw/emails",
      payload: { email: "referer-scheme@example.com" },
      headers: { referer: "javascript:alert(1)" },
    });
    expect(viaReferer.statusCode).toBe(201);
    const token = await t.login();
    const list = await t.as(token, { method: "GET", url: "/api/v1/apkw/emails?limit=100" });
    const row = list.json().data.find((e: { email: string }) => e.email === "referer-scheme@example.com");
    expect(row.url).toBeNull();
  });
});

describe("every answer keeps the envelope and the security headers", () => {
  it("router-level refusals: a malformed URL and oversized headers", async () => {
    const badUrl = await t.inject({ method: "GET", url: "/api/v1/%ff" });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ status: "fail", message: "Malformed URL" });
    expectSecured(badUrl.headers);

    const big = await raw({ "x-big": "x".repeat(17 * 1024) });
    expect(big.status).toBe(431);
    expect(JSON.parse(big.body)).toEqual({ status: "fail", message: "Request headers are too large" });
    expectSecured(big.headers);
  });

  it("public reads and their refusals", async () => {
    const read = await t.inject({ method: "GET", url: "/api/v1/public/apkw/ads" });
    expect(read.statusCode).toBe(200);
    expectSecured(read.headers);
    const refused = await t.inject({ method: "GET", url: "/api/v1/public/movies/ads?page=nowhere" });
    expect(refused.statusCode).toBe(400);
    expectSecured(refused.headers);
    const missing = await t.inject({ method: "GET", url: "/api/v1/public/nowhere" });
    expect(missing.statusCode).toBe(404);
    expectSecured(missing.headers);
  });
});
