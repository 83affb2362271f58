// Team access on the site routes (docs/PRODUCT-RULES.md#team-and-access), one hook where they are
// mounted (routes/sites/index.ts, tmdb/admin.ts, jobs/admin.ts): a member outside a site gets 403
// "You don't have access to this site", a Viewer's write 403 "You can only view this site".
// A few representative routes per rule; reliability/access.test.ts covers every route.
import { AUTH_MESSAGES, type Member } from "@backoffice/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/helpers.ts";

let t: TestApp;
const tokens: Record<string, string> = {};
const MEMBERS: Record<string, Member> = {
  owner: { level: "owner", sites: null },
  apkwEditor: { level: "editor", sites: ["apkw"] },
  apkwViewer: { level: "viewer", sites: ["apkw"] },
  sportbnEditor: { level: "editor", sites: ["sportbn"] },
  everyViewer: { level: "viewer", sites: null },
};
beforeAll(async () => {
  t = await buildTestApp();
  for (const [name, access] of Object.entries(MEMBERS)) {
    await t.createUser(`${name}@example.com`, "Member-pass-1", "admin", access);
    tokens[name] = await t.login(`${name}@example.com`, "Member-pass-1");
  }
});
afterAll(() => t?.close());

const call = (member: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.as(tokens[member]!, { method, url, ...(payload ? { payload } : {}) });
const refusal = async (answer: Promise<{ statusCode: number; json(): { message: string } }>) => {
  const response = await answer;
  return [response.statusCode, response.json().message];
};
const OUTSIDE = [403, AUTH_MESSAGES.siteForbidden];
const VIEW_ONLY = [403, AUTH_MESSAGES.viewOnly];

describe("site access", () => {
  it("GET /auth/me gives every level its email, role, level and sites", async () => {
    const response = await call("apkwViewer", "GET", "/api/v1/auth/me");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: "success",
      data: {
        user: { email: "apkwViewer@example.com", role: "admin", level: "viewer", sites: ["apkw"] },
        secondFactor: { enabled: false, required: false, setupNeeded: false },
      },
    });
    const owner = await call("owner", "GET", "/api/v1/auth/me");
    expect(owner.json().data.user).toMatchObject({ level: "owner", sites: null });
    expect((await t.inject({ method: "GET", url: "/api/v1/auth/me" })).statusCode).toBe(401);
  });

  it("refuses a member outside the site on reads and writes of admin and pass-through routes", async () => {
    expect(await refusal(call("apkwEditor", "GET", "/api/v1/sportbn/ads"))).toEqual(OUTSIDE);
    expect(await refusal(call("apkwEditor", "GET", "/api/v1/sportbn/history"))).toEqual(OUTSIDE);
    expect(await refusal(call("apkwEditor", "POST", "/api/v1/sportbn/trash/undo", { batch: "x" }))).toEqual(
      OUTSIDE,
    );
    // The movie database is the movies site's pass-through.
    expect(await refusal(call("apkwViewer", "GET", "/api/v1/tmdb/trending/movie/day"))).toEqual(OUTSIDE);
    // Their own site answers.
    expect((await call("apkwEditor", "GET", "/api/v1/apkw/ads")).statusCode).toBe(200);
    expect((await call("sportbnEditor", "GET", "/api/v1/sportbn/ads")).statusCode).toBe(200);
    expect((await call("owner", "GET", "/api/v1/movies/ads")).statusCode).toBe(200);
  });

  it("lets a Viewer read their sites and refuses each of their writes", async () => {
    expect((await call("apkwViewer", "GET", "/api/v1/apkw/ads")).statusCode).toBe(200);
    expect((await call("everyViewer", "GET", "/api/v1/movies/history")).statusCode).toBe(200);
    expect(
      await refusal(call("apkwViewer", "POST", "/api/v1/apkw/ads", { url: "https://a.example" })),
    ).toEqual(VIEW_ONLY);
    expect(await refusal(call("everyViewer", "DELETE", "/api/v1/movies/ads/ad-1"))).toEqual(VIEW_ONLY);
    expect(await refusal(call("everyViewer", "POST", "/api/v1/sportbn/trash/undo", { batch: "x" }))).toEqual(
      VIEW_ONLY,
    );
    // An Editor's write passes the access rule and meets the route's own checks.
    const editorWrite = await call("apkwEditor", "POST", "/api/v1/apkw/ads", {});
    expect(editorWrite.statusCode).toBe(400);
  });

  it("shows each member the jobs of their sites and all-sites jobs; changing one needs write access to its site", async () => {
    const names = async (member: string) =>
      ((await call(member, "GET", "/api/v1/jobs")).json().data as { name: string }[]).map((job) => job.name);
    expect(await names("apkwEditor")).toContain("trash-purge");
    expect(await names("apkwEditor")).not.toContain("link-health");
    expect(await names("sportbnEditor")).toContain("link-health");
    // A sportbn job: outside for an apkw member, view-only for a Viewer.
    expect(await refusal(call("apkwEditor", "POST", "/api/v1/jobs/link-health/run"))).toEqual(OUTSIDE);
    expect(await refusal(call("everyViewer", "POST", "/api/v1/jobs/link-health/pause"))).toEqual(VIEW_ONLY);
    // An all-sites job needs every site: an Editor of one site may not run it.
    expect(await refusal(call("sportbnEditor", "POST", "/api/v1/jobs/trash-purge/run"))).toEqual(OUTSIDE);
    const paused = await call("sportbnEditor", "POST", "/api/v1/jobs/link-health/pause");
    expect(paused.statusCode).toBe(200);
    await call("sportbnEditor", "POST", "/api/v1/jobs/link-health/resume");
  });
});
