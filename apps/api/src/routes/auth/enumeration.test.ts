import { afterEach, describe, expect, it, vi } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";
import { argon2 } from "../../lib/crypto.ts";

// Known and unknown addresses cost the same work before the answer (docs/PRODUCT-RULES.md#passwords-and-the-profile):
// the same statements in the same order, and one argon2id verification with the same parameters (a
// dummy hash for an unknown address). Work is compared, not wall-clock time, which a shared machine
// makes differ by more than any leak (reliability/sign-in-abuse.test.ts keeps the timing figures).

const t = signedInApp(() => ({ TRUST_PROXY: "true" }));
const addresses = { next: 0 };
const freshAddress = () => `198.51.100.${++addresses.next}`;

/**
 * What a request does before its answer: its statements (values left out) and the hashes verified.
 * A reset code is made and mailed once the answer has gone (`issueCode`, routes/auth/index.ts): its
 * statements are not part of the answer's time; nor are those of the instance's own background work
 * meanwhile (the webhook deliveries' passes, lib/webhooks.ts).
 */
async function workOf(url: string, payload: object) {
  const query = t.app.db.query.bind(t.app.db);
  const statements: string[] = [];
  let answered = false;
  const spy = vi.spyOn(t.app.db, "query").mockImplementation((text, params) => {
    const stack = new Error().stack ?? "";
    if (!answered && !stack.includes("issueCode") && !/lib\/webhooks\.ts|routes\/integrations\//.test(stack))
      statements.push(text);
    return query(text, params);
  });
  const verify = argon2.verify;
  const hashes: string[] = [];
  const verifying = vi.spyOn(argon2, "verify").mockImplementation((hashed, ...rest) => {
    hashes.push(String(hashed));
    return verify(hashed, ...rest);
  });
  try {
    const answer = await t.inject({ method: "POST", url, payload, remoteAddress: freshAddress() });
    answered = true;
    // A hash's parameters (`$argon2id$v=19$m=19456,t=2,p=1`), not its salt and digest.
    return {
      statements,
      hashes: hashes.map((hashed) => hashed.split("$").slice(0, 4).join("$")),
      answer: `${answer.statusCode} ${answer.body}`,
    };
  } finally {
    spy.mockRestore();
    verifying.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe("known and unknown addresses", () => {
  it("a wrong password: the same statements and one argon2id verification of the same cost", async () => {
    await t.createUser("known.work@example.com", "Known-pass-123");
    const known = await workOf("/api/v1/auth/login", {
      email: "known.work@example.com",
      password: "Wrong-1",
    });
    const unknown = await workOf("/api/v1/auth/login", {
      email: "nobody.work@example.com",
      password: "Wrong-1",
    });
    expect(known.hashes).toEqual(["$argon2id$v=19$m=19456,t=2,p=1"]);
    expect(unknown.hashes).toEqual(known.hashes);
    expect(unknown.statements).toEqual(known.statements);
    expect(unknown.answer).toBe(known.answer);
  });

  it("a reset code asked for: the same statements before the answer, the code made after it", async () => {
    await t.createUser("known.reset@example.com", "Known-pass-123");
    const known = await workOf("/api/v1/auth/get-otp", { email: "known.reset@example.com" });
    const unknown = await workOf("/api/v1/auth/get-otp", { email: "nobody.reset@example.com" });
    expect(unknown.statements).toEqual(known.statements);
    expect([known.hashes, unknown.hashes]).toEqual([[], []]);
    expect(unknown.answer).toBe(known.answer);
  });
});
