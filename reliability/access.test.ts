import {
  AUTH_MESSAGES,
  isSite,
  SITE_RESOURCES,
  SITES,
  type Site,
  TOKEN_RESOURCES,
  type TokenResource,
} from "@backoffice/contracts";
import { BACKUP_MESSAGES } from "@backoffice/contracts/backups";
import { INTEGRATION_MESSAGES } from "@backoffice/contracts/integrations";
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
  // The media library's files: the public sites show them (routes/media/files.ts).
  /^\/media\/\{file\}$/,
  /^\/api\/v1\/auth\/(login|get-otp|verify-otp|forgot-password)$/,
  // The sign-in's second factor step and a passkey's sign-in: no session yet
  // (routes/auth/second-factor-sign-in.ts, passkeys.ts).
  /^\/api\/v1\/auth\/(login\/second-factor|passkeys\/sign-in(\/options)?)$/,
  // Single sign-on: the start, the provider's redirect back and the one-time code's exchange come
  // before any session (routes/auth/oidc.ts).
  /^\/api\/v1\/auth\/oidc\/(start|callback|exchange)$/,
  // An invitation link's page and its acceptance: the invitee has no account yet (routes/team).
  /^\/api\/v1\/team\/invitations\/\{token\}(\/accept)?$/,
  // Not a session's: a scraper on loopback or with METRICS_TOKEN, anyone else a 404 (routes/metrics.test.ts).
  /^\/metrics$/,
  // The content service's list is public; its writes are signed.
  /^\/api\/movies$/,
];
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

let stack: Stack;
let admin: string;
let otherAdmin: string;
let nonAdmin: string;
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
  await api.createUser("role-editor@example.com", "Editor-pass-1", "editor");
  const nonAdminUser = await usersRepository(db).findByEmail("role-editor@example.com");
  nonAdmin = newToken();
  await sessionsRepository(db).create(nonAdminUser!.id, sha256(nonAdmin), new Date(Date.now() + 3_600_000));
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
      expectStatus(`${label} as a non-admin`, (await call(bearer(nonAdmin))).statusCode, 403);
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

/**
 * The site a route belongs to (docs/PRODUCT-RULES.md#team-and-access): /api/v1/{site}/…, and the
 * movie database's pass-through is the movies site's; null for account routes (auth, jobs, team).
 */
function siteOfRoute(path: string): Site | null {
  const segment = path.split("/")[3];
  if (isSite(segment)) return segment;
  return segment === "tmdb" ? "movies" : null;
}
const LEVELS = ["owner", "editor", "viewer"] as const;
type Level = (typeof LEVELS)[number];
/** Another site than `site`, for the member outside it. */
const otherThan = (site: Site) => SITES[(SITES.indexOf(site) + 1) % SITES.length]!;
/** Account routes for Owners only (`requireOwner`): the team, integrations and History retention, and the second factor rule for everyone. */
const OWNERS_ONLY = /^\/api\/v1\/((team|tokens|webhooks|history)(\/|$)|auth\/second-factor\/policy$)/;
/** Backups and restore: Owners only, with a refusal of their own (routes/backups). */
const BACKUPS = /^\/api\/v1\/backups(\/|$)/;
/** Routes whose allowed answer never ends (the live update stream). */
const STREAMS = /^\/api\/v1\/events$/;
/** Site writes of the member's own marker (config `memberOwn`): a Viewer of the site may make them. */
const MEMBER_OWN = /\/contacts\/seen$/;
/** Routes that end the caller's own session: called last would still end it, so they are left out. */
const ENDS_OWN_SESSION = /^\/api\/v1\/auth\/logout$/;

describe("team access matrix (every route × level × own/other site)", () => {
  it("refuses members outside a site, a Viewer's writes and non-Owners' team changes; lets the rest through", async () => {
    const { api } = stack;
    // One member per level and site (the Owner has every site), each with their session and CSRF token.
    const member = new Map<string, { token: string; csrf: string }>();
    const signIn = async (key: string, email: string, password: string) => {
      const token = await api.login(email, password);
      member.set(key, { token, csrf: await api.csrf(token) });
    };
    await signIn("owner", "admin@example.com", "Admin-pass-1");
    for (const level of ["editor", "viewer"] as const)
      for (const site of SITES) {
        const email = `${level}.${site}@example.com`;
        await api.createUser(email, "Member-pass-1", "admin", { level, sites: [site] });
        await signIn(`${level}:${site}`, email, "Member-pass-1");
      }
    const ACCESS = new Set<string>([
      AUTH_MESSAGES.siteForbidden,
      AUTH_MESSAGES.viewOnly,
      AUTH_MESSAGES.ownerOnly,
      BACKUP_MESSAGES.ownersOnly,
    ]);
    const failures: string[] = [];
    let checks = 0;
    const started = performance.now();

    const operations = operationsOf(api.app, "api").filter(
      (op) => !isPublic(op) && !ENDS_OWN_SESSION.test(op.path),
    );
    for (const operation of operations) {
      const write = WRITES.has(operation.method);
      // An all-sites job by name, so that its run reaches the access rule (a made-up name is a 404).
      const url = urlOf(operation, operation.path.startsWith("/api/v1/jobs/") ? { name: "trash-purge" } : {});
      const site = siteOfRoute(operation.path);
      const call = async (key: string) => {
        const { token, csrf } = member.get(key)!;
        const response = await api.inject({
          method: operation.method as "GET",
          url,
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${token}`,
            "x-csrf-token": csrf,
          },
          ...(write ? { payload: "{}" } : {}),
        });
        const message =
          response.statusCode === 403 ? (response.json() as { message?: string }).message : undefined;
        return message && ACCESS.has(message) ? message : "through";
      };
      /** One request per level and site relation: what it answers against what the rule says. */
      const expectAnswer = async (level: Level, relation: "own" | "other", key: string, expected: string) => {
        checks += 1;
        const actual = await call(key);
        if (actual !== expected)
          failures.push(
            `${operation.method} ${url} as ${level} (${relation} site): ${actual}, expected ${expected}`,
          );
      };

      if (site) {
        await expectAnswer("owner", "own", "owner", "through");
        await expectAnswer("editor", "own", `editor:${site}`, "through");
        await expectAnswer("editor", "other", `editor:${otherThan(site)}`, AUTH_MESSAGES.siteForbidden);
        await expectAnswer(
          "viewer",
          "own",
          `viewer:${site}`,
          write && !MEMBER_OWN.test(operation.path) ? AUTH_MESSAGES.viewOnly : "through",
        );
        await expectAnswer("viewer", "other", `viewer:${otherThan(site)}`, AUTH_MESSAGES.siteForbidden);
      } else if (OWNERS_ONLY.test(operation.path)) {
        await expectAnswer("owner", "own", "owner", "through");
        await expectAnswer("editor", "own", "editor:apkw", AUTH_MESSAGES.ownerOnly);
        await expectAnswer("viewer", "own", "viewer:apkw", AUTH_MESSAGES.ownerOnly);
      } else if (BACKUPS.test(operation.path)) {
        await expectAnswer("owner", "own", "owner", "through");
        await expectAnswer("editor", "own", "editor:apkw", BACKUP_MESSAGES.ownersOnly);
        await expectAnswer("viewer", "own", "viewer:apkw", BACKUP_MESSAGES.ownersOnly);
      } else if (STREAMS.test(operation.path)) {
        // Signed in and allowed, the live update stream never ends: only its refusals are called.
        checks += 2;
        for (const level of ["editor", "viewer"] as const) {
          const { token } = member.get(`${level}:sportbn`)!;
          const response = await api.inject({
            method: "GET",
            url: `${url}?site=apkw`,
            headers: { authorization: `Bearer ${token}` },
          });
          const message = (response.json() as { message?: string }).message;
          if (response.statusCode !== 403 || message !== AUTH_MESSAGES.siteForbidden)
            failures.push(`GET ${url}?site=apkw as ${level} (other site): ${response.statusCode} ${message}`);
        }
      } else if (operation.path.startsWith("/api/v1/jobs/")) {
        // Changing an all-sites job needs every site (routes/jobs/admin.ts).
        await expectAnswer("owner", "own", "owner", "through");
        await expectAnswer("editor", "other", "editor:apkw", AUTH_MESSAGES.siteForbidden);
        await expectAnswer("viewer", "other", "viewer:apkw", AUTH_MESSAGES.siteForbidden);
      } else {
        // Account routes (the member's own profile, sessions, factors, /auth/me, the jobs list): every level.
        for (const level of LEVELS)
          await expectAnswer(level, "own", level === "owner" ? "owner" : `${level}:apkw`, "through");
      }
    }

    report("access-levels", {
      routes: operations.length,
      checks,
      failures: failures.length,
      ms: Math.round(performance.now() - started),
    });
    expect(failures).toEqual([]);
    expect(checks).toBeGreaterThan(3 * operations.length);
  }, 120_000);
});

describe("API token access matrix (every route × read/write token × own/other site × resource)", () => {
  it("opens only site routes to a token, within its sites, and writes only to a write token", async () => {
    const { api } = stack;
    const owner = await api.login();
    // One read and one write token per site: a route is tried with its own site's and another's.
    const tokens = new Map<string, string>();
    for (const site of SITES)
      for (const access of ["read", "write"] as const) {
        const created = await api.as(owner, {
          method: "POST",
          url: "/api/v1/tokens",
          payload: { name: `${access} ${site}`, sites: [site], access },
        });
        expect(created.statusCode, created.body).toBe(201);
        tokens.set(`${access}:${site}`, created.json().data.token as string);
      }
    const ACCESS = new Set<string>([
      AUTH_MESSAGES.siteForbidden,
      AUTH_MESSAGES.viewOnly,
      INTEGRATION_MESSAGES.tokenOnSiteRoutesOnly,
      INTEGRATION_MESSAGES.tokenOwnMarker,
      INTEGRATION_MESSAGES.tokenResourceForbidden,
    ]);
    const failures: string[] = [];
    let checks = 0;
    const operations = operationsOf(api.app, "api").filter((op) => !isPublic(op) && !STREAMS.test(op.path));
    for (const operation of operations) {
      const write = WRITES.has(operation.method);
      const url = urlOf(operation, operation.path.startsWith("/api/v1/jobs/") ? { name: "trash-purge" } : {});
      // Only /api/v1/{site}/… is a token's (the movie database's pass-through is not).
      const segment = operation.path.split("/")[3];
      const site = isSite(segment) ? segment : null;
      const check = async (key: string, expected: string) => {
        checks += 1;
        const response = await api.inject({
          method: operation.method as "GET",
          url,
          headers: { "content-type": "application/json", authorization: `Bearer ${tokens.get(key)}` },
          ...(write ? { payload: "{}" } : {}),
        });
        const refused = response.statusCode === 401 || response.statusCode === 403;
        const message = refused ? (response.json() as { message?: string }).message : undefined;
        const actual = message && ACCESS.has(message) ? message : "through";
        if (actual !== expected)
          failures.push(
            `${operation.method} ${url} with ${key}: ${actual} (${response.statusCode}), expected ${expected}`,
          );
      };
      if (!site) {
        await check("write:apkw", INTEGRATION_MESSAGES.tokenOnSiteRoutesOnly);
        continue;
      }
      const other = otherThan(site);
      if (MEMBER_OWN.test(operation.path)) {
        // A person's own marker: refused to every token, before its site is even looked at.
        for (const key of [`write:${site}`, `read:${site}`, `write:${other}`])
          await check(key, INTEGRATION_MESSAGES.tokenOwnMarker);
        continue;
      }
      await check(`write:${site}`, "through");
      await check(`read:${site}`, write ? AUTH_MESSAGES.viewOnly : "through");
      await check(`write:${other}`, AUTH_MESSAGES.siteForbidden);
      await check(`read:${other}`, AUTH_MESSAGES.siteForbidden);
    }
    report("access-tokens", { routes: operations.length, checks, failures: failures.length });
    expect(failures).toEqual([]);
    expect(checks).toBeGreaterThan(2 * operations.length);
  }, 120_000);

  it("opens a resource-limited token's routes to one resource each, and the cross-kind routes to none", async () => {
    const { api } = stack;
    const owner = await api.login();
    // Per site, one write token per resource it has, limited to that resource alone.
    const limited = new Map<Site, [TokenResource, string][]>();
    for (const site of SITES) {
      const list: [TokenResource, string][] = [];
      for (const resource of TOKEN_RESOURCES.filter((name) => SITE_RESOURCES[name].includes(site))) {
        const created = await api.as(owner, {
          method: "POST",
          url: "/api/v1/tokens",
          payload: { name: `${resource} on ${site}`, sites: [site], access: "write", resources: [resource] },
        });
        expect(created.statusCode, created.body).toBe(201);
        list.push([resource, created.json().data.token as string]);
      }
      limited.set(site, list);
    }
    // Routes about every kind at once: no limited token opens them (docs/INTEGRATIONS.md#resource-limited-tokens).
    const CROSS_KIND = /^\/api\/v1\/[a-z]+\/(history|trash|overview|schedule)(\/|$)/;
    const failures: string[] = [];
    let checks = 0;
    const operations = operationsOf(api.app, "api").filter(
      (op) => !isPublic(op) && isSite(op.path.split("/")[3]) && !MEMBER_OWN.test(op.path),
    );
    for (const operation of operations) {
      const write = WRITES.has(operation.method);
      const site = operation.path.split("/")[3] as Site;
      const url = urlOf(operation);
      const opened: TokenResource[] = [];
      for (const [resource, token] of limited.get(site)!) {
        checks += 1;
        const response = await api.inject({
          method: operation.method as "GET",
          url,
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          ...(write ? { payload: "{}" } : {}),
        });
        const message =
          response.statusCode === 401 || response.statusCode === 403
            ? (response.json() as { message?: string }).message
            : undefined;
        if (message === INTEGRATION_MESSAGES.tokenResourceForbidden) continue;
        // Its own site and a write token: any other refusal of access would hide the rule under test.
        if (message !== undefined)
          failures.push(`${operation.method} ${url} with ${resource}: ${response.statusCode} ${message}`);
        opened.push(resource);
      }
      // A route named after a resource is that resource's (other paths, e.g. other-servers, just one's).
      const named = operation.path.split("/")[4] as TokenResource;
      const expected = CROSS_KIND.test(operation.path)
        ? "none"
        : TOKEN_RESOURCES.includes(named)
          ? named
          : "exactly one";
      const actual = opened.length === 0 ? "none" : opened.length === 1 ? opened[0]! : opened.join("+");
      if (expected === "exactly one" ? opened.length !== 1 : actual !== expected)
        failures.push(`${operation.method} ${url}: opened to ${actual}, expected ${expected}`);
    }
    report("access-tokens-resources", { routes: operations.length, checks, failures: failures.length });
    expect(failures).toEqual([]);
    expect(checks).toBeGreaterThan(3 * operations.length);
  }, 180_000);
});
