import {
  type Forgery,
  type ForgingProvider,
  startForgingProvider,
  startProvider,
  type TestProvider,
} from "@backoffice/server/oidc-test-provider";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, buildTestApp, type TestApp } from "../../../test/helpers.ts";
import { softAuthenticator } from "../../../test/passkeys.ts";

// Single sign-on (docs/SSO.md) against a real OpenID Connect provider (oidc-provider) on 127.0.0.1,
// and a forging one for the ID token attacks. No answer is a 5xx.
const PUBLIC_URL = "http://backoffice.test";
const REDIRECT = `${PUBLIC_URL}/api/v1/auth/oidc/callback`;
const PASSWORD = "Member-pass-1";
let t: TestApp;
let idp: TestProvider;
let forger: ForgingProvider;
let owner: string;
let address = 1;
const fresh = () => `10.37.${Math.floor(address / 250)}.${address++ % 250}`;

beforeAll(async () => {
  idp = await startProvider(REDIRECT);
  forger = await startForgingProvider();
  t = await buildTestApp({
    PUBLIC_URL,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_LABEL: "Acme ID",
  });
  owner = await t.login();
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
  await forger?.close();
});

const cookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .find((line) => line.startsWith("bo_sso="))!
    .split(";")[0]!;

/** Where the callback sends the browser: the sign-in screen with `ssoCode` or `ssoError`. */
function landingOf(location: unknown) {
  expect(location).toMatch(/^\/login\?sso(Code|Error)=/);
  const query = new URL(location as string, PUBLIC_URL).searchParams;
  const [code, error] = [query.get("ssoCode"), query.get("ssoError")];
  return { ...(code ? { code } : {}), ...(error ? { error } : {}) };
}

async function start(provider = "env") {
  const answer = await t.inject({ method: "GET", url: `/api/v1/auth/oidc/start?provider=${provider}` });
  expect(answer.statusCode).toBe(302);
  return answer;
}

/** The provider's redirect back to the callback, for a browser that signed in there as `accountId`. */
async function atProvider(accountId: string, amr?: string[], provider = "env") {
  const started = await start(provider);
  const browser = cookieOf(started.headers["set-cookie"]);
  idp.next = { accountId, ...(amr ? { amr } : {}) };
  const back = await idp.authorize(started.headers.location as string);
  expect(back.startsWith(`${REDIRECT}?`)).toBe(true);
  return { browser, path: back.slice(PUBLIC_URL.length) };
}

async function callback(path: string, browser: string) {
  const answer = await t.inject({ method: "GET", url: path, headers: { cookie: browser } });
  expect(answer.statusCode).toBe(302);
  return landingOf(answer.headers.location);
}

/** A whole SSO sign-in up to the dashboard's exchange of the one-time code. */
async function ssoSignIn(
  email: string,
  options: { verified?: boolean; amr?: string[]; groups?: string[]; provider?: string } = {},
) {
  const sub = `sub-${address++}`;
  idp.accounts.set(sub, {
    email,
    email_verified: options.verified ?? true,
    ...(options.groups ? { groups: options.groups } : {}),
  });
  const { browser, path } = await atProvider(sub, options.amr, options.provider);
  const landing = await callback(path, browser);
  if (!landing.code) return { landing, answer: undefined };
  return { landing, answer: await exchange(landing.code, browser), browser };
}

const exchange = (code: string, browser: string) =>
  t.inject({
    method: "POST",
    url: "/api/v1/auth/oidc/exchange",
    payload: { code },
    headers: { cookie: browser },
  });

const passwordLogin = (email: string, password = PASSWORD) =>
  t.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { email, password },
    remoteAddress: fresh(),
  });

const putSettings = (body: object) => t.as(owner, { method: "PUT", url: "/api/v1/team/sso", payload: body });
const noSso = { ssoOnly: false, breakGlass: [], domains: [] };
const idOf = async (email: string) =>
  (await t.app.db.query<{ id: string }>("select id from users where email = $1", [email]))[0]!.id;

describe("signing in with the provider", () => {
  it("tells the sign-in screen which providers exist", async () => {
    const config = await t.inject({ method: "GET", url: "/api/v1/config" });
    expect(config.json().data.sso).toEqual([{ id: "env", label: "Acme ID" }]);
  });

  it("signs a member in with a session like a password sign-in's: sessions list, History sign-in", async () => {
    const { landing, answer, browser } = await ssoSignIn(ADMIN.email);
    expect(landing.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer!.statusCode).toBe(200);
    expect(answer!.json()).toMatchObject({ status: "success", data: { user: { email: ADMIN.email } } });
    const token = answer!.json().data.token as string;
    const sessions = await t.as(token, { method: "GET", url: "/api/v1/auth/sessions" });
    const current = sessions.json().data.filter((row: { current: boolean }) => row.current);
    expect(current).toHaveLength(1);
    // Listed as a password sign-in's session is: the same fields, its browser and address known.
    const passwordSessions = await t.as(owner, { method: "GET", url: "/api/v1/auth/sessions" });
    const passwordRow = passwordSessions.json().data.find((row: { current: boolean }) => row.current);
    expect(Object.keys(current[0]).sort()).toEqual(Object.keys(passwordRow).sort());
    expect(current[0].address).toBe(passwordRow.address);
    const history = await t.as(token, {
      method: "GET",
      url: "/api/v1/apkw/history?resource=session&limit=5",
    });
    expect(JSON.stringify(history.json().data[0])).toContain('"sso"');
    // The one-time code is single use, and only in the browser that started the sign-in.
    expect((await exchange(landing.code!, browser!)).statusCode).toBe(401);
  });

  it("gives an SSO session its provider's sign-out page (RP-initiated logout), a password session none", async () => {
    const token = (await ssoSignIn(ADMIN.email)).answer!.json().data.token as string;
    const answer = await t.as(token, { method: "GET", url: "/api/v1/auth/oidc/sign-out-url" });
    const url = new URL(answer.json().data.url as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(url.searchParams.get("client_id")).toBe(idp.clientId);
    expect(url.searchParams.get("post_logout_redirect_uri")).toBe(`${PUBLIC_URL}/login`);
    // The provider accepts it: its sign-out page, not an error.
    expect((await fetch(url, { redirect: "manual" })).status).toBe(200);
    const password = await t.as(owner, { method: "GET", url: "/api/v1/auth/oidc/sign-out-url" });
    expect(password.json().data.url).toBeNull();
    expect((await t.inject({ method: "GET", url: "/api/v1/auth/oidc/sign-out-url" })).statusCode).toBe(401);
  });

  it("matches the email whatever its case or Unicode form, never a look-alike of another member", async () => {
    await t.createUser("josé@example.com", PASSWORD);
    await t.createUser("kate@example.com", PASSWORD);
    const upper = await ssoSignIn("Admin@EXAMPLE.com");
    expect(upper.answer!.json().data.user.email).toBe(ADMIN.email);
    // The same letters decomposed (e + combining acute) are the same address (NFC).
    const decomposed = await ssoSignIn("jose\u0301@example.com");
    expect(decomposed.answer!.json().data.user.email).toBe("josé@example.com");
    // Look-alikes are other addresses, not Kate's: a Cyrillic а, a fullwidth ｋ (NFKC would fold it).
    expect((await ssoSignIn("k\u0430te@example.com")).landing).toEqual({ error: "not-member" });
    expect((await ssoSignIn("\uFF4Bate@example.com")).landing).toEqual({ error: "not-member" });
  });

  it("refuses an unverified email and an identity that is no member (sign-up is never open)", async () => {
    expect((await ssoSignIn(ADMIN.email, { verified: false })).landing).toEqual({ error: "unverified" });
    expect((await ssoSignIn("stranger@example.com")).landing).toEqual({ error: "not-member" });
    const team = await t.as(owner, { method: "GET", url: "/api/v1/team" });
    expect(JSON.stringify(team.json())).not.toContain("stranger@example.com");
  });

  it("accepts a pending invitation on the first sign-in, at the invitation's level and sites", async () => {
    const invite = await t.as(owner, {
      method: "POST",
      url: "/api/v1/team/invitations",
      payload: { email: "invited@example.com", level: "editor", sites: ["movies"] },
    });
    expect(invite.statusCode).toBe(201);
    const { answer } = await ssoSignIn("INVITED@example.com");
    expect(answer!.statusCode).toBe(200);
    const team = (await t.as(owner, { method: "GET", url: "/api/v1/team" })).json().data as {
      email: string;
      status: string;
      level: string;
      sites: string[];
    }[];
    expect(team.filter((row) => row.email === "invited@example.com")).toEqual([
      expect.objectContaining({ status: "active", level: "editor", sites: ["movies"] }),
    ]);
  });

  it("joins an identity of an allowed domain at the Owner's level and sites", async () => {
    const saved = await putSettings({
      ...noSso,
      domains: [{ domain: "Partner.example", level: "viewer", sites: ["apkw"] }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.domains).toEqual([
      { domain: "partner.example", level: "viewer", sites: ["apkw"] },
    ]);
    const { answer } = await ssoSignIn("new.person@partner.example");
    expect(answer!.statusCode).toBe(200);
    const token = answer!.json().data.token as string;
    expect((await t.as(token, { method: "GET", url: "/api/v1/apkw/history?limit=1" })).statusCode).toBe(200);
    expect((await t.as(token, { method: "GET", url: "/api/v1/movies/history?limit=1" })).statusCode).toBe(
      403,
    );
    // A subdomain or a look-alike domain is not on the list.
    expect((await ssoSignIn("a@sub.partner.example")).landing).toEqual({ error: "not-member" });
    await putSettings(noSso);
    expect((await ssoSignIn("other.person@partner.example")).landing).toEqual({ error: "not-member" });
  });

  it("asks a member's own second factor unless the provider's amr says one was used", async () => {
    await t.createUser("factor@example.com", PASSWORD);
    await t.app.db.query("update users set totp_enabled_at = now() where email = 'factor@example.com'");
    const plain = await ssoSignIn("factor@example.com", { amr: ["pwd"] });
    expect(plain.answer!.json()).toMatchObject({ status: "second-factor", data: { totp: true } });
    const strong = await ssoSignIn("factor@example.com", { amr: ["pwd", "otp"] });
    expect(strong.answer!.json()).toMatchObject({ status: "success" });
  });

  it("lets the provider's second factor satisfy 'Require a second factor'", async () => {
    await t.createUser("nofactor@example.com", PASSWORD);
    await t.app.db.query("update security_settings set second_factor_required = true");
    try {
      const weak = (await ssoSignIn("nofactor@example.com")).answer!.json().data.token as string;
      const blocked = await t.as(weak, { method: "GET", url: "/api/v1/apkw/history?limit=1" });
      expect(blocked.statusCode).toBe(403);
      const strong = (await ssoSignIn("nofactor@example.com", { amr: ["mfa"] })).answer!.json().data
        .token as string;
      expect((await t.as(strong, { method: "GET", url: "/api/v1/apkw/history?limit=1" })).statusCode).toBe(
        200,
      );
    } finally {
      await t.app.db.query("update security_settings set second_factor_required = false");
    }
  });
});

/** The Sign-ins entries of History as an Owner reads them, newest first. */
async function signInEntries(token = owner) {
  const answer = await t.as(token, { method: "GET", url: "/api/v1/apkw/history?resource=session&limit=50" });
  expect(answer.statusCode).toBe(200);
  return answer.json().data as {
    admin: string | null;
    address: string | null;
    action: string;
    after: Record<string, unknown> | null;
  }[];
}

describe("History of refused sign-ins", () => {
  it("logs a refusal of an identity the provider vouched for as a Sign-ins entry, naming no stranger", async () => {
    await t.createUser("gone@example.com", PASSWORD);
    await t.app.db.query("update users set disabled_at = now() where email = 'gone@example.com'");
    expect((await ssoSignIn("stranger.two@example.com")).landing).toEqual({ error: "not-member" });
    expect((await ssoSignIn(ADMIN.email, { verified: false })).landing).toEqual({ error: "unverified" });
    expect((await ssoSignIn("gone@example.com")).landing).toEqual({ error: "disabled" });
    const [disabled, unverified, stranger] = await signInEntries();
    const sso = { signIn: "sso", ssoProvider: "env" };
    expect(disabled).toMatchObject({
      admin: "gone@example.com",
      action: "refuse",
      after: { ...sso, reason: "disabled" },
    });
    // An unverified email proves nobody: not even the member whose address it names.
    expect(unverified).toMatchObject({
      admin: null,
      action: "refuse",
      after: { ...sso, reason: "unverified" },
    });
    expect(stranger).toMatchObject({
      admin: null,
      action: "refuse",
      after: { ...sso, reason: "not-member" },
    });
    expect(stranger!.address).toBe("127.0.0.1");
    // The stranger's email is kept nowhere in History.
    const [kept] = await t.app.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log a where a::text ilike '%stranger.two%'",
    );
    expect(kept!.n).toBe(0);
    // Another member sees who was refused and when, not the details.
    await t.createUser("reader@example.com", PASSWORD, "admin", { level: "viewer", sites: null });
    const [seen] = await signInEntries(await t.login("reader@example.com", PASSWORD));
    expect(seen).toMatchObject({ admin: "reader@example.com", action: "create" });
    const refusals = (await signInEntries(await t.login("reader@example.com", PASSWORD))).filter(
      (entry) => entry.action === "refuse",
    );
    expect(refusals[0]).toEqual(
      expect.objectContaining({ admin: "gone@example.com", address: null, after: null }),
    );
  });

  it("keeps requests before the provider vouched for anyone out of History (the server log has them)", async () => {
    const count = async () =>
      (
        await t.app.db.query<{ n: number }>(
          "select count(*)::int as n from audit_log where action = 'refuse'",
        )
      )[0]!.n;
    const before = await count();
    const replayed = await t.inject({ method: "GET", url: "/api/v1/auth/oidc/callback?state=forged&code=x" });
    expect(landingOf(replayed.headers.location)).toEqual({ error: "expired" });
    expect(await count()).toBe(before);
  });

  it("records a session that passed the member's own code step after SSO as an SSO sign-in", async () => {
    await t.createUser("step@example.com", PASSWORD);
    const token = await t.login("step@example.com", PASSWORD);
    const { secret } = (await t.as(token, { method: "POST", url: "/api/v1/auth/totp/setup" })).json().data;
    // The previous 30-second step's code (accepted), so that the sign-in's code is a later, unused one.
    const confirm = await t.as(token, {
      method: "POST",
      url: "/api/v1/auth/totp/confirm",
      payload: { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 }) },
    });
    expect(confirm.statusCode).toBe(200);
    const step = (await ssoSignIn("step@example.com")).answer!.json();
    expect(step).toMatchObject({ status: "second-factor", data: { totp: true } });
    const signedIn = await t.inject({
      method: "POST",
      url: "/api/v1/auth/login/second-factor",
      payload: { challenge: step.data.challenge, code: await generate({ secret }) },
      remoteAddress: fresh(),
    });
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json().data.token as string;
    const [entry] = await signInEntries(session);
    expect(entry).toMatchObject({ admin: "step@example.com", action: "create", after: { signIn: "sso" } });
    // Its provider is kept too: signing out visits the provider's sign-out page.
    const out = await t.as(session, { method: "GET", url: "/api/v1/auth/oidc/sign-out-url" });
    expect(out.json().data.url).toMatch(/session\/end/);
    // After a password the same step still makes a password session.
    const recovery = confirm.json().data.recoveryCodes[0] as string;
    const passwordStep = (await passwordLogin("step@example.com")).json();
    const byPassword = await t.inject({
      method: "POST",
      url: "/api/v1/auth/login/second-factor",
      payload: { challenge: passwordStep.data.challenge, recoveryCode: recovery },
      remoteAddress: fresh(),
    });
    const [passwordEntry] = await signInEntries(byPassword.json().data.token as string);
    expect(passwordEntry).toMatchObject({ admin: "step@example.com", after: { signIn: "password" } });
  });
});

const localhost = { host: "localhost:8080" };
async function addPasskey(email: string) {
  const token = await t.login(email, PASSWORD);
  const key = softAuthenticator();
  const options = await t.as(token, {
    method: "POST",
    url: "/api/v1/auth/passkeys/register/options",
    headers: localhost,
  });
  const added = await t.as(token, {
    method: "POST",
    url: "/api/v1/auth/passkeys",
    headers: localhost,
    payload: { name: "Laptop", response: key.register(options.json().data.options.challenge) },
  });
  expect(added.statusCode).toBe(200);
  return key;
}
async function passkeySignIn(key: ReturnType<typeof softAuthenticator>) {
  const options = await t.inject({
    method: "POST",
    url: "/api/v1/auth/passkeys/sign-in/options",
    headers: localhost,
    payload: {},
  });
  return t.inject({
    method: "POST",
    url: "/api/v1/auth/passkeys/sign-in",
    headers: localhost,
    payload: { response: key.assert(options.json().data.options.challenge) },
    remoteAddress: fresh(),
  });
}

describe("Sign in with SSO only", () => {
  it("refuses password sign-in and reset codes to members, but not to a break-glass Owner with a second factor", async () => {
    await t.createUser("member@example.com", PASSWORD, "admin", { level: "editor", sites: null });
    await t.createUser("glass@example.com", PASSWORD);
    await t.createUser("glass-nofactor@example.com", PASSWORD);
    await t.app.db.query("update users set totp_enabled_at = now() where email = 'glass@example.com'");
    // The member's passkey, made before the rule, and an open invitation.
    const memberKey = await addPasskey("member@example.com");
    const invite = await t.as(owner, {
      method: "POST",
      url: "/api/v1/team/invitations",
      payload: { email: "late@example.com", level: "viewer", sites: ["apkw"] },
    });
    expect(invite.statusCode).toBe(201);
    const invitationToken = /invitation\/([A-Za-z0-9_-]+)/.exec(t.mails.at(-1)!.text)![1]!;
    expect((await passkeySignIn(memberKey)).statusCode).toBe(200);
    const glass = await idOf("glass@example.com");
    const bare = await idOf("glass-nofactor@example.com");
    const member = await idOf("member@example.com");
    // Only Owners may be break-glass.
    const wrong = await putSettings({ ssoOnly: true, breakGlass: [member], domains: [] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain("breakGlass");
    expect((await putSettings({ ssoOnly: true, breakGlass: [glass, bare], domains: [] })).statusCode).toBe(
      200,
    );
    try {
      const refused = await passwordLogin("member@example.com");
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        "This team signs in with single sign-on only. Use the single sign-on button.",
      );
      // The refusal of a correct password is a Sign-ins entry of History, naming the member.
      expect((await signInEntries())[0]).toMatchObject({
        admin: "member@example.com",
        action: "refuse",
        after: { signIn: "password", reason: "sso-only" },
      });
      // An Owner who is not break-glass is a member like the others.
      expect((await passwordLogin(ADMIN.email, ADMIN.password)).statusCode).toBe(403);
      // Break-glass: password and second factor.
      expect((await passwordLogin("glass@example.com")).json()).toMatchObject({ status: "second-factor" });
      expect((await passwordLogin("glass-nofactor@example.com")).statusCode).toBe(403);
      // No reset code is mailed to an SSO-only member.
      const before = t.mails.length;
      const otp = await t.inject({
        method: "POST",
        url: "/api/v1/auth/get-otp",
        payload: { email: "member@example.com" },
        remoteAddress: fresh(),
      });
      expect(otp.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(t.mails.length).toBe(before);
      // A passkey alone is refused to members too; an invitation is accepted through the provider only.
      const passkey = await passkeySignIn(memberKey);
      expect(passkey.statusCode).toBe(403);
      expect(passkey.json().message).toBe(refused.json().message);
      const joined = await t.inject({
        method: "POST",
        url: `/api/v1/team/invitations/${invitationToken}/accept`,
        payload: { password: PASSWORD },
      });
      expect(joined.statusCode).toBe(403);
      expect(joined.json().message).toContain("single sign-on only");
      // The provider still signs the member in.
      expect((await ssoSignIn("member@example.com")).answer!.statusCode).toBe(200);
    } finally {
      expect((await putSettings(noSso)).statusCode).toBe(200);
    }
    expect((await passwordLogin("member@example.com")).statusCode).toBe(200);
  });
});

describe("groups", () => {
  it("maps the provider's groups to level and sites; as source of truth it sets them and refuses manual changes", async () => {
    const added = await t.as(owner, {
      method: "POST",
      url: "/api/v1/team/sso/providers",
      payload: {
        label: "Groups ID",
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        groupRules: [
          { group: "bo-editors", level: "editor", sites: ["movies"] },
          { group: "bo-viewers", level: "viewer", sites: ["apkw"] },
        ],
        groupsAuthoritative: true,
      },
    });
    expect(added.statusCode).toBe(201);
    const provider = added.json().data.id as string;
    const team = async () =>
      (await t.as(owner, { method: "GET", url: "/api/v1/team" })).json().data as {
        _id: string;
        email: string;
        level: string;
        sites: string[] | null;
      }[];
    try {
      // A joiner of an allowed domain gets the groups' access rather than the domain's default.
      await putSettings({
        ...noSso,
        domains: [{ domain: "groups.example", level: "viewer", sites: ["sportbn"] }],
      });
      const joined = await ssoSignIn("new@groups.example", {
        groups: ["bo-viewers", "bo-editors"],
        provider,
      });
      expect(joined.answer!.statusCode).toBe(200);
      expect((await team()).find((row) => row.email === "new@groups.example")).toMatchObject({
        level: "editor",
        sites: ["movies"],
      });
      // An existing member's access follows the groups at each sign-in.
      await t.createUser("grouped@example.com", PASSWORD, "admin", { level: "viewer", sites: ["sportbn"] });
      await ssoSignIn("grouped@example.com", { groups: ["bo-viewers"], provider });
      const member = (await team()).find((row) => row.email === "grouped@example.com")!;
      expect(member).toMatchObject({ level: "viewer", sites: ["apkw"] });
      const manual = await t.as(owner, {
        method: "PATCH",
        url: `/api/v1/team/members/${member._id}`,
        payload: { level: "editor", sites: null },
      });
      expect(manual.statusCode).toBe(409);
      expect(manual.json().message).toBe(
        "The access of grouped@example.com comes from Groups ID's groups. Change their groups at the provider.",
      );
      // Switched off, Owners set levels again.
      const off = await t.as(owner, {
        method: "PATCH",
        url: `/api/v1/team/sso/providers/${provider}`,
        payload: { groupsAuthoritative: false },
      });
      expect(off.json().data).toMatchObject({ groupsAuthoritative: false, groupRules: expect.any(Array) });
      const again = await t.as(owner, {
        method: "PATCH",
        url: `/api/v1/team/members/${member._id}`,
        payload: { level: "editor", sites: null },
      });
      expect(again.statusCode).toBe(200);
      // The Group rules dialog's whole change: an empty extra scope clears it.
      const rules = {
        groupRules: [{ group: "bo-viewers", level: "viewer", sites: null }],
        groupsClaim: "roles",
        groupsAuthoritative: false,
      };
      const scoped = await t.as(owner, {
        method: "PATCH",
        url: `/api/v1/team/sso/providers/${provider}`,
        payload: { ...rules, groupsScope: "groups" },
      });
      expect(scoped.json().data).toMatchObject({ ...rules, groupsScope: "groups" });
      const cleared = await t.as(owner, {
        method: "PATCH",
        url: `/api/v1/team/sso/providers/${provider}`,
        payload: { ...rules, groupsScope: "" },
      });
      expect(cleared.json().data).toMatchObject({ ...rules, groupsScope: null });
      // The dialog's own body for an empty field (its form's output) and the answer's value: null.
      await t.as(owner, {
        method: "PATCH",
        url: `/api/v1/team/sso/providers/${provider}`,
        payload: { ...rules, groupsScope: "groups" },
      });
      const nulled = await t.as(owner, {
        method: "PATCH",
        url: `/api/v1/team/sso/providers/${provider}`,
        payload: { ...rules, groupsScope: null },
      });
      expect(nulled.statusCode).toBe(200);
      expect(nulled.json().data).toMatchObject({ ...rules, groupsScope: null });
    } finally {
      await putSettings(noSso);
      await t.as(owner, { method: "DELETE", url: `/api/v1/team/sso/providers/${provider}` });
    }
  });
});

describe("attacks", () => {
  it("refuses a replayed state, a replayed code and a callback from another browser", async () => {
    idp.accounts.set("replay", { email: ADMIN.email, email_verified: true });
    const first = await atProvider("replay");
    expect((await callback(first.path, first.browser)).code).toBeDefined();
    expect(await callback(first.path, first.browser)).toEqual({ error: "expired" });
    // The used code with the state of a new sign-in of the same browser: the provider refuses it.
    const second = await start();
    const secondState = new URL(second.headers.location as string).searchParams.get("state")!;
    const code = new URLSearchParams(first.path.split("?")[1]).get("code")!;
    const replay = `/api/v1/auth/oidc/callback?${new URLSearchParams({ code, state: secondState, iss: idp.issuer })}`;
    expect(await callback(replay, cookieOf(second.headers["set-cookie"]))).toEqual({ error: "failed" });
    // A link carrying someone's code and state, opened in another browser (login CSRF).
    const third = await atProvider("replay");
    expect(
      await callback(third.path, "bo_sso=another-browser-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
    ).toEqual({
      error: "expired",
    });
    const fourth = await atProvider("replay");
    const noCookie = await t.inject({ method: "GET", url: fourth.path });
    expect(landingOf(noCookie.headers.location)).toEqual({ error: "expired" });
  });

  it("redirects to PUBLIC_URL's callback whatever Host the request names", async () => {
    const answer = await t.inject({
      method: "GET",
      url: "/api/v1/auth/oidc/start?provider=env",
      headers: { host: "evil.example", "x-forwarded-host": "evil.example" },
    });
    expect(new URL(answer.headers.location as string).searchParams.get("redirect_uri")).toBe(REDIRECT);
  });

  it("refuses ID tokens of another issuer or audience, alg none, expired, not yet valid or with a wrong nonce", async () => {
    const added = await t.as(owner, {
      method: "POST",
      url: "/api/v1/team/sso/providers",
      payload: {
        label: "Forger",
        issuer: forger.issuer,
        clientId: forger.clientId,
        clientSecret: forger.clientSecret,
      },
    });
    expect(added.statusCode).toBe(201);
    expect(JSON.stringify(added.json())).not.toContain(forger.clientSecret);
    const id = added.json().data.id as string;
    forger.email = ADMIN.email;
    const attempt = async (forgery: Forgery) => {
      forger.forgery = forgery;
      const started = await start(id);
      const authorize = await fetch(started.headers.location as string, { redirect: "manual" });
      const back = authorize.headers.get("location")!;
      return callback(back.slice(PUBLIC_URL.length), cookieOf(started.headers["set-cookie"]));
    };
    // The control: a sound token signs in.
    expect((await attempt("none")).code).toBeDefined();
    for (const forgery of [
      "other-issuer",
      "other-audience",
      "alg-none",
      "expired",
      "not-yet-valid",
      "wrong-nonce",
    ] as const)
      expect({ forgery, landing: await attempt(forgery) }).toEqual({ forgery, landing: { error: "failed" } });
    const settings = await t.as(owner, { method: "GET", url: "/api/v1/team/sso" });
    expect(JSON.stringify(settings.json())).not.toContain(forger.clientSecret);
    expect(
      (await t.as(owner, { method: "DELETE", url: `/api/v1/team/sso/providers/${id}` })).statusCode,
    ).toBe(200);
  });

  it("says clearly when the provider is down, and password sign-in still works", async () => {
    const added = await t.as(owner, {
      method: "POST",
      url: "/api/v1/team/sso/providers",
      payload: { label: "Down", issuer: "http://127.0.0.1:9/", clientId: "c", clientSecret: "s" },
    });
    const id = added.json().data.id as string;
    const answer = await t.inject({ method: "GET", url: `/api/v1/auth/oidc/start?provider=${id}` });
    expect(answer.statusCode).toBe(302);
    expect(landingOf(answer.headers.location)).toEqual({ error: "unavailable" });
    expect((await passwordLogin(ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    await t.as(owner, { method: "DELETE", url: `/api/v1/team/sso/providers/${id}` });
  });

  it("answers bad input with a 4xx naming the field, never a 5xx", async () => {
    const noProvider = await t.inject({ method: "GET", url: "/api/v1/auth/oidc/start" });
    expect(noProvider.statusCode).toBe(400);
    expect(noProvider.json().message).toContain("provider");
    const unknown = await t.inject({ method: "GET", url: "/api/v1/auth/oidc/start?provider=nope" });
    expect(landingOf(unknown.headers.location)).toEqual({ error: "unknown-provider" });
    const junk = await t.inject({ method: "GET", url: "/api/v1/auth/oidc/callback?code=x&state=y" });
    expect(landingOf(junk.headers.location)).toEqual({ error: "expired" });
    const bare = await t.inject({ method: "GET", url: "/api/v1/auth/oidc/callback" });
    expect(landingOf(bare.headers.location)).toEqual({ error: "expired" });
    const badCode = await t.inject({
      method: "POST",
      url: "/api/v1/auth/oidc/exchange",
      payload: { code: "x" },
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toContain("code");
    const badIssuer = await t.as(owner, {
      method: "POST",
      url: "/api/v1/team/sso/providers",
      payload: { label: "X", issuer: "ftp://x", clientId: "c", clientSecret: "s" },
    });
    expect(badIssuer.statusCode).toBe(400);
    expect(badIssuer.json().message).toContain("issuer");
    const badDomain = await putSettings({
      ...noSso,
      domains: [{ domain: "not a domain", level: "viewer", sites: null }],
    });
    expect(badDomain.statusCode).toBe(400);
    expect(badDomain.json().message).toContain("domain");
  });

  it("keeps the settings to Owners", async () => {
    await t.createUser("editor@example.com", PASSWORD, "admin", { level: "editor", sites: null });
    const editor = await t.login("editor@example.com", PASSWORD);
    expect((await t.as(editor, { method: "GET", url: "/api/v1/team/sso" })).statusCode).toBe(403);
    expect((await t.inject({ method: "GET", url: "/api/v1/team/sso" })).statusCode).toBe(401);
  });
});
