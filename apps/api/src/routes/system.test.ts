import { expect, it } from "vitest";
import { buildTestApp } from "../../test/helpers.ts";

it("reports not ready once the database is gone, while staying alive", async () => {
  const t = await buildTestApp();
  const config = await t.inject({ method: "GET", url: "/api/v1/config" });
  expect(config.json()).toEqual({
    status: "success",
    data: {
      sites: {
        apkw: { name: "APKW", url: "https://apkw.example" },
        sportbn: { name: "SportBN", url: "https://sportbn.example" },
        movies: { name: "Movies", url: "https://movies.example" },
      },
      mail: { smtp: false, from: expect.any(String) },
      // Match days and times are in the feed's time zone, which the screens name.
      timeZone: "UTC",
      // No single sign-on provider set (docs/SSO.md).
      sso: [],
    },
  });
  expect((await t.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
  await t.app.db.close();
  const ready = await t.inject({ method: "GET", url: "/readyz" });
  expect(ready.statusCode).toBe(503);
  expect((await t.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  await t.app.close();
});
