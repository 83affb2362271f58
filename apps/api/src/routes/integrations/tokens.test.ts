import { AUTH_MESSAGES } from "@backoffice/contracts";
import { INTEGRATION_MESSAGES as M } from "@backoffice/contracts/integrations";
import { describe, expect, it } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";
import { validApp } from "../apps/app.testing.ts";

const t = signedInApp(() => ({ API_TOKEN_REQUESTS_PER_MINUTE: "30" }));

/** Creates a token as the Owner and answers the whole token and its row. */
async function createToken(body: object) {
  const response = await t.admin("POST", "/api/v1/tokens", body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; token: string; prefix: string };
}
const withToken = (
  token: string,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
) =>
  t.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

describe("API tokens", () => {
  it("answers the token once, stores only its hash, lists its prefix, and revokes it", async () => {
    const created = await createToken({
      name: "CDN purge",
      sites: ["apkw"],
      access: "read",
      expiresInDays: 30,
    });
    expect(created.token).toMatch(/^bo_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 11));
    const [row] = await t.app.db.query<{ token_hash: string }>(
      "select token_hash from api_tokens where id = $1",
      [created._id],
    );
    expect(row!.token_hash).not.toContain(created.token.slice(3));
    const list = (await t.admin("GET", "/api/v1/tokens")).json().data as Record<string, unknown>[];
    const listed = list.find((token) => token._id === created._id)!;
    expect(listed).toMatchObject({
      name: "CDN purge",
      prefix: created.prefix,
      access: "read",
      lastUsedAt: null,
    });
    expect(JSON.stringify(list)).not.toContain(created.token);
    expect(new Date(listed.expiresAt as string).getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);

    expect((await withToken(created.token, "GET", "/api/v1/apkw/apps")).statusCode).toBe(200);
    const used = ((await t.admin("GET", "/api/v1/tokens")).json().data as Record<string, unknown>[]).find(
      (token) => token._id === created._id,
    )!;
    expect(used.lastUsedAt).not.toBeNull();
    expect(used.lastUsedAddress).toBe("127.0.0.1");

    expect((await t.admin("DELETE", `/api/v1/tokens/${created._id}`)).statusCode).toBe(200);
    const after = await withToken(created.token, "GET", "/api/v1/apkw/apps");
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(M.tokenInvalid);
    expect((await t.admin("DELETE", `/api/v1/tokens/${created._id}`)).statusCode).toBe(404);
  });

  it("refuses bad bodies naming the field", async () => {
    for (const [body, path] of [
      [{ name: "", sites: ["apkw"], access: "read" }, "name"],
      [{ name: "x", sites: [], access: "read" }, "sites"],
      [{ name: "x", sites: ["nowhere"], access: "read" }, "sites.0"],
      [{ name: "x", sites: ["apkw"], access: "admin" }, "access"],
      [{ name: "x", sites: ["apkw"], access: "read", expiresInDays: 7 }, "expiresInDays"],
      [{ name: "x", sites: ["apkw"], access: "read", resources: ["songs"] }, "resources.0"],
      [{ name: "x", sites: ["apkw"], access: "read", resources: [] }, "resources"],
      [{ name: "x", sites: ["apkw"], access: "read", resources: "apps" }, "resources"],
      [{ name: "x", sites: ["apkw"], access: "read", resources: ["apps", "apps"] }, "resources"],
      // Not a kind a token can be limited to: they span every kind, or are the member's own.
      [{ name: "x", sites: ["apkw"], access: "read", resources: ["history"] }, "resources.0"],
      [{ name: "x", sites: ["apkw"], access: "read", resources: ["schedule"] }, "resources.0"],
      [{ name: "x", sites: ["apkw"], access: "read", resources: ["account"] }, "resources.0"],
      // On none of the token's sites.
      [{ name: "x", sites: ["apkw"], access: "read", resources: ["apps", "matches"] }, "resources.1"],
    ] as const) {
      const response = await t.admin("POST", "/api/v1/tokens", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
    }
  });

  it("works on its sites' routes only: a read token's write and another site are 403, account routes 401", async () => {
    const read = await createToken({ name: "reader", sites: ["apkw"], access: "read" });
    const write = await createToken({
      name: "writer",
      sites: ["apkw"],
      access: "write",
      expiresInDays: null,
    });

    const refusedWrite = await withToken(read.token, "POST", "/api/v1/apkw/apps", validApp());
    expect(refusedWrite.statusCode).toBe(403);
    expect(refusedWrite.json().message).toBe(AUTH_MESSAGES.viewOnly);
    const otherSite = await withToken(write.token, "GET", "/api/v1/sportbn/matches");
    expect(otherSite.statusCode).toBe(403);
    expect(otherSite.json().message).toBe(AUTH_MESSAGES.siteForbidden);

    for (const [method, url] of [
      ["GET", "/api/v1/auth/me"],
      ["GET", "/api/v1/team/"],
      ["GET", "/api/v1/tokens"],
      ["POST", "/api/v1/tokens"],
      ["GET", "/api/v1/webhooks"],
      ["GET", "/api/v1/jobs"],
      ["POST", "/api/v1/auth/logout"],
      ["GET", "/api/v1/auth/sessions"],
    ] as const) {
      const response = await withToken(write.token, method, url, method === "POST" ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    // Its own marker (the inbox's last opened time) is a person's.
    const movies = await createToken({ name: "movies writer", sites: ["movies"], access: "write" });
    const seen = await withToken(movies.token, "PUT", "/api/v1/movies/contacts/seen", {});
    expect(seen.statusCode).toBe(403);
  });

  it("writes with a write token, without CSRF, and History names the token", async () => {
    const write = await createToken({ name: "Importer", sites: ["apkw"], access: "write" });
    const created = await withToken(
      write.token,
      "POST",
      "/api/v1/apkw/apps",
      validApp({ title: "Token app" }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id as string;
    const history = await t.admin("GET", `/api/v1/apkw/history?resource=apps`);
    const entry = (history.json().data as { recordId: string; admin: string; action: string }[]).find(
      (row) => row.recordId === id,
    );
    expect(entry).toMatchObject({ action: "create", admin: `API token Importer (${write.prefix}…)` });
  });

  it("limits a token to its resources: their routes and imports open, others and cross-kind routes 403", async () => {
    const limited = await createToken({
      name: "apps and ads",
      sites: ["apkw", "sportbn"],
      access: "write",
      resources: ["apps", "ads", "matches"],
    });
    const list = (await t.admin("GET", "/api/v1/tokens")).json().data as Record<string, unknown>[];
    expect(list.find((token) => token._id === limited._id)?.resources).toEqual(["apps", "ads", "matches"]);
    const all = await createToken({ name: "everything", sites: ["apkw"], access: "read" });
    expect(
      ((await t.admin("GET", "/api/v1/tokens")).json().data as Record<string, unknown>[]).find(
        (token) => token._id === all._id,
      )?.resources,
    ).toBeNull();

    for (const url of [
      "/api/v1/apkw/apps",
      "/api/v1/apkw/ads",
      "/api/v1/sportbn/ads",
      "/api/v1/sportbn/matches",
      // Other Servers belong to the matches resource (Matches, Servers).
      "/api/v1/sportbn/other-servers/all",
      // An import is about its kind's resource.
      "/api/v1/apkw/apps/import",
    ]) {
      const response = await withToken(limited.token, "GET", url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    const written = await withToken(
      limited.token,
      "POST",
      "/api/v1/apkw/apps",
      validApp({ title: "Limited" }),
    );
    expect(written.statusCode, written.body).toBe(201);

    for (const url of [
      "/api/v1/apkw/emails",
      "/api/v1/apkw/media",
      "/api/v1/apkw/emails/import",
      "/api/v1/sportbn/locker",
      // History, Trash, Overview and Schedule span every kind.
      "/api/v1/apkw/history",
      "/api/v1/apkw/trash",
      "/api/v1/apkw/overview",
      "/api/v1/apkw/schedule",
    ]) {
      const response = await withToken(limited.token, "GET", url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message, url).toBe(M.tokenResourceForbidden);
    }
    // Outside its sites the site's refusal comes first; without a limit every resource opens.
    expect((await withToken(limited.token, "GET", "/api/v1/movies/ads")).json().message).toBe(
      AUTH_MESSAGES.siteForbidden,
    );
    expect((await withToken(all.token, "GET", "/api/v1/apkw/emails")).statusCode).toBe(200);
    expect((await withToken(all.token, "GET", "/api/v1/apkw/history")).statusCode).toBe(200);
  });

  it("refuses an expired token and limits requests per token", async () => {
    const soon = await createToken({ name: "short", sites: ["apkw"], access: "read", expiresInDays: 30 });
    await t.app.db.query("update api_tokens set expires_at = now() - interval '1 second' where id = $1", [
      soon._id,
    ]);
    expect((await withToken(soon.token, "GET", "/api/v1/apkw/apps")).statusCode).toBe(401);

    const busy = await createToken({ name: "busy", sites: ["apkw"], access: "read" });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push((await withToken(busy.token, "GET", "/api/v1/apkw/apps")).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another token keeps its own count.
    const calm = await createToken({ name: "calm", sites: ["apkw"], access: "read" });
    expect((await withToken(calm.token, "GET", "/api/v1/apkw/apps")).statusCode).toBe(200);
  });

  it("is for Owners only", async () => {
    await t.createUser("editor.tokens@example.com", "Editor-pass-1", "admin", {
      level: "editor",
      sites: null,
    });
    const editor = await t.login("editor.tokens@example.com", "Editor-pass-1");
    expect((await t.as(editor, { method: "GET", url: "/api/v1/tokens" })).statusCode).toBe(403);
    expect((await t.as(editor, { method: "GET", url: "/api/v1/webhooks" })).statusCode).toBe(403);
  });
});
