import { createHmac } from "node:crypto";
import { signRequest, verifySignature } from "@backoffice/server/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, SECRET, type TestApp } from "../../test/helpers.ts";

let t: TestApp;
let clock = Date.now();
const nowSeconds = () => Math.floor(clock / 1000);

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock });
});
afterAll(async () => {
  await t.close();
});

/** A harmless signed write: a locker update of a title made for the test. */
async function lockerCall(
  options: { timestamp?: number; secret?: string; headers?: Record<string, string> } = {},
) {
  const id = await t.addTitle({ title: "Signed" });
  return {
    id,
    response: await t.signed("PATCH", `/api/movies/${id}/locker`, { lockerSelected: true }, options),
  };
}

/** A JSON PATCH sent with exactly the given signature headers (none added, none fixed up). */
const patchWith = (url: string, headers: Record<string, string>, payload: string) =>
  t.inject({ method: "PATCH", url, headers: { "content-type": "application/json", ...headers }, payload });

describe("signRequest / verifySignature", () => {
  it("is hex HMAC-SHA256 over METHOD + path + body + timestamp", () => {
    const body = '{"tmdbId":603,"kind":"movie","featured":false}';
    const expected = createHmac("sha256", "k".repeat(20))
      .update(`POST/api/movies/import/tmdb${body}1700000000`)
      .digest("hex");
    expect(
      signRequest({
        method: "post",
        path: "/api/movies/import/tmdb?x=1",
        body,
        secret: "k".repeat(20),
        timestamp: 1700000000,
      }),
    ).toEqual({ "X-Timestamp": "1700000000", "X-Signature": expected });
  });

  it("signs `{}` when there is no body, and uses the current time in seconds by default", () => {
    const headers = signRequest({ method: "DELETE", path: "/api/movies", secret: SECRET });
    const timestamp = Number(headers["X-Timestamp"]);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(5);
    const expected = createHmac("sha256", SECRET).update(`DELETE/api/movies{}${timestamp}`).digest("hex");
    expect(headers["X-Signature"]).toBe(expected);
  });

  it("never gives the same request the same signature twice in one process", () => {
    const input = { method: "PATCH", path: "/api/movies/x", body: '{"featured":true}', secret: SECRET };
    const first = signRequest(input);
    const second = signRequest(input);
    expect(second["X-Signature"]).not.toBe(first["X-Signature"]);
    expect(Number(second["X-Timestamp"])).toBe(Number(first["X-Timestamp"]) + 1);
    // Explicit timestamps are used as given.
    expect(signRequest({ ...input, timestamp: 5 })).toEqual(signRequest({ ...input, timestamp: 5 }));
  });

  it("verifies only the exact request", () => {
    const input = { method: "PATCH", path: "/api/movies/a", body: '{"a":1}', secret: SECRET };
    const { "X-Timestamp": timestamp, "X-Signature": signature } = signRequest({ ...input, timestamp: 100 });
    expect(verifySignature({ ...input, timestamp, signature })).toBe(true);
    expect(verifySignature({ ...input, timestamp, signature: signature.toUpperCase() })).toBe(true);
    expect(verifySignature({ ...input, body: '{"a":2}', timestamp, signature })).toBe(false);
    expect(verifySignature({ ...input, path: "/api/movies/b", timestamp, signature })).toBe(false);
    expect(verifySignature({ ...input, method: "POST", timestamp, signature })).toBe(false);
    expect(verifySignature({ ...input, timestamp: "101", signature })).toBe(false);
    expect(verifySignature({ ...input, secret: `${SECRET}x`, timestamp, signature })).toBe(false);
    expect(verifySignature({ ...input, timestamp, signature: signature.slice(2) })).toBe(false);
    expect(verifySignature({ ...input, timestamp, signature: "zz".repeat(32) })).toBe(false);
  });
});

describe("signed writes", () => {
  it("accepts a valid signature", async () => {
    const { response } = await lockerCall();
    expect(response.statusCode).toBe(200);
    expect(response.json().data.lockerSelected).toBe(true);
  });

  it("accepts the same change sent twice in a row (each signed anew)", async () => {
    const id = await t.addTitle();
    for (const _ of [1, 2, 3]) {
      const response = await t.signed("PATCH", `/api/movies/${id}`, { featured: true });
      expect(response.statusCode).toBe(200);
    }
  });

  it("refuses a wrong secret", async () => {
    const { response } = await lockerCall({ secret: "another-secret-of-enough-length" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: "fail", message: "Invalid signature" });
  });

  it("refuses missing headers", async () => {
    const id = await t.addTitle();
    const none = await t.inject({
      method: "PATCH",
      url: `/api/movies/${id}/locker`,
      payload: { lockerSelected: true },
    });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      status: "fail",
      message: "Missing signature: send X-Timestamp and X-Signature",
    });
    const headers = signRequest({
      method: "PATCH",
      path: `/api/movies/${id}/locker`,
      body: '{"lockerSelected":true}',
      secret: SECRET,
    });
    for (const only of ["X-Timestamp", "X-Signature"] as const) {
      const response = await patchWith(
        `/api/movies/${id}/locker`,
        { [only]: headers[only] },
        '{"lockerSelected":true}',
      );
      expect(response.statusCode).toBe(401);
    }
    const row = await t.inject({ method: "GET", url: "/api/movies" });
    expect(row.json().find((item: { _id: string }) => item._id === id).lockerSelected).toBe(false);
  });

  it("refuses a timestamp more than 300 s away, either way", async () => {
    for (const offset of [-301, 301, -3600]) {
      const { response } = await lockerCall({ timestamp: nowSeconds() + offset });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe("Request timestamp is too old or too far in the future");
    }
    for (const offset of [-299, 299]) {
      const { response } = await lockerCall({ timestamp: nowSeconds() + offset });
      expect(response.statusCode).toBe(200);
    }
  });

  it("refuses a timestamp in milliseconds or not a number", async () => {
    expect((await lockerCall({ timestamp: clock })).response.statusCode).toBe(401);
    const id = await t.addTitle();
    const body = '{"lockerSelected":true}';
    const signature = createHmac("sha256", SECRET)
      .update(`PATCH/api/movies/${id}/locker${body}soon`)
      .digest("hex");
    const response = await patchWith(
      `/api/movies/${id}/locker`,
      { "x-timestamp": "soon", "x-signature": signature },
      body,
    );
    expect(response.statusCode).toBe(401);
  });

  it("still refuses a replay after a restore of the database (the used signatures are kept)", async () => {
    const id = await t.addTitle();
    const url = `/api/movies/${id}/locker`;
    const body = '{"lockerSelected":true}';
    const signed = signRequest({ method: "PATCH", path: url, body, secret: SECRET, timestamp: nowSeconds() });
    expect((await patchWith(url, signed, body)).statusCode).toBe(200);
    const snapshot = (await t.signed("POST", "/api/backup/snapshot", {})).json().data;
    expect(snapshot.tables.used_signatures.length).toBeGreaterThan(0);
    const restored = await t.signed("POST", "/api/backup/restore", {
      migrations: snapshot.migrations,
      tables: { ...snapshot.tables, used_signatures: [] },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const again = await patchWith(url, signed, body);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ status: "fail", message: "Request already used" });
  });

  it("refuses a replay within the window, and a replay after it as stale", async () => {
    const id = await t.addTitle();
    const url = `/api/movies/${id}/locker`;
    const body = '{"lockerSelected":true}';
    const signed = signRequest({ method: "PATCH", path: url, body, secret: SECRET, timestamp: nowSeconds() });
    const replay = (headers: Record<string, string> = signed) => patchWith(url, headers, body);
    const first = await replay();
    expect(first.statusCode).toBe(200);
    const again = await replay();
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ status: "fail", message: "Request already used" });
    // Upper-case hex is the same signature.
    const upper = { ...signed, "X-Signature": signed["X-Signature"].toUpperCase() };
    expect((await replay(upper)).statusCode).toBe(401);

    const saved = clock;
    try {
      clock += 250_000;
      expect((await replay()).json().message).toBe("Request already used");
      clock += 100_000;
      expect((await replay()).json().message).toBe("Request timestamp is too old or too far in the future");
    } finally {
      clock = saved;
    }
  });

  it("accepts exactly one of two identical requests sent at once", async () => {
    const id = await t.addTitle();
    const url = `/api/movies/${id}/locker`;
    const body = '{"lockerSelected":false}';
    const signed = signRequest({ method: "PATCH", path: url, body, secret: SECRET });
    const answers = await Promise.all([1, 2, 3].map(() => patchWith(url, signed, body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it("refuses a body changed after signing, even when it means the same", async () => {
    const id = await t.addTitle();
    const url = `/api/movies/${id}/locker`;
    const signed = signRequest({
      method: "PATCH",
      path: url,
      body: '{"lockerSelected":false}',
      secret: SECRET,
    });
    for (const payload of ['{"lockerSelected":true}', '{ "lockerSelected": false }']) {
      const response = await patchWith(url, signed, payload);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe("Invalid signature");
    }
  });

  it("refuses a signature made for another path or method", async () => {
    const a = await t.addTitle();
    const b = await t.addTitle();
    const body = '{"lockerSelected":true}';
    const forA = signRequest({ method: "PATCH", path: `/api/movies/${a}/locker`, body, secret: SECRET });
    const moved = await patchWith(`/api/movies/${b}/locker`, forA, body);
    expect(moved.statusCode).toBe(401);
    const asPost = signRequest({ method: "POST", path: `/api/movies/${a}/locker`, body, secret: SECRET });
    const wrongMethod = await patchWith(`/api/movies/${a}/locker`, asPost, body);
    expect(wrongMethod.statusCode).toBe(401);
  });

  it("ignores the query string when signing", async () => {
    const id = await t.addTitle();
    const response = await t.signed("PATCH", `/api/movies/${id}/locker?from=test`, { lockerSelected: true });
    expect(response.statusCode).toBe(200);
  });

  it("checks the signature before the payload, so unsigned callers learn no rules", async () => {
    const id = await t.addTitle();
    const response = await t.inject({
      method: "PATCH",
      url: `/api/movies/${id}`,
      payload: { title: "", admin: true },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      status: "fail",
      message: "Missing signature: send X-Timestamp and X-Signature",
    });
  });

  it("keeps reads unsigned", async () => {
    const response = await t.inject({ method: "GET", url: "/api/movies" });
    expect(response.statusCode).toBe(200);
  });
});
