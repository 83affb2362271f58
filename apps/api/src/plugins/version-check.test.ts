// The version check of an edit (lib/versions.ts; docs/PRODUCT-RULES.md#live-updates), once for every
// resource whose PUT has it: the version sent goes into the update's own WHERE.
import { LIVE_MESSAGES } from "@backoffice/contracts/live";
import { describe, expect, it } from "vitest";
import { signedInApp } from "../../test/helpers.ts";
import { validApp } from "../routes/apps/app.testing.ts";
import { validMatch } from "../routes/matches/match.testing.ts";

const t = signedInApp();

// `payload(n)`: a valid body whose values differ with `n`.
const resources = [
  {
    name: "an ad",
    url: "/api/v1/apkw/ads",
    payload: (n = 0) => ({ page: "home", url: `https://ads.example/versioned/${n}`, isActive: true }),
  },
  { name: "an app", url: "/api/v1/apkw/apps", payload: (n = 0) => validApp({ title: `App ${n}` }) },
  {
    name: "a match",
    url: "/api/v1/sportbn/matches",
    payload: (n = 0) => validMatch({ matchUrl: `https://sportbn.example/${n}` }),
  },
  {
    name: "a locker",
    url: "/api/v1/sportbn/locker",
    payload: (n = 0) => ({ type: "js", seconds: 30 + n, isActive: true }),
  },
];

const conflictAnswer = { status: "fail", message: LIVE_MESSAGES.conflict };

describe("the version check of an edit (If-Match)", () => {
  const setUp = async (url: string, body: object) => {
    const created = (await t.admin("POST", url, body)).json().data as { _id: string; updatedAt: string };
    const put = (payload: object, version?: string) =>
      t.admin("PUT", `${url}/${created._id}`, payload, version ? { "if-match": `"${version}"` } : {});
    const saved = async () =>
      ((await t.admin("GET", url)).json().data as { _id: string; updatedAt: string }[]).find(
        (row) => row._id === created._id,
      );
    return { created, put, saved };
  };

  it.each(resources)(
    "$name: answers 409 when the record changed since it was loaded, leaving it unchanged; saves without the header or with its current version",
    async ({ url, payload }) => {
      const { created, put, saved } = await setUp(url, payload());
      const body = payload();
      const first = await put(body, created.updatedAt);
      expect(first.statusCode).toBe(200);
      const stale = await put(body, created.updatedAt);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual(conflictAnswer);
      expect((await saved())?.updatedAt).toBe(first.json().data.updatedAt);
      const current = await put(body, first.json().data.updatedAt);
      expect(current.statusCode).toBe(200);
      expect((await put(body)).statusCode).toBe(200);
    },
  );

  it.each(resources)(
    "$name: of two saves of one version sent together, one saves and the other answers 409",
    async ({ url, payload }) => {
      const { created, put, saved } = await setUp(url, payload());
      const answers = await Promise.all([1, 2].map((n) => put(payload(n), created.updatedAt)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const [won, lost] = answers[0]!.statusCode === 200 ? answers : answers.reverse();
      expect(lost!.json()).toEqual(conflictAnswer);
      // The record holds the saved values, not the refused ones.
      expect(await saved()).toMatchObject(won!.json().data);
    },
  );

  it("a version that is no date is refused with 409; an unknown record stays 404", async () => {
    const { url, payload } = resources[0]!;
    const { put } = await setUp(url, payload());
    // Dates JavaScript reads but PostgreSQL cannot hold are no version either.
    for (const sent of [
      "yesterday",
      "-271821-04-20T00:00:00Z",
      "+275760-09-13T00:00:00Z",
      "0000-01-01T00:00:00Z",
    ]) {
      const garbage = await put(payload(), sent);
      expect(garbage.statusCode, sent).toBe(409);
      expect(garbage.json()).toEqual(conflictAnswer);
    }
    const missing = await t.admin("PUT", `${url}/${"0".repeat(24)}`, payload(), {
      "if-match": `"${new Date().toISOString()}"`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: "fail", message: "Ad not found" });
  });
});
