import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationsOf, report, type Stack, startStack, urlOf } from "./support.ts";

let stack: Stack;
let token: string;
beforeAll(async () => {
  stack = await startStack();
  token = await stack.api.login();
}, 120_000);
afterAll(() => stack.close());

/** What every answer must carry, errors included: CSP, HSTS, nosniff, Referrer-Policy, no X-Powered-By. */
function problemsOf(headers: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const csp = String(headers["content-security-policy"] ?? "");
  if (!csp) problems.push("no CSP");
  if (!/frame-ancestors 'none'/.test(csp)) problems.push("CSP without frame-ancestors 'none'");
  const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? "";
  if (/'unsafe-inline'|'unsafe-eval'/.test(scripts))
    problems.push(`CSP allows inline or eval scripts: ${scripts}`);
  if (!/max-age=\d+/.test(String(headers["strict-transport-security"] ?? ""))) problems.push("no HSTS");
  if (headers["x-content-type-options"] !== "nosniff") problems.push("no nosniff");
  if (!headers["referrer-policy"]) problems.push("no Referrer-Policy");
  if (headers["x-powered-by"] !== undefined) problems.push("X-Powered-By");
  return problems;
}

describe("security headers and CORS on every answer of every server", () => {
  it("carries them on successes, refusals and unknown paths, and never reflects an unlisted origin", async () => {
    const failures: string[] = [];
    let answers = 0;
    const check = async (server: string, app: FastifyInstance, method: string, url: string, headers = {}) => {
      for (const origin of [undefined, "https://evil.example", "null"]) {
        const answer = await app.inject({
          method: method as "GET",
          url,
          headers: {
            ...headers,
            ...(origin ? { origin } : {}),
            ...(method === "GET" ? {} : { "content-type": "application/json" }),
          },
          ...(method === "GET" ? {} : { payload: "{}" }),
        });
        answers += 1;
        const label = `${server} ${method} ${url} (${answer.statusCode}${origin ? `, Origin ${origin}` : ""})`;
        for (const problem of problemsOf(answer.headers)) failures.push(`${label}: ${problem}`);
        const allowed = answer.headers["access-control-allow-origin"];
        if (origin && allowed !== undefined && (allowed === origin || allowed === "*")) {
          failures.push(`${label}: CORS reflects ${origin}`);
        }
      }
    };

    for (const operation of operationsOf(stack.api.app, "api")) {
      const url = urlOf(operation);
      await check("api", stack.api.app, operation.method, url);
      if (operation.method === "GET")
        await check("api", stack.api.app, "GET", url, { authorization: `Bearer ${token}` });
    }
    for (const operation of operationsOf(stack.content.app, "content")) {
      await check("content", stack.content.app, operation.method, urlOf(operation));
    }
    for (const [server, app] of [
      ["api", stack.api.app],
      ["content", stack.content.app],
      ["sandbox", stack.sandbox],
    ] as const) {
      await check(server, app, "GET", "/no/such/path");
      await check(server, app, "GET", "/healthz");
    }

    report("headers", { answers, failures: failures.length });
    expect(failures.slice(0, 30)).toEqual([]);
  });
});
