import { describe, expect, it } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";
import { validApp } from "./app.testing.ts";

const t = signedInApp();

const { admin } = t;

const REQUIRED = "Please fill all the fields because is required except it, key and toggles";

describe("apkw apps", () => {
  it("creates an app from the older client's payload and stores real booleans and lists", async () => {
    const response = await admin("POST", "/api/v1/apkw/apps", validApp());
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe("App created successfully");
    expect(response.json().data).toMatchObject({
      title: "Subway Surfers",
      rating: 4.5,
      category: "games",
      trending: true,
      slider: false,
      isFirst: false,
      supportedDevices: ["https://play.example/subway", "https://apps.example/subway"],
      it: null,
      key: null,
    });
  });

  it("lists all apps or one category", async () => {
    await admin(
      "POST",
      "/api/v1/apkw/apps",
      validApp({ title: "Notion", category: "apps", type: "Productivity" }),
    );
    const all = await admin("GET", "/api/v1/apkw/apps");
    expect(all.json().status).toBe("success");
    expect(all.json().data.length).toBeGreaterThanOrEqual(2);
    const apps = await admin("GET", "/api/v1/apkw/apps?category=apps");
    expect(apps.json().data.every((app: { category: string }) => app.category === "apps")).toBe(true);
    expect(apps.json().data.map((app: { title: string }) => app.title)).toContain("Notion");
    expect((await admin("GET", "/api/v1/apkw/apps?category=music")).json().message).toBe(
      "category must be apps or games",
    );
  });

  it("requires every listed field, with the fixed message", async () => {
    // The list, written out rather than REQUIRED_APP_FIELDS, so the test does not trust the contract.
    for (const field of [
      "title",
      "type",
      "icon_app",
      "bg_app",
      "content",
      "size",
      "download",
      "developer",
      "category",
    ]) {
      for (const value of [undefined, "", "   "]) {
        const payload: Record<string, unknown> = validApp();
        if (value === undefined) delete payload[field];
        else payload[field] = value;
        const response = await admin("POST", "/api/v1/apkw/apps", payload);
        expect(response.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(response.json().message).toBe(REQUIRED);
        expect(response.json().errors[0].path).toBe(field);
      }
    }
    for (const devices of [[], ["https://one.example"], ["https://one.example", ""]]) {
      const response = await admin("POST", "/api/v1/apkw/apps", validApp({ "supportedDevices[]": devices }));
      expect(response.json().message).toBe(REQUIRED);
    }
    expect((await admin("POST", "/api/v1/apkw/apps", validApp({ rating: 0 }))).json().message).toBe(REQUIRED);
    expect((await admin("POST", "/api/v1/apkw/apps", validApp({ rating: "0" }))).json().message).toBe(
      REQUIRED,
    );
  });

  it("checks rating, URLs, booleans, devices and the it/key pair", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: 10.5 }, "rating must be between 0 and 10 in steps of 0.1"],
      [{ rating: -1 }, "rating must be between 0 and 10 in steps of 0.1"],
      [{ rating: 4.55 }, "rating must be between 0 and 10 in steps of 0.1"],
      [{ rating: "abc" }, "rating must be between 0 and 10 in steps of 0.1"],
      [{ icon_app: "ftp://cdn.example/x.png" }, "icon_app must be an http(s) URL"],
      [{ bg_app: "not a url" }, "bg_app must be an http(s) URL"],
      [
        { "supportedDevices[]": ["https://a.example", "javascript:alert(1)"] },
        "supportedDevices must be an http(s) URL",
      ],
      [
        { "supportedDevices[]": ["https://a.example", "https://b.example", "https://c.example"] },
        "supportedDevices must be exactly two http(s) URLs",
      ],
      [{ trending: "yes" }, "trending must be true or false"],
      [{ it: "locker-1", key: "" }, "Please enter a key if you want to add a Locker."],
      [{ it: "", key: "secret" }, "Please enter an It if you want to add a Locker."],
      [{ owner: "me" }, "Unknown field: owner"],
    ];
    for (const [overrides, message] of cases) {
      const response = await admin("POST", "/api/v1/apkw/apps", validApp(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const ok = await admin(
      "POST",
      "/api/v1/apkw/apps",
      validApp({ rating: 9.9, it: "locker-1", key: "k-1", trending: false }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ rating: 9.9, it: "locker-1", key: "k-1", trending: false });
    const plainList = await admin("POST", "/api/v1/apkw/apps", {
      ...validApp(),
      "supportedDevices[]": undefined,
      supportedDevices: ["https://a.example", "https://b.example"],
    });
    expect(plainList.statusCode).toBe(201);
  });

  it("updates an app, keeping the create rules", async () => {
    const created = (
      await admin("POST", "/api/v1/apkw/apps", validApp({ title: "Spotify", category: "apps" }))
    ).json().data;
    const updated = await admin(
      "PUT",
      `/api/v1/apkw/apps/${created._id}`,
      validApp({ title: "Spotify Music", category: "apps", slider: "true" }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe("App updated successfully");
    expect(updated.json().data).toMatchObject({ _id: created._id, title: "Spotify Music", slider: true });
    const partial = await admin("PUT", `/api/v1/apkw/apps/${created._id}`, { trending: "false" });
    expect(partial.json().data).toMatchObject({ title: "Spotify Music", trending: false });
    expect((await admin("PUT", `/api/v1/apkw/apps/${created._id}`, { it: "only-it" })).json().message).toBe(
      "Please enter a key if you want to add a Locker.",
    );
    expect((await admin("PUT", `/api/v1/apkw/apps/${created._id}`, { rating: 0 })).json().message).toBe(
      REQUIRED,
    );
    // A required field sent blank is refused naming it, not read as "unchanged".
    for (const field of ["bg_app", "icon_app", "category", "rating", "title"]) {
      const blank = await admin("PUT", `/api/v1/apkw/apps/${created._id}`, { [field]: " " });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({ message: REQUIRED, errors: [{ path: field, message: REQUIRED }] });
    }
    expect((await admin("PUT", `/api/v1/apkw/apps/${created._id}`, { icon_app: null })).statusCode).toBe(400);
    const locked = await admin("PUT", `/api/v1/apkw/apps/${created._id}`, { it: "locker-9", key: "k-9" });
    expect(locked.json().data).toMatchObject({ it: "locker-9", key: "k-9" });
    const unlocked = await admin("PUT", `/api/v1/apkw/apps/${created._id}`, { it: "", key: "" });
    expect(unlocked.json().data).toMatchObject({ it: null, key: null, title: "Spotify Music" });
    expect((await admin("PUT", "/api/v1/apkw/apps/aaaaaaaaaaaaaaaaaaaaaaaa", validApp())).statusCode).toBe(
      404,
    );
  });

  it("deletes the given ids, reports unknown ones and leaves the others", async () => {
    const a = (await admin("POST", "/api/v1/apkw/apps", validApp({ title: "Delete A" }))).json().data._id;
    const b = (await admin("POST", "/api/v1/apkw/apps", validApp({ title: "Delete B" }))).json().data._id;
    const keep = (await admin("POST", "/api/v1/apkw/apps", validApp({ title: "Keep C" }))).json().data._id;
    const unknown = "bbbbbbbbbbbbbbbbbbbbbbbb";
    const response = await admin("DELETE", "/api/v1/apkw/apps", { ids: [a, b, unknown] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: "success",
      deleted: expect.arrayContaining([a, b]),
      notFound: [unknown],
    });
    expect(response.json().message).toContain(unknown);
    const titles = (await admin("GET", "/api/v1/apkw/apps"))
      .json()
      .data.map((app: { _id: string }) => app._id);
    expect(titles).toContain(keep);
    expect(titles).not.toContain(a);
    const none = await admin("DELETE", "/api/v1/apkw/apps", { ids: [unknown] });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(`No app found with this id: ${unknown}`);
    expect((await admin("DELETE", "/api/v1/apkw/apps", { ids: ["nope"] })).statusCode).toBe(400);
  });

  it("exists only on apkw and feeds the cached public catalogue", async () => {
    expect((await admin("GET", "/api/v1/sportbn/apps")).statusCode).toBe(404);
    expect((await t.inject({ method: "GET", url: "/api/v1/public/sportbn/apps" })).statusCode).toBe(404);
    const before = (await t.inject({ method: "GET", url: "/api/v1/public/apkw/apps?category=games" })).json()
      .data.length;
    const created = (await admin("POST", "/api/v1/apkw/apps", validApp({ title: "Fresh Game" }))).json().data;
    const after = await t.inject({ method: "GET", url: "/api/v1/public/apkw/apps?category=games" });
    expect(after.json().data).toHaveLength(before + 1);
    await admin("DELETE", "/api/v1/apkw/apps", { ids: [created._id] });
    expect(
      (await t.inject({ method: "GET", url: "/api/v1/public/apkw/apps?category=games" })).json().data,
    ).toHaveLength(before);
  });
});
