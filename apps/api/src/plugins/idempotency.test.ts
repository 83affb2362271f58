import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signedInApp } from "../../test/helpers.ts";
import { IDEMPOTENCY_MESSAGES, REPLAYED_HEADER } from "./idempotency.ts";

const t = signedInApp();

const ad = (page: string) => ({ page, url: `https://ads.example/${page}`, isActive: true });
const post = (body: object, key?: string) =>
  t.admin("POST", "/api/v1/sportbn/ads", body, key ? { "idempotency-key": key } : {});
const adsOn = async (page: string) =>
  ((await t.admin("GET", "/api/v1/sportbn/ads")).json().data as { page: string }[]).filter(
    (row) => row.page === page,
  ).length;

describe("admin writes with an Idempotency-Key", () => {
  it("a retry with the same key answers the first answer again and creates nothing", async () => {
    const key = randomUUID();
    const first = await post(ad("once"), key);
    expect(first.statusCode).toBe(201);
    const again = await post(ad("once"), key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers[REPLAYED_HEADER]).toBe("true");
    expect(again.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(await adsOn("once")).toBe(1);
  });

  it("another key, or none, is another request", async () => {
    expect((await post(ad("twice"), randomUUID())).statusCode).toBe(201);
    expect((await post(ad("twice"), randomUUID())).statusCode).toBe(201);
    expect((await post(ad("twice"))).statusCode).toBe(201);
    expect(await adsOn("twice")).toBe(3);
  });

  it("the same key with another body or path is refused with 422 and a clear message", async () => {
    const key = randomUUID();
    expect((await post(ad("first-body"), key)).statusCode).toBe(201);
    const other = await post(ad("second-body"), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ status: "fail", message: IDEMPOTENCY_MESSAGES.reused });
    const elsewhere = await t.admin("POST", "/api/v1/apkw/ads", ad("first-body"), { "idempotency-key": key });
    expect(elsewhere.statusCode).toBe(422);
    expect(await adsOn("second-body")).toBe(0);
  });

  it("a refusal is answered again too, and a delete's Undo token comes back with it", async () => {
    const key = randomUUID();
    const refused = await post({ page: "x" }, key);
    expect(refused.statusCode).toBe(400);
    const id = (await post(ad("to-delete"))).json().data._id as string;
    const deleteKey = randomUUID();
    const removed = await t.admin("DELETE", `/api/v1/sportbn/ads/${id}`, undefined, {
      "idempotency-key": deleteKey,
    });
    expect(removed.statusCode).toBe(200);
    const again = await t.admin("DELETE", `/api/v1/sportbn/ads/${id}`, undefined, {
      "idempotency-key": deleteKey,
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers["x-undo-token"]).toBe(removed.headers["x-undo-token"]);
  });

  it("two at once with one key: one runs, the other is told to wait (409) and nothing doubles", async () => {
    const key = randomUUID();
    const answers = await Promise.all([post(ad("racing"), key), post(ad("racing"), key)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const waited = answers.find((answer) => answer.statusCode === 409);
    if (waited) {
      expect(waited.headers["retry-after"]).toBe("1");
      expect(waited.json().message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
    }
    expect(await adsOn("racing")).toBe(1);
  });

  it("a key that is not 1 to 255 visible characters is a 400 naming the header", async () => {
    const answer = await post(ad("bad-key"), "x".repeat(256));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(IDEMPOTENCY_MESSAGES.invalid);
    expect(await adsOn("bad-key")).toBe(0);
  });
});
