import { describe, expect, it } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";

const t = signedInApp();

const message = {
  email: "viewer@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  subject: "Broken player",
  message: "The player stops after ten minutes.\nOn every browser.",
  page: "https://movies.example/info/dune",
};
let address = 0;
/** Each call from its own client address unless one is given (the intake is limited per address). */
const send = (payload: object, remoteAddress = `10.9.${address >> 8}.${address++ & 255}`, headers = {}) =>
  t.inject({ method: "POST", url: "/api/v1/public/movies/contacts", payload, remoteAddress, headers });

describe("contacts (the movies inbox)", () => {
  it("stores a visitor's message, 201 once stored, and lists 20 a page newest first", async () => {
    const created = await send(message);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ status: "success", message: "Message received" });
    // Without a page of its own, the page that sent the form is kept (when it is an http(s) URL).
    await send({ ...message, page: undefined, email: "referer@example.com" }, undefined, {
      referer: "https://movies.example/browse",
    });
    await send({ email: "minimal@example.com", message: "Hi" }, undefined, {
      referer: "javascript:alert(1)",
    });
    for (let i = 0; i < 20; i++) await send({ ...message, email: `reader${i}@example.com` });

    const page1 = await t.as(t.token, { method: "GET", url: "/api/v1/movies/contacts?page=1" });
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.pagination).toEqual({ page: 1, numberOfPages: 2 });
    expect(body.result).toBe(23);
    expect(body.data).toHaveLength(20);
    expect(body.data[0]).toMatchObject({
      email: "reader19@example.com",
      firstName: "Ada",
      subject: "Broken player",
    });
    const page2 = (await t.as(t.token, { method: "GET", url: "/api/v1/movies/contacts?page=2" })).json();
    expect(page2.data.map((c: { email: string }) => c.email)).toEqual([
      "minimal@example.com",
      "referer@example.com",
      "viewer@example.com",
    ]);
    expect(page2.data[0]).toMatchObject({ firstName: "", lastName: "", subject: "", page: null });
    expect(page2.data[1].page).toBe("https://movies.example/browse");
    expect(page2.data[2]).toMatchObject({ message: message.message, page: message.page });
  });

  it("refuses bad input with a 400 naming the field", async () => {
    const cases: [object, string][] = [
      [{ ...message, email: "" }, "email is required"],
      [{ ...message, email: "not-an-address" }, "email must be a valid email address"],
      [{ ...message, subject: "Hi\r\nBcc: everyone@example.com" }, "subject must be on one line"],
      [{ ...message, firstName: "Ada\nEvil" }, "firstName must be on one line"],
      [{ ...message, message: "   " }, "message is required"],
      [{ ...message, message: "x".repeat(5001) }, "message must be at most 5000 characters"],
      [{ ...message, subject: "s".repeat(201) }, "subject must be at most 200 characters"],
      [{ ...message, page: "javascript:alert(1)" }, "page must be an http(s) URL"],
      [{ ...message, extra: 1 }, "Unknown field: extra"],
    ];
    for (const [payload, error] of cases) {
      const response = await send(payload);
      expect(response.statusCode, error).toBe(400);
      expect(response.json().message).toContain(error);
    }
  });

  it("limits the intake per client address with 429 and Retry-After", async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof send>> | undefined;
    for (let i = 0; i < 6; i++) {
      last = await send({ ...message, email: `burst${i}@example.com` }, "10.77.0.1");
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(last!.headers["retry-after"]).toBeDefined();
    // Another address is not held back.
    expect((await send({ ...message, email: "other@example.com" }, "10.77.0.2")).statusCode).toBe(201);
  });

  it("deletes by ids, needs an admin session and a CSRF token, and exists on movies only", async () => {
    const list = (await t.as(t.token, { method: "GET", url: "/api/v1/movies/contacts?limit=2" })).json();
    const ids = list.data.map((c: { _id: string }) => c._id);
    expect((await t.inject({ method: "GET", url: "/api/v1/movies/contacts" })).statusCode).toBe(401);
    const noCsrf = await t.inject({
      method: "DELETE",
      url: "/api/v1/movies/contacts",
      headers: { authorization: `Bearer ${t.token}` },
      payload: { ids },
    });
    expect(noCsrf.statusCode).toBe(403);
    const removed = await t.as(t.token, {
      method: "DELETE",
      url: "/api/v1/movies/contacts",
      payload: { ids },
    });
    expect(removed.json()).toEqual({
      status: "success",
      message: "Messages deleted successfully",
      deleted: 2,
    });
    const again = await t.as(t.token, { method: "DELETE", url: "/api/v1/movies/contacts", payload: { ids } });
    expect(again.json()).toMatchObject({ message: "No matching messages to delete", deleted: 0 });
    for (const site of ["apkw", "sportbn"]) {
      expect((await t.as(t.token, { method: "GET", url: `/api/v1/${site}/contacts` })).statusCode).toBe(404);
      expect(
        (await t.inject({ method: "POST", url: `/api/v1/public/${site}/contacts`, payload: message }))
          .statusCode,
      ).toBe(404);
    }
  });

  it("answers cross-origin calls from the movies site only", async () => {
    const preflight = (origin: string) =>
      t.inject({
        method: "OPTIONS",
        url: "/api/v1/public/movies/contacts",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type",
        },
      });
    expect((await preflight("https://movies.example")).headers["access-control-allow-origin"]).toBe(
      "https://movies.example",
    );
    expect((await preflight("https://evil.example")).headers["access-control-allow-origin"]).toBeUndefined();
  });
});
