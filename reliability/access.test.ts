import { signRequest } from "@backoffice/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newToken, sha256 } from "../apps/api/src/lib/crypto.ts";
import { sessionsRepository, usersRepository } from "../apps/api/src/routes/auth/repository.ts";
import { type Operation, operationsOf, report, type Stack, startStack, urlOf } from "./support.ts";

/** What anyone may call without a session (sign-in, password reset, public endpoints); the rest is admin. */
const PUBLIC = [
  /^\/(healthz|readyz)$/,
  /^\/api\/v1\/public\//,
  /^\/api\/v1\/config$/,
  /^\/api\/v1\/assets\//,
  /^\/api\/v1\/tmdb\/images\//,
  /^\/api\/v1\/auth\/(login|get-otp|verify-otp|forgot-password)$/,
  // The sign-in's second factor step and a passkey's sign-in: no session yet (routes/auth/second-factor.ts).
  /^\/api\/v1\/auth\/(login\/second-factor|passkeys\/sign-in(\/options)?)$/,
  // Not a session's: a scraper on loopback or with METRICS_TOKEN, anyone else a 404 (routes/metrics.test.ts).
  /^\/metrics$/,
  // The content service's list is public; its writes are signed.
  /^\/api\/movies$/,
];
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

let stack: Stack;
let admin: string;
let otherAdmin: string;
let editor: string;
let revoked: string;
let expired: string;
beforeAll(async () => {
  stack = await startStack();
  const { api } = stack;
  await api.createUser("second.admin@example.com", "Second-admin-1");
  admin = await api.login();
  otherAdmin = await api.login("second.admin@example.com", "Second-admin-1");
  revoked = await api.login();
  await api.as(revoked, { method: "POST", url: "/api/v1/auth/logout" });

  // Sessions the sign-in route would never hand out: another role, and one past its time.
  const db = (api.app as unknown as { db: Parameters<typeof usersRepository>[0] }).db;
  await api.createUser("editor@example.com", "Editor-pass-1", "editor");
  const editorUser = await usersRepository(db).findByEmail("editor@example.com");
  editor = newToken();
  await sessionsRepository(db).create(editorUser!.id, sha256(editor), new Date(Date.now() + 3_600_000));
  const adminUser = await usersRepository(db).findByEmail("admin@example.com");
  expired = newToken();
  await sessionsRepository(db).create(adminUser!.id, sha256(expired), new Date(Date.now() - 1000));
}, 120_000);
afterAll(() => stack.close());

const isPublic = (operation: Operation) =>
  PUBLIC.some((pattern) => pattern.test(operation.path)) &&
  !(operation.server === "content" && WRITES.has(operation.method));

describe("access matrix (enumerated from the route tables)", () => {
  it("refuses every admin route without a live admin session, and every write without its CSRF token", async () => {
    const failures: string[] = [];
    let checks = 0;
    const expectStatus = (label: string, actual: number, expected: number) => {
      checks += 1;
      if (actual !== expected) failures.push(`${label}: ${actual}, expected ${expected}`);
    };

    for (const operation of operationsOf(stack.api.app, "api").filter((op) => !isPublic(op))) {
      const url = urlOf(operation);
      const label = `${operation.method} ${url}`;
      const call = (headers: Record<string, string>) =>
        stack.api.inject({
          method: operation.method as "GET",
          url,
          headers: { "content-type": "application/json", ...headers },
          ...(WRITES.has(operation.method) ? { payload: "{}" } : {}),
        });
      const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
      expectStatus(`${label} without a token`, (await call({})).statusCode, 401);
      expectStatus(`${label} with a made-up token`, (await call(bearer("not-a-token"))).statusCode, 401);
      expectStatus(`${label} with a revoked token`, (await call(bearer(revoked))).statusCode, 401);
      expectStatus(`${label} with an expired token`, (await call(bearer(expired))).statusCode, 401);
      expectStatus(`${label} as a non-admin`, (await call(bearer(editor))).statusCode, 403);
      if (WRITES.has(operation.method)) {
        expectStatus(`${label} without CSRF`, (await call(bearer(admin))).statusCode, 403);
        const foreign = await stack.api.csrf(otherAdmin);
        expectStatus(
          `${label} with another session's CSRF`,
          (await call({ ...bearer(admin), "x-csrf-token": foreign })).statusCode,
          403,
        );
      }
    }

    for (const operation of operationsOf(stack.content.app, "content").filter((op) => !isPublic(op))) {
      const url = urlOf(operation);
      const label = `content ${operation.method} ${url}`;
      const call = (headers: Record<string, string>) =>
        stack.content.inject({
          method: operation.method as "POST",
          url,
          headers: { "content-type": "application/json", ...headers },
          payload: "{}",
        });
      expectStatus(`${label} unsigned`, (await call({})).statusCode, 401);
      const forged = signRequest({
        method: operation.method,
        path: url,
        body: "{}",
        secret: "not-the-secret-1234",
      });
      expectStatus(`${label} signed with another secret`, (await call(forged)).statusCode, 401);
      const stale = signRequest({
        method: operation.method,
        path: url,
        body: "{}",
        secret: "test-secret-0123456789abcdef",
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      });
      expectStatus(`${label} signed an hour ago`, (await call(stale)).statusCode, 401);
    }

    report("access", { checks, failures: failures.length });
    expect(failures).toEqual([]);
    expect(checks).toBeGreaterThan(200);
  });
});
