import { errorBody } from "@backoffice/contracts";
import { describe, expect, it } from "vitest";
import { ADMIN, signedInApp } from "../../test/helpers.ts";

// Each refused field of an error answer carries a code from the contract (packages/contracts
// field-errors.ts, docs/PRODUCT-RULES.md#answers-and-errors) beside its path and message, with the
// limit its rule set: derived from the zod issue by the shared error handler, on every route.
const t = signedInApp();
const { admin } = t;

/** The answer's field errors, once the answer is checked against the contract's error body. */
async function refused(answer: { statusCode: number; json: () => unknown }) {
  expect(answer.statusCode).toBe(400);
  return errorBody.parse(answer.json()).errors ?? [];
}

describe("field errors carry a code", () => {
  it("a body: a field left out, an address that is no http(s) URL, a rule's maximum, an unknown field", async () => {
    expect(await refused(await admin("POST", "/api/v1/sportbn/ads", { url: "ftp://files.example" }))).toEqual(
      expect.arrayContaining([
        { path: "page", message: "page is required", code: "required" },
        { path: "url", message: "url must be an http(s) URL", code: "invalid_url" },
      ]),
    );
    const locker = await refused(
      await admin("POST", "/api/v1/sportbn/locker", { seconds: 301, isActive: true, colour: "red" }),
    );
    expect(locker).toEqual(
      expect.arrayContaining([
        {
          path: "seconds",
          message: "seconds must be a whole number from 1 to 300",
          code: "too_big",
          maximum: 300,
        },
        { path: "colour", message: "Unknown field: colour", code: "unknown_field" },
      ]),
    );
  });

  it("a query: a page size over the rule's maximum", async () => {
    expect(await refused(await admin("GET", "/api/v1/sportbn/emails?limit=500"))).toEqual([
      { path: "limit", message: "limit must be at most 100", code: "too_big", maximum: 100 },
    ]);
  });

  it("a contract's own rules: one line, a length, an option; and a route's own refusal of a field", async () => {
    const [session] = (await admin("GET", "/api/v1/auth/sessions")).json().data;
    const rename = (name: string) => admin("PATCH", `/api/v1/auth/sessions/${session.id}`, { name });
    expect(await refused(await rename("two\nlines"))).toEqual([
      { path: "name", message: "name must be on one line", code: "one_line" },
    ]);
    expect(await refused(await rename("x".repeat(61)))).toEqual([
      { path: "name", message: "name must be at most 60 characters", code: "too_long", maximum: 60 },
    ]);
    const invite = (body: object) => admin("POST", "/api/v1/team/invitations", body);
    expect(await refused(await invite({ email: "new@example.com", level: "boss", sites: null }))).toEqual([
      { path: "level", message: "level must be owner, editor or viewer", code: "not_allowed" },
    ]);
    expect(await refused(await invite({ email: ADMIN.email, level: "viewer", sites: null }))).toEqual([
      { path: "email", message: "email must be an address that is not a member yet", code: "taken" },
    ]);
  });
});
