// An invitation link's token is a credential (whoever holds it joins the team at
// its level, an Owner's included), so it must never reach the log or the metrics, whichever way the
// link is asked for: the dashboard's page, the API's read and accept, a malformed or unknown link.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { newToken } from "../apps/api/src/lib/crypto.ts";
import { buildTestApp, type TestApp } from "../apps/api/test/helpers.ts";
import { report } from "./support.ts";

const logLines: string[] = [];
let api: TestApp;
let webDir: string;
beforeAll(async () => {
  // A built dashboard, so `/invitation/{token}` is answered with its page as in production.
  webDir = mkdtempSync(join(tmpdir(), "secrets-in-logs-"));
  writeFileSync(join(webDir, "index.html"), "<!doctype html><title>Back-office</title>");
  api = await buildTestApp({ WEB_DIST_DIR: webDir, PUBLIC_URL: "https://office.example" }, { logLines });
}, 120_000);
afterAll(async () => {
  await api?.close();
  rmSync(webDir, { recursive: true, force: true });
});

it("never logs nor labels a metric with an invitation token, on any path that carries one", async () => {
  const owner = await api.login();
  const invited = await api.as(owner, {
    method: "POST",
    url: "/api/v1/team/invitations",
    payload: { email: "next.owner@example.com", level: "owner", sites: null },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const mail = api.mails.find((sent) => sent.to === "next.owner@example.com");
  const token = /\/invitation\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1];
  expect(token, mail?.text).toBeDefined();
  const live = token!;
  const unknown = newToken();

  const get = (url: string) => api.inject({ method: "GET", url });
  const accept = (url: string, password = "Next-owner-pass-1") =>
    api.inject({ method: "POST", url, payload: { password } });
  const expectations: [string, () => Promise<{ statusCode: number }>, number][] = [
    // The invitee's journey: the dashboard's page, its read, a query-string copy, then the accept.
    ["the link's page", () => get(`/invitation/${live}`), 200],
    ["the link's page with a trailing slash", () => get(`/invitation/${live}/`), 200],
    [
      "the link's page with the token repeated in the query",
      () => get(`/invitation/${live}?token=${live}`),
      200,
    ],
    ["the invitation's read", () => get(`/api/v1/team/invitations/${live}`), 200],
    [
      "the read, token in the query too",
      () => get(`/api/v1/team/invitations/${live}?code=${live}&secret=${live}`),
      200,
    ],
    // A link that is not one: unknown, malformed around the live token, or on a path that does not exist.
    ["an unknown link", () => get(`/api/v1/team/invitations/${unknown}`), 404],
    ["an unknown link's accept", () => accept(`/api/v1/team/invitations/${unknown}/accept`), 404],
    [
      "a malformed link (the token and one more character)",
      () => get(`/api/v1/team/invitations/${live}x`),
      400,
    ],
    ["a malformed accept", () => accept(`/api/v1/team/invitations/${live}!/accept`), 400],
    ["a path that does not exist", () => get(`/api/v1/team/invitation/${live}`), 404],
    [
      "an accept on a path that does not exist",
      () => accept(`/api/v1/team/invitations/${live}/accepted`),
      404,
    ],
    ["a malformed URL", () => get(`/api/v1/team/invitations/${live}%E0%A4%A`), 400],
    ["a sign-in page returning to the link", () => get(`/login?next=%2Finvitation%2F${live}`), 200],
    ["a refused password", () => accept(`/api/v1/team/invitations/${live}/accept`, "short"), 400],
  ];
  for (const [label, send, status] of expectations) expect((await send()).statusCode, label).toBe(status);
  const accepted = await accept(`/api/v1/team/invitations/${live}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  expect((await accept(`/api/v1/team/invitations/${live}/accept`)).statusCode).toBe(410);

  const metrics = await get("/metrics");
  expect(metrics.statusCode).toBe(200);

  const leaking = logLines.filter((line) => line.includes(live) || line.includes(unknown));
  expect(leaking, leaking.join("\n")).toEqual([]);
  for (const secret of [live, unknown]) expect(metrics.body).not.toContain(secret);
  // Metrics label a request with its route's pattern, and every unmatched path with one label.
  expect(metrics.body).toContain('route="/api/v1/team/invitations/:token/accept"');
  expect(metrics.body).toContain('route="unmatched"');
  // The requests were logged (with their paths), only without the token.
  const urls = logLines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url);
  expect(urls).toContain("/api/v1/team/invitations/[redacted]/accept");
  expect(urls).toContain("/invitation/[redacted]");
  report("secrets-in-logs", { requests: expectations.length + 3, logLines: logLines.length, leaking: 0 });
});
