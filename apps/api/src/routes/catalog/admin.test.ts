import { gunzipSync } from "node:zlib";
import { isFreshTimestamp, verifyRead, verifySignature } from "@backoffice/server";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, signedInApp } from "../../../test/helpers.ts";

const SECRET = "catalog-test-secret-0123456789abcdef";
const ID = "65a1b2c3d4e5f60718293a4b";

// A stand-in for the content service: checks signatures as it does, records calls, answers as told.
interface Seen {
  method: string;
  url: string;
  body: string;
  signed: boolean;
  validSignature: boolean;
}
const seen: Seen[] = [];
let answer: { status: number; type: string; body: string } = {
  status: 200,
  type: "application/json",
  body: "[]",
};
let content: FastifyInstance;
/** Sets what the stand-in content service answers next (JSON unless told). */
const contentAnswers = (status: number, body: string, type = "application/json; charset=utf-8") => {
  answer = { status, type, body };
};

beforeAll(async () => {
  content = Fastify({ forceCloseConnections: true });
  content.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
    done(null, body),
  );
  content.all("/api/movies*", async (request, reply) => {
    const body = (request.body as string | undefined) ?? "";
    const timestamp = request.headers["x-timestamp"] as string | undefined;
    const signature = request.headers["x-signature"] as string | undefined;
    seen.push({
      method: request.method,
      url: request.url,
      body,
      signed: Boolean(timestamp && signature),
      validSignature: Boolean(
        timestamp &&
          signature &&
          isFreshTimestamp(timestamp) &&
          (request.method === "GET"
            ? verifyRead({ pathWithQuery: request.url, secret: SECRET, timestamp, signature })
            : verifySignature({
                method: request.method,
                path: request.url,
                body,
                secret: SECRET,
                timestamp,
                signature,
              })),
      ),
    });
    return reply.code(answer.status).type(answer.type).send(answer.body);
  });
  await content.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => content.close());
const t = signedInApp(() => ({
  CONTENT_URL: `http://127.0.0.1:${(content.server.address() as { port: number }).port}`,
  CONTENT_HMAC_SECRET: SECRET,
}));
beforeEach(() => {
  seen.length = 0;
  contentAnswers(200, "[]");
});

const json = { "content-type": "application/json" };

describe("/api/v1/movies/catalog (the content service pass-through)", () => {
  it("needs an admin session, a CSRF token on writes, and exists on movies only", async () => {
    expect((await t.inject({ method: "GET", url: "/api/v1/movies/catalog" })).statusCode).toBe(401);
    const noCsrf = await t.inject({
      method: "DELETE",
      url: "/api/v1/movies/catalog",
      headers: { authorization: `Bearer ${t.token}`, ...json },
      payload: { ids: [ID] },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await t.admin("GET", "/api/v1/apkw/catalog")).statusCode).toBe(404);
    expect(seen).toHaveLength(0);
  });

  it("passes the list's filter and search on in a signed read, and its answer back unchanged", async () => {
    const list = `[{"_id":"${ID}","title":"Dune"}]`;
    contentAnswers(200, list);
    const response = await t.admin("GET", "/api/v1/movies/catalog?type=tv&search=dune");
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(list);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(seen).toEqual([
      // The dashboard reads the flags as set, beside their windows (docs/PRODUCT-RULES.md#windows).
      expect.objectContaining({
        method: "GET",
        url: "/api/movies?type=tv&search=dune&flags=set",
        validSignature: true,
      }),
    ]);
  });

  it("previews the public list as of `at` for a member: the content service's view with that clock, stored nowhere", async () => {
    contentAnswers(200, "[]");
    const at = "2027-01-10T20:00:00+01:00";
    const preview = await t.admin(
      "GET",
      `/api/v1/movies/catalog/public?type=movie&at=${encodeURIComponent(at)}`,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers["cache-control"]).toBe("no-store");
    expect(seen).toEqual([
      expect.objectContaining({
        method: "GET",
        url: `/api/movies?type=movie&at=${encodeURIComponent(at)}`,
        validSignature: true,
      }),
    ]);
    const malformed = await t.admin("GET", "/api/v1/movies/catalog/public?at=tonight");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual([expect.objectContaining({ path: "at" })]);
    expect((await t.inject({ method: "GET", url: "/api/v1/movies/catalog/public" })).statusCode).toBe(401);
  });

  it("sends a large list gzipped to a client that accepts it, and as it came to one that does not", async () => {
    const titles = Array.from({ length: 2000 }, (_, i) => ({
      _id: ID,
      title: `Title ${i}`,
      overview: "A long story. ".repeat(5),
    }));
    contentAnswers(200, JSON.stringify(titles));
    const url = "/api/v1/movies/catalog";
    const zipped = await t.as(t.token, {
      method: "GET",
      url,
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.rawPayload.length).toBeLessThan(answer.body.length / 5);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(answer.body);
    const plain = await t.as(t.token, { method: "GET", url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(answer.body);
    contentAnswers(200, "[]");
    const small = await t.as(t.token, { method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body).toBe("[]");
  });

  it("signs writes over METHOD + content path + the exact body + timestamp", async () => {
    contentAnswers(200, `{"status":"success","data":{}}`);
    const patch = await t.admin("PATCH", `/api/v1/movies/catalog/${ID}`, { featured: true });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toEqual({ status: "success", data: {} });
    const locker = await t.admin("PATCH", `/api/v1/movies/catalog/${ID}/locker`, { lockerSelected: "true" });
    expect(locker.statusCode).toBe(200);
    const remove = await t.admin("DELETE", "/api/v1/movies/catalog", { ids: [ID] });
    expect(remove.statusCode).toBe(200);
    // Each write first reads the titles it changes (for the History), a signed read like any list read.
    const writes = seen.filter((call) => call.method !== "GET");
    expect(seen.filter((call) => call.method === "GET").every((call) => call.validSignature)).toBe(true);
    expect(writes.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: "PATCH", url: `/api/movies/${ID}`, body: `{"featured":true}` },
      // The older client sends some booleans as text; the content service gets the real thing.
      { method: "PATCH", url: `/api/movies/${ID}/locker`, body: `{"lockerSelected":true}` },
      { method: "DELETE", url: "/api/movies", body: `{"ids":["${ID}"]}` },
    ]);
    expect(writes.every((call) => call.validSignature)).toBe(true);
  });

  it("passes the import's plain-text success through; its plain-text refusals become the envelope", async () => {
    contentAnswers(201, "Imported: The Matrix", "text/plain; charset=utf-8");
    const imported = await t.admin("POST", "/api/v1/movies/catalog/import/tmdb", {
      tmdbId: 603,
      kind: "movie",
      featured: false,
    });
    expect(imported.statusCode).toBe(201);
    expect(imported.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(imported.body).toBe("Imported: The Matrix");
    expect(seen.find((call) => call.method === "POST")).toMatchObject({
      url: "/api/movies/import/tmdb",
      body: `{"tmdbId":603,"kind":"movie","featured":false}`,
      validSignature: true,
    });

    contentAnswers(409, "Already imported: The Matrix", "text/plain; charset=utf-8");
    const again = await t.admin("POST", "/api/v1/movies/catalog/import/tmdb", { tmdbId: 603, kind: "movie" });
    expect(again.statusCode).toBe(409);
    expect(again.headers["content-type"]).toMatch(/^application\/json/);
    expect(again.json()).toEqual({ status: "fail", message: "Already imported: The Matrix" });

    contentAnswers(404, "Title not found on the movie database", "text/plain; charset=utf-8");
    const missing = await t.admin("POST", "/api/v1/movies/catalog/import/tmdb", { tmdbId: 9, kind: "tv" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: "fail", message: "Title not found on the movie database" });

    contentAnswers(502, "Failed to fetch from TMDB", "text/plain; charset=utf-8");
    const failed = await t.admin("POST", "/api/v1/movies/catalog/import/tmdb", { tmdbId: 9, kind: "tv" });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ status: "error", message: "Failed to fetch from TMDB" });
  });

  it("passes the content service's refusals through, but never its 401 (that would sign the admin out)", async () => {
    contentAnswers(404, `{"status":"fail","message":"Title not found"}`);
    const missing = await t.admin("PATCH", `/api/v1/movies/catalog/${ID}`, { title: "X" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: "fail", message: "Title not found" });

    contentAnswers(401, `{"status":"fail","message":"Invalid signature"}`);
    const refused = await t.admin("PATCH", `/api/v1/movies/catalog/${ID}`, { title: "X" });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toMatch(/refused this server's signature/);
  });

  it("refuses bad input itself, naming the field, without calling the content service", async () => {
    const badKind = await t.admin("POST", "/api/v1/movies/catalog/import/tmdb", {
      tmdbId: 603,
      kind: "book",
    });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toMatch(/kind must be movie or tv/);
    const badRating = await t.admin("PATCH", `/api/v1/movies/catalog/${ID}`, { vote_average: 11 });
    expect(badRating.statusCode).toBe(400);
    expect(badRating.json().message).toMatch(/vote_average/);
    const badId = await t.admin("PATCH", "/api/v1/movies/catalog/not-an-id", { featured: true });
    expect(badId.statusCode).toBe(400);
    expect(seen).toHaveLength(0);
  });

  it("answers 502 with a clear message when the content service is down", async () => {
    const down = await buildTestApp({ CONTENT_URL: "http://127.0.0.1:9", CONTENT_HMAC_SECRET: SECRET });
    try {
      const admin = await down.login();
      const list = await down.as(admin, { method: "GET", url: "/api/v1/movies/catalog" });
      expect(list.statusCode).toBe(502);
      expect(list.json()).toEqual({ status: "error", message: "The content service is unavailable" });
      const write = await down.as(admin, {
        method: "DELETE",
        url: "/api/v1/movies/catalog",
        payload: { ids: [ID] },
      });
      expect(write.statusCode).toBe(502);
      expect(write.json()).toEqual({ status: "error", message: "The content service is unavailable" });
      // Only the catalogue is affected: the rest of the dashboard answers as usual.
      const ads = await down.as(admin, { method: "GET", url: "/api/v1/sportbn/ads" });
      expect(ads.statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});
