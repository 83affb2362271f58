import { LIVE_MESSAGES } from "@backoffice/contracts/live";
import { describe, expect, it } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";

const t = signedInApp();
const { admin } = t;

// The locker form's version check (docs/PRODUCT-RULES.md#live-updates): its save sends the
// `updatedAt` it loaded as If-Match.
describe("the locker's version check (If-Match)", () => {
  for (const site of ["sportbn", "movies"]) {
    it(`${site}: saves with the version it loaded, answers 409 once the locker changed since, and saves without one`, async () => {
      const [loaded] = (await admin("GET", `/api/v1/${site}/locker`)).json().data;
      const put = (seconds: number, version?: string) =>
        admin(
          "PUT",
          `/api/v1/${site}/locker/${loaded._id}`,
          { type: "js", seconds, isActive: "true" },
          version ? { "if-match": `"${version}"` } : {},
        );

      const saved = await put(40, loaded.updatedAt);
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data).toMatchObject({ seconds: 40 });
      expect(saved.json().data.updatedAt).not.toBe(loaded.updatedAt);

      // A second form still holding the first version is refused, and nothing is saved.
      const stale = await put(50, loaded.updatedAt);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ status: "fail", message: LIVE_MESSAGES.conflict });
      expect((await admin("GET", `/api/v1/${site}/locker`)).json().data[0].seconds).toBe(40);

      // The current version saves; no header saves as the spec's payloads do.
      expect((await put(55, saved.json().data.updatedAt)).statusCode).toBe(200);
      const plain = await put(60);
      expect(plain.statusCode).toBe(200);
      expect(plain.json().data.seconds).toBe(60);
    });
  }
});
