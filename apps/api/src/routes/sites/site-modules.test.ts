import { describe, expect, it } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";

const t = signedInApp();

const { admin } = t;
const publicGet = (url: string, headers: Record<string, string> = {}) =>
  t.inject({ method: "GET", url, headers });

describe("ads", () => {
  for (const site of ["apkw", "sportbn", "movies"]) {
    it(`${site}: creates, lists newest first, toggles, edits and deletes`, async () => {
      const page = site === "movies" ? "home" : "  Home page  ";
      const created = await admin(
        "POST",
        `/api/v1/${site}/ads`,
        {
          page,
          url: "https://ads.example/tag",
          head: "null",
          body: "<script>alert('x')</script>",
          isActive: "false",
        },
        { "xss-jfsg": "true" },
      );
      expect(created.statusCode).toBe(201);
      const ad = created.json().data;
      expect(ad).toMatchObject({
        page: site === "movies" ? "home" : "Home page",
        url: "https://ads.example/tag",
        head: null,
        body: "<script>alert('x')</script>",
        isActive: false,
      });
      expect(ad._id).toMatch(/^[0-9a-f]{24}$/);
      expect(created.json().message).toBe("Ad created successfully");

      const second = await admin("POST", `/api/v1/${site}/ads`, {
        page: site === "movies" ? "home" : "Sidebar",
        url: "http://second.example",
      });
      expect(second.json().data.isActive).toBe(false);
      const list = await admin("GET", `/api/v1/${site}/ads`);
      expect(list.json().data.map((item: { _id: string }) => item._id)).toEqual([
        second.json().data._id,
        ad._id,
      ]);

      const toggled = await admin(
        "PUT",
        `/api/v1/${site}/ads/${ad._id}`,
        { isActive: "true" },
        { "xss-jfsg": "true" },
      );
      expect(toggled.statusCode).toBe(200);
      expect(toggled.json().data).toMatchObject({
        isActive: true,
        url: "https://ads.example/tag",
        body: ad.body,
      });
      expect(toggled.json().message).toBe("Ad updated successfully");

      const edited = await admin("PUT", `/api/v1/${site}/ads/${ad._id}`, {
        head: "<meta name='x'>",
        body: "null",
        url: "https://edited.example",
      });
      expect(edited.json().data).toMatchObject({
        head: "<meta name='x'>",
        body: null,
        url: "https://edited.example",
        isActive: true,
      });

      const removed = await admin("DELETE", `/api/v1/${site}/ads/${ad._id}`);
      expect(removed.json()).toEqual({ status: "success", message: "Ad deleted successfully" });
      expect((await admin("DELETE", `/api/v1/${site}/ads/${ad._id}`)).statusCode).toBe(404);
      expect((await admin("PUT", `/api/v1/${site}/ads/${ad._id}`, { isActive: true })).statusCode).toBe(404);
    });
  }

  it("validates page, url, booleans and unknown fields with messages naming the field", async () => {
    const cases: [object, string][] = [
      [{ url: "https://a.example" }, "page is required"],
      [{ page: "   ", url: "https://a.example" }, "page is required"],
      [{ page: "Home" }, "url is required"],
      [{ page: "Home", url: "javascript:alert(1)" }, "url must be an http(s) URL"],
      [{ page: "Home", url: "not a url" }, "url must be an http(s) URL"],
      [{ page: "Home", url: "https://a.example", isActive: "yes" }, "isActive must be true or false"],
      [{ page: "Home", url: "https://a.example", head: 5 }, "head must be text"],
      [{ page: "Home", url: "https://a.example", owner: "me" }, "Unknown field: owner"],
    ];
    for (const [payload, message] of cases) {
      const response = await admin("POST", "/api/v1/sportbn/ads", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await admin("PUT", "/api/v1/sportbn/ads/not-an-id", { isActive: true })).json().message).toBe(
      "id must be 24 hexadecimal digits",
    );
  });

  it("movies keeps one list per page", async () => {
    for (const page of ["info", "player", "browse"]) {
      expect(
        (await admin("POST", "/api/v1/movies/ads", { page, url: `https://${page}.example` })).statusCode,
      ).toBe(201);
    }
    const info = await admin("GET", "/api/v1/movies/ads?page=info");
    expect(info.json().data.map((ad: { page: string }) => ad.page)).toEqual(["info"]);
    const bad = await admin("POST", "/api/v1/movies/ads", { page: "sidebar", url: "https://x.example" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("page must be one of home, info, player, browse");
    expect((await admin("GET", "/api/v1/movies/ads?page=nope")).statusCode).toBe(400);
  });

  it("needs a session and a CSRF token", async () => {
    expect((await t.inject({ method: "GET", url: "/api/v1/apkw/ads" })).statusCode).toBe(401);
    const noCsrf = await t.inject({
      method: "POST",
      url: "/api/v1/apkw/ads",
      headers: { authorization: `Bearer ${t.token}` },
      payload: { page: "Home", url: "https://a.example" },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it("answers 404 on a site that does not exist", async () => {
    expect((await admin("GET", "/api/v1/other/ads")).statusCode).toBe(404);
    expect((await publicGet("/api/v1/public/other/ads")).statusCode).toBe(404);
  });
});

describe("public ads and the cache", () => {
  it("serves only active ads and sees an admin change at once", async () => {
    const created = await admin("POST", "/api/v1/apkw/ads", {
      page: "Footer",
      url: "https://footer.example",
      isActive: true,
    });
    const id = created.json().data._id;
    const first = await publicGet("/api/v1/public/apkw/ads?page=Footer");
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toContain("max-age");
    expect(first.json().data).toEqual([
      {
        _id: id,
        page: "Footer",
        url: "https://footer.example",
        head: null,
        body: null,
        updatedAt: expect.any(String),
      },
    ]);
    await admin("PUT", `/api/v1/apkw/ads/${id}`, { isActive: false });
    expect((await publicGet("/api/v1/public/apkw/ads?page=Footer")).json().data).toEqual([]);
    await admin("PUT", `/api/v1/apkw/ads/${id}`, { isActive: true, url: "https://changed.example" });
    expect((await publicGet("/api/v1/public/apkw/ads?page=Footer")).json().data[0].url).toBe(
      "https://changed.example",
    );
    await admin("DELETE", `/api/v1/apkw/ads/${id}`);
    expect((await publicGet("/api/v1/public/apkw/ads?page=Footer")).json().data).toEqual([]);
  });

  it("allows cross-origin reads only from the configured site origins", async () => {
    const allowed = await publicGet("/api/v1/public/sportbn/ads", { origin: "https://sportbn.example" });
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://sportbn.example");
    const refused = await publicGet("/api/v1/public/sportbn/ads", { origin: "https://evil.example" });
    expect(refused.headers["access-control-allow-origin"]).toBeUndefined();
    expect(allowed.headers["x-content-type-options"]).toBe("nosniff");
    const preflight = await t.inject({
      method: "OPTIONS",
      url: "/api/v1/public/apkw/emails",
      headers: {
        origin: "https://apkw.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("https://apkw.example");
    const adminRoute = await t.inject({
      method: "GET",
      url: "/api/v1/sportbn/ads",
      headers: { origin: "https://sportbn.example" },
    });
    expect(adminRoute.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("emails", () => {
  // A visitor's sign-up on a site's public form, from the given client address (else inject's default).
  const subscribe = (site: string, payload: object, remoteAddress?: string) =>
    t.inject({
      method: "POST",
      url: `/api/v1/public/${site}/emails`,
      payload,
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  it("subscribes once per site and address, and lists 20 a page newest first", async () => {
    const first = await subscribe(
      "sportbn",
      { email: "fan@example.com", url: "https://sportbn.example/match/1" },
      "10.1.0.1",
    );
    expect(first.statusCode).toBe(201);
    const repeat = await subscribe(
      "sportbn",
      { email: "FAN@example.com ", url: "https://sportbn.example/other" },
      "10.1.0.1",
    );
    expect(repeat.statusCode).toBe(200);
    const otherSite = await subscribe("apkw", { email: "fan@example.com" });
    expect(otherSite.statusCode).toBe(201);

    for (let i = 0; i < 24; i++) {
      const response = await subscribe(
        "apkw",
        { email: `reader${i}@example.com`, url: "https://apkw.example/app" },
        `10.2.0.${i}`,
      );
      expect(response.statusCode).toBe(201);
    }
    const page1 = await admin("GET", "/api/v1/apkw/emails?page=1");
    expect(page1.json().pagination).toEqual({ page: 1, numberOfPages: 2 });
    expect(page1.json().result).toBe(25);
    expect(page1.json().data).toHaveLength(20);
    expect(page1.json().data[0]).toMatchObject({
      email: "reader23@example.com",
      url: "https://apkw.example/app",
    });
    const page2 = await admin("GET", "/api/v1/apkw/emails?page=2");
    expect(page2.json().data).toHaveLength(5);
    expect(page2.json().data[4].email).toBe("fan@example.com");
    expect((await admin("GET", "/api/v1/apkw/emails?page=0")).statusCode).toBe(400);
    expect((await admin("GET", "/api/v1/apkw/emails?limit=101")).statusCode).toBe(400);

    const sportbn = await admin("GET", "/api/v1/sportbn/emails");
    expect(sportbn.json().data.map((row: { email: string }) => row.email)).toEqual(["fan@example.com"]);

    const ids = page2
      .json()
      .data.slice(0, 2)
      .map((row: { _id: string }) => row._id);
    const deleted = await admin("DELETE", "/api/v1/apkw/emails", {
      ids: [...ids, "aaaaaaaaaaaaaaaaaaaaaaaa"],
    });
    expect(deleted.json()).toEqual({ status: "success", message: "Emails deleted successfully", deleted: 2 });
    expect((await admin("GET", "/api/v1/apkw/emails")).json().result).toBe(23);
    expect((await admin("DELETE", "/api/v1/apkw/emails", { ids: [] })).statusCode).toBe(400);
  });

  it("rejects bad addresses, unknown fields and large bodies, and limits intake per address", async () => {
    const bad = await subscribe("apkw", { email: "not-an-email" }, "10.3.0.1");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("email must be a valid email address");
    const extra = await subscribe("apkw", { email: "a@b.co", admin: true }, "10.3.0.1");
    expect(extra.statusCode).toBe(400);
    const large = await subscribe("apkw", { email: "a@b.co", url: "x".repeat(5000) }, "10.3.0.2");
    expect(large.statusCode).toBe(413);
    const burst = (i: number) => subscribe("apkw", { email: `burst${i}@example.com` }, "10.3.0.3");
    for (let i = 0; i < 10; i++) expect((await burst(i)).statusCode).toBe(201);
    const limited = await burst(10);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().status).toBe("fail");
  });

  it("exists only on apkw and sportbn", async () => {
    expect((await admin("GET", "/api/v1/movies/emails")).statusCode).toBe(404);
    expect((await subscribe("movies", { email: "a@b.co" })).statusCode).toBe(404);
  });
});

describe("locker", () => {
  // Each site has one locker record; the list holds just it.
  const lockerOf = async (listUrl: string) => (await admin("GET", listUrl)).json().data[0];

  it("sportbn: has its record from the start and updates type, seconds and isActive sent as text", async () => {
    const locker = await lockerOf("/api/v1/sportbn/locker");
    expect(locker).toMatchObject({ site: "sportbn", type: "js", seconds: 30, isActive: true });
    const updated = await admin("PUT", `/api/v1/sportbn/locker/${locker._id}`, {
      type: "api",
      seconds: "45",
      isActive: "false",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ _id: locker._id, type: "api", seconds: 45, isActive: false });
    expect((await publicGet("/api/v1/public/sportbn/locker")).json()).toEqual({
      status: "success",
      data: { type: "api", seconds: 45, isActive: false },
    });
  });

  it("enforces 1 to 300 seconds with a clear message", async () => {
    const { _id: id } = await lockerOf("/api/v1/sportbn/locker");
    const putSeconds = (seconds: unknown) =>
      admin("PUT", `/api/v1/sportbn/locker/${id}`, { type: "js", seconds, isActive: "true" });
    for (const seconds of [0, 301, "abc", 2.5, -1, ""]) {
      const response = await putSeconds(seconds);
      expect(response.statusCode, String(seconds)).toBe(400);
      expect(response.json().message).toBe("seconds must be a whole number from 1 to 300");
    }
    for (const seconds of [1, 300]) expect((await putSeconds(seconds)).statusCode).toBe(200);
  });

  it("movies: site and type are fixed, POST creates or updates the one record", async () => {
    const locker = await lockerOf("/api/v1/movies/locker?site=movies");
    expect(locker).toMatchObject({ site: "movies", type: "js", seconds: 30, isActive: true });
    const put = await admin("PUT", `/api/v1/movies/locker/${locker._id}`, {
      site: "movies",
      type: "js",
      seconds: 60,
      isActive: false,
    });
    expect(put.json().data).toMatchObject({ seconds: 60, isActive: false, type: "js" });
    expect(
      (
        await admin("PUT", `/api/v1/movies/locker/${locker._id}`, {
          site: "movies",
          type: "api",
          seconds: 60,
          isActive: false,
        })
      ).json().message,
    ).toBe("type is fixed to js for movies");
    expect(
      (
        await admin("PUT", `/api/v1/movies/locker/${locker._id}`, {
          site: "sportbn",
          type: "js",
          seconds: 60,
          isActive: false,
        })
      ).statusCode,
    ).toBe(400);
    const posted = await admin("POST", "/api/v1/movies/locker", {
      site: "movies",
      type: "js",
      seconds: 90,
      isActive: true,
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().data).toMatchObject({ _id: locker._id, seconds: 90 });
    expect((await admin("GET", "/api/v1/movies/locker?site=movies")).json().data).toHaveLength(1);
    expect((await publicGet("/api/v1/public/movies/locker")).json().data).toEqual({
      type: "js",
      seconds: 90,
      isActive: true,
    });
    // The sportbn record belongs to sportbn.
    const sportbnId = (await lockerOf("/api/v1/sportbn/locker"))._id;
    expect(
      (await admin("PUT", `/api/v1/movies/locker/${sportbnId}`, { seconds: 10, isActive: true })).statusCode,
    ).toBe(404);
  });

  it("does not exist on apkw", async () => {
    expect((await admin("GET", "/api/v1/apkw/locker")).statusCode).toBe(404);
    expect((await publicGet("/api/v1/public/apkw/locker")).statusCode).toBe(404);
  });
});
