import { describe, expect, it } from "vitest";
import { signedInApp } from "../../test/helpers.ts";

const t = signedInApp();

const read = () => t.inject({ method: "GET", url: "/api/v1/public/sportbn/ads" });
const misses = () => t.app.publicCache.stats().misses;
const ad = {
  page: "Home",
  url: "https://ads.example/declared",
  head: null,
  body: "<b>x</b>",
  isActive: true,
};

describe("writes declare the public reads they change (config.invalidates)", () => {
  it("a successful write clears them before its answer leaves; a refused one keeps them", async () => {
    await read();
    const cached = misses();
    expect((await read()).statusCode).toBe(200);
    expect(misses()).toBe(cached);

    const refused = await t.admin("PUT", "/api/v1/sportbn/ads/0123456789abcdef01234567", ad);
    expect(refused.statusCode).toBe(404);
    await read();
    expect(misses()).toBe(cached);

    expect((await t.admin("POST", "/api/v1/sportbn/ads", ad)).statusCode).toBe(201);
    const fresh = await read();
    expect(misses()).toBe(cached + 1);
    expect(fresh.json().data).toContainEqual(expect.objectContaining({ url: ad.url }));
  });

  it("a write on one site leaves the other sites' reads cached", async () => {
    const other = () => t.inject({ method: "GET", url: "/api/v1/public/apkw/ads" });
    await other();
    const cached = misses();
    expect(
      (await t.admin("POST", "/api/v1/sportbn/ads", { ...ad, url: "https://ads.example/2" })).statusCode,
    ).toBe(201);
    await other();
    expect(misses()).toBe(cached);
  });
});
