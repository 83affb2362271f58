import { describe, expect, it } from "vitest";
import { signedInApp } from "../../test/helpers.ts";
import { API_SECURITY_HEADERS } from "./security-headers.ts";

// The security headers are built once and set in one call per answer (issue 39, item 3): before,
// @fastify/helmet built its middleware and wrote the policy from its directives on every request.
// reliability/headers.test.ts checks what every answer of every route must carry.
const t = signedInApp();

const securityHeadersOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(API_SECURITY_HEADERS).map((name) => [name, headers[name]]));

describe("the api's security headers", () => {
  it("are the same on a read, an intake refusal, an unknown path and a refused admin read", async () => {
    const answers = [
      await t.admin("GET", "/api/v1/apkw/emails"),
      await t.inject({
        method: "POST",
        url: "/api/v1/public/apkw/emails",
        payload: { email: "not-an-email" },
      }),
      await t.inject({ method: "GET", url: "/no/such/path" }),
      await t.inject({ method: "GET", url: "/api/v1/apkw/emails" }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 400, 404, 401]);
    for (const answer of answers) expect(securityHeadersOf(answer.headers)).toEqual(API_SECURITY_HEADERS);
  });

  it("keep the dashboard's policy: its own scripts only, never framed", () => {
    const csp = API_SECURITY_HEADERS["content-security-policy"]!;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(API_SECURITY_HEADERS["x-frame-options"]).toBe("DENY");
  });

  it("leave a cached public read its own, readable by the public sites", async () => {
    const read = await t.inject({ method: "GET", url: "/api/v1/public/sportbn/locker" });
    expect(read.statusCode).toBe(200);
    expect(read.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(read.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(read.headers["x-content-type-options"]).toBe("nosniff");
  });
});
