import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, buildTestApp, type TestApp } from "../../../test/helpers.ts";
import { startProvider, type TestProvider } from "../../../test/oidc.ts";

// Single sign-on (docs/SSO.md) against a real OpenID Connect provider (oidc-provider) on 127.0.0.1.
const PUBLIC_URL = "http://backoffice.test";
const REDIRECT = `${PUBLIC_URL}/api/v1/auth/oidc/callback`;
let t: TestApp;
let idp: TestProvider;

beforeAll(async () => {
  idp = await startProvider(REDIRECT);
  t = await buildTestApp({
    PUBLIC_URL,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_LABEL: "Acme ID",
  });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const cookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []].flat().find((line) => line.startsWith("bo_sso="))!.split(";")[0]!;

/** The landing the callback sends the browser to: `/login/sso?code=…` or `?error=…`. */
function landingOf(location: string | undefined) {
  expect(location).toMatch(/^\/login\/sso\?/);
  return Object.fromEntries(new URL(location!, PUBLIC_URL).searchParams) as { code?: string; error?: string };
}

/** A browser signing in at the provider as `accountId`: the start, the provider's pages, the callback. */
async function providerSignIn(accountId: string, options: { amr?: string[]; provider?: string } = {}) {
  const start = await t.inject({ method: "GET", url: `/api/v1/auth/oidc/start?provider=${options.provider ?? "env"}` });
  expect(start.statusCode).toBe(302);
  const browser = cookieOf(start.headers["set-cookie"]);
  idp.next = { accountId, ...(options.amr ? { amr: options.amr } : {}) };
  const back = await idp.authorize(start.headers.location as string);
  expect(back.startsWith(`${REDIRECT}?`)).toBe(true);
  const path = back.slice(PUBLIC_URL.length);
  const callback = await t.inject({ method: "GET", url: path, headers: { cookie: browser } });
  expect(callback.statusCode).toBe(302);
  return { browser, path, landing: landingOf(callback.headers.location as string) };
}

const exchange = (code: string, browser: string) =>
  t.inject({ method: "POST", url: "/api/v1/auth/oidc/exchange", payload: { code }, headers: { cookie: browser } });

describe("single sign-on", () => {
  it("tells the sign-in screen which providers exist", async () => {
    const config = await t.inject({ method: "GET", url: "/api/v1/config" });
    expect(config.json().data.sso).toEqual([{ id: "env", label: "Acme ID" }]);
  });

  it("signs a member in: a session like a password sign-in's, in the Security screen's sessions", async () => {
    idp.accounts.set("admin-sub", { email: ADMIN.email, email_verified: true });
    const { browser, landing } = await providerSignIn("admin-sub");
    expect(landing.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const answer = await exchange(landing.code!, browser);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: "success", data: { user: { email: ADMIN.email } } });
    const token = answer.json().data.token as string;
    const sessions = await t.as(token, { method: "GET", url: "/api/v1/auth/sessions" });
    expect(sessions.json().data.some((row: { current: boolean }) => row.current)).toBe(true);
    // The handoff code is single use.
    expect((await exchange(landing.code!, browser)).statusCode).toBe(401);
  });
});
