// The version check of an edit (`versioned` routes, plugins/audit.ts; docs/PRODUCT-RULES.md#live-updates),
// once for every resource whose PUT has it.
import { describe, expect, it } from "vitest";
import { signedInApp } from "../../test/helpers.ts";
import { validApp } from "../routes/apps/app.testing.ts";
import { validMatch } from "../routes/matches/match.testing.ts";

const t = signedInApp();

const resources = [
  {
    name: "an ad",
    url: "/api/v1/apkw/ads",
    payload: () => ({ page: "home", url: "https://ads.example/versioned", isActive: true }),
  },
  { name: "an app", url: "/api/v1/apkw/apps", payload: () => validApp() },
  { name: "a match", url: "/api/v1/sportbn/matches", payload: () => validMatch() },
];

describe("the version check of an edit (If-Match)", () => {
  it.each(resources)(
    "$name: answers 409 when the record changed since it was loaded, leaving it unchanged; saves without the header or with its current version",
    async ({ url, payload }) => {
      const created = (await t.admin("POST", url, payload())).json().data as {
        _id: string;
        updatedAt: string;
      };
      const body = payload();
      const put = (version?: string) =>
        t.admin("PUT", `${url}/${created._id}`, body, version ? { "if-match": `"${version}"` } : {});
      const savedAt = async () =>
        ((await t.admin("GET", url)).json().data as { _id: string; updatedAt: string }[]).find(
          (row) => row._id === created._id,
        )?.updatedAt;
      const first = await put(created.updatedAt);
      expect(first.statusCode).toBe(200);
      const stale = await put(created.updatedAt);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({
        status: "fail",
        message: "This record was changed by someone else since you opened it. Reload it before saving.",
      });
      expect(await savedAt()).toBe(first.json().data.updatedAt);
      const current = await put(first.json().data.updatedAt);
      expect(current.statusCode).toBe(200);
      expect((await put()).statusCode).toBe(200);
    },
  );
});
