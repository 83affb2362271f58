import { beforeAll, describe, expect, it } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";

// The server's front door answers a repeated public read with the answer Fastify sent for it
// (lib/public-cache.ts). Only real sockets go through it (inject skips the node:http server).
const t = signedInApp();
let base: string;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});

const read = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}${path}`, { headers });
  const { date: _date, "x-request-id": id, ...rest } = Object.fromEntries(response.headers);
  return { status: response.status, body: await response.text(), id, headers: rest };
};
const answeredBeforeRouting = () => t.app.publicCache.stats().answeredBeforeRouting;
const ADS = "/api/v1/public/sportbn/ads?page=Home";

describe("public reads at the front door", () => {
  it("answers a repeat with the same bytes and headers and a new request id, and a write at once", async () => {
    const first = await read(ADS);
    expect(first.status).toBe(200);
    expect(answeredBeforeRouting()).toBe(0);
    const second = await read(ADS);
    expect(answeredBeforeRouting()).toBe(1);
    expect(second.body).toBe(first.body);
    expect(second.headers).toEqual(first.headers);
    expect(second.headers["x-content-type-options"]).toBe("nosniff");
    expect(second.headers["content-security-policy"]).toBeDefined();
    expect(second.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.id).not.toBe(first.id);

    const created = await t.as(t.token, {
      method: "POST",
      url: "/api/v1/sportbn/ads",
      payload: { page: "Home", url: "https://ads.example/front", isActive: "true" },
    });
    expect(created.statusCode).toBe(201);
    const afterWrite = await read(ADS);
    expect(afterWrite.body).toContain("https://ads.example/front");
    expect(answeredBeforeRouting()).toBe(1);
    expect((await read(ADS)).body).toBe(afterWrite.body);
    expect(answeredBeforeRouting()).toBe(2);
  });

  it("keeps a public site's CORS answer apart from the answer without an Origin", async () => {
    const origin = t.config.SITE_SPORTBN_URL;
    const plain = await read("/api/v1/public/sportbn/locker");
    const cross = await read("/api/v1/public/sportbn/locker", { origin });
    const crossAgain = await read("/api/v1/public/sportbn/locker", { origin });
    const plainAgain = await read("/api/v1/public/sportbn/locker");
    expect(cross.headers["access-control-allow-origin"]).toBe(origin);
    expect(crossAgain.headers["access-control-allow-origin"]).toBe(origin);
    expect(plain.headers["access-control-allow-origin"]).toBeUndefined();
    expect(plainAgain.headers["access-control-allow-origin"]).toBeUndefined();
    const other = await read("/api/v1/public/sportbn/locker", { origin: "https://evil.example" });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("never keeps a refusal or an admin answer", async () => {
    const before = answeredBeforeRouting();
    for (let i = 0; i < 2; i++)
      expect((await read("/api/v1/public/movies/ads?page=nowhere")).status).toBe(400);
    for (let i = 0; i < 2; i++) expect((await read("/api/v1/sportbn/ads")).status).toBe(401);
    expect(answeredBeforeRouting()).toBe(before);
  });
});
