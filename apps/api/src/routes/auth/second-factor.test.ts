import { generate } from "otplib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ADMIN, buildTestApp, type TestApp } from "../../../test/helpers.ts";
import { softAuthenticator } from "../../../test/passkeys.ts";

// Second factor (docs/PRODUCT-RULES.md#second-factor): codes are computed from the secret the
// set-up answers, as an authenticator app does. Date is faked so that every code falls in a known
// 30-second step.
let t: TestApp;
let address = 1;
const fresh = () => `10.9.${Math.floor(address / 250)}.${address++ % 250}`;
const post = (url: string, payload: object, remoteAddress = fresh()) =>
  t.inject({ method: "POST", url, payload, remoteAddress });
// A second into a step a minute ahead (the clock only moves forward from the app's start).
const STEP_START = Math.ceil((Date.now() + 60_000) / 30_000) * 30_000 + 1_000;
const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

function at(ms: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(ms);
}

/** A member with TOTP on: their token, secret and recovery codes (set up at `STEP_START`). */
async function memberWithTotp(email: string) {
  at(STEP_START);
  await t.createUser(email, "Member-pass-1");
  const token = await t.login(email, "Member-pass-1");
  const setup = await t.as(token, { method: "POST", url: "/api/v1/auth/totp/setup" });
  const { secret } = setup.json().data;
  const confirm = await t.as(token, {
    method: "POST",
    url: "/api/v1/auth/totp/confirm",
    payload: { code: await codeAt(secret, STEP_START) },
  });
  expect(confirm.statusCode).toBe(200);
  return { token, secret, recoveryCodes: confirm.json().data.recoveryCodes as string[] };
}

describe("TOTP set-up", () => {
  it("answers a secret, its otpauth URI and a QR code, and takes effect only once a code confirms it", async () => {
    at(STEP_START);
    await t.createUser("setup@example.com", "Member-pass-1");
    const token = await t.login("setup@example.com", "Member-pass-1");
    const setup = await t.as(token, { method: "POST", url: "/api/v1/auth/totp/setup" });
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qrSvg } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/Back-office:setup%40example.com?secret=${secret}&issuer=Back-office`);
    expect(qrSvg).toMatch(/^<svg/);

    // Not on yet: signing in needs no code.
    expect(
      (await post("/api/v1/auth/login", { email: "setup@example.com", password: "Member-pass-1" })).json(),
    ).toMatchObject({ status: "success" });

    const wrong = await t.as(token, {
      method: "POST",
      url: "/api/v1/auth/totp/confirm",
      payload: { code: "000000" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("Invalid code");
    const badShape = await t.as(token, {
      method: "POST",
      url: "/api/v1/auth/totp/confirm",
      payload: { code: "12" },
    });
    expect(badShape.statusCode).toBe(400);
    expect(badShape.json().errors[0]).toEqual({
      path: "code",
      message: "code must be a 6-digit code",
      code: "invalid_format",
    });

    const confirm = await t.as(token, {
      method: "POST",
      url: "/api/v1/auth/totp/confirm",
      payload: { code: await codeAt(secret, STEP_START) },
    });
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const status = await t.as(token, { method: "GET", url: "/api/v1/auth/second-factor" });
    expect(status.json().data).toEqual({
      totp: true,
      recoveryCodesLeft: 10,
      passkeys: [],
      required: false,
      setupNeeded: false,
      canRequire: true,
      // The first admin has no factor.
      membersWithout: 1,
    });
    // The secret is never in History.
    const rows = await t.app.db.query<{ text: string }>(
      "select coalesce(after::text, '') as text from audit_log",
    );
    expect(rows.some((row) => row.text.includes(secret))).toBe(false);
  });
});

describe("sign-in with a second factor", () => {
  it("asks for a code after the password, refuses a used code and signs in with the next one", async () => {
    const { secret } = await memberWithTotp("coder@example.com");
    const login = await post("/api/v1/auth/login", { email: "coder@example.com", password: "Member-pass-1" });
    expect(login.statusCode).toBe(200);
    const step = login.json();
    expect(step).toEqual({
      status: "second-factor",
      data: { challenge: expect.any(String), totp: true, passkeys: false },
      message: "Enter the code from your authenticator app",
    });
    const { challenge } = step.data;

    // The code that confirmed the set-up is of this step: used already, refused.
    const replay = await post("/api/v1/auth/login/second-factor", {
      challenge,
      code: await codeAt(secret, STEP_START),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe("This code was already used. Wait for the next one.");

    at(STEP_START + 30_000);
    const ok = await post("/api/v1/auth/login/second-factor", {
      challenge,
      code: await codeAt(secret, STEP_START + 30_000),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      status: "success",
      data: { user: { email: "coder@example.com", role: "admin" }, token: expect.any(String) },
      message: "Login successful",
    });
    const me = await t.as(ok.json().data.token, { method: "GET", url: "/api/v1/auth/second-factor" });
    expect(me.statusCode).toBe(200);

    // The challenge was single use.
    const again = await post("/api/v1/auth/login/second-factor", {
      challenge,
      code: await codeAt(secret, STEP_START + 60_000),
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe("The sign-in has expired. Please sign in again.");
  });

  it("takes each recovery code once", async () => {
    const { recoveryCodes } = await memberWithTotp("recover@example.com");
    const challengeOf = async () =>
      (await post("/api/v1/auth/login", { email: "recover@example.com", password: "Member-pass-1" })).json()
        .data.challenge;
    const first = await post("/api/v1/auth/login/second-factor", {
      challenge: await challengeOf(),
      recoveryCode: recoveryCodes[0]!.toUpperCase(),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().status).toBe("success");
    const reused = await post("/api/v1/auth/login/second-factor", {
      challenge: await challengeOf(),
      recoveryCode: recoveryCodes[0],
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe("Invalid recovery code");
    const none = await post("/api/v1/auth/login/second-factor", { challenge: "x" });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toEqual({
      path: "code",
      message: "code or recoveryCode is required (one of them)",
      code: "invalid",
    });
  });

  it("counts wrong codes per challenge and per account, which only password holders reach; a known device has its own", async () => {
    const { secret } = await memberWithTotp("target@example.com");
    const credentials = { email: "target@example.com", password: "Member-pass-1" };
    const member = "10.66.0.9";
    at(STEP_START + 30_000);
    const signedIn = await post("/api/v1/auth/login", credentials, member);
    const first = await post(
      "/api/v1/auth/login/second-factor",
      { challenge: signedIn.json().data.challenge, code: await codeAt(secret, STEP_START + 30_000) },
      member,
    );
    expect(first.statusCode).toBe(200);
    const cookie = String(first.headers["set-cookie"]).split(";")[0]!;

    // Someone with the password: a challenge dies after 5 wrong codes, the account stops them at 10.
    const attacker = "10.66.0.1";
    let challenge = (await post("/api/v1/auth/login", credentials, attacker)).json().data.challenge;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      if (i === 5 || i === 10)
        challenge = (await post("/api/v1/auth/login", credentials, attacker)).json().data.challenge;
      statuses.push(
        (await post("/api/v1/auth/login/second-factor", { challenge, code: "000000" })).statusCode,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    const ended = await post("/api/v1/auth/login/second-factor", {
      challenge: "x".repeat(43),
      code: "000000",
    });
    expect(ended.statusCode).toBe(401);

    // The member's browser, from a new network, is counted on its own and signs in.
    at(STEP_START + 60_000);
    const withCookie = (url: string, payload: object) =>
      t.inject({ method: "POST", url, payload, remoteAddress: fresh(), headers: { cookie } });
    const own = (await withCookie("/api/v1/auth/login", credentials)).json().data.challenge;
    const ok = await withCookie("/api/v1/auth/login/second-factor", {
      challenge: own,
      code: await codeAt(secret, STEP_START + 60_000),
    });
    expect(ok.statusCode).toBe(200);
  });

  it("still asks for the second factor after a forgotten password is reset", async () => {
    await memberWithTotp("forgot@example.com");
    vi.useRealTimers();
    const device = fresh();
    await post("/api/v1/auth/get-otp", { email: "forgot@example.com" }, device);
    await vi.waitFor(() => expect(t.mails.some((mail) => mail.to === "forgot@example.com")).toBe(true));
    const otp = t.mails.find((mail) => mail.to === "forgot@example.com")!.text.match(/code is (\d{6})/)![1];
    const reset = await post(
      "/api/v1/auth/forgot-password",
      {
        email: "forgot@example.com",
        otp,
        password: "New-pass-123",
      },
      device,
    );
    expect(reset.json()).toMatchObject({ status: "success" });
    const login = await post("/api/v1/auth/login", { email: "forgot@example.com", password: "New-pass-123" });
    expect(login.json().status).toBe("second-factor");
  });
});

describe("managing TOTP", () => {
  it("regenerates recovery codes with a code and turns off with the password and a code", async () => {
    const { token, secret, recoveryCodes } = await memberWithTotp("manage@example.com");
    at(STEP_START + 30_000);
    const noCode = await t.as(token, {
      method: "POST",
      url: "/api/v1/auth/totp/recovery-codes",
      payload: { code: "000000" },
    });
    expect(noCode.statusCode).toBe(400);
    const fresh = await t.as(token, {
      method: "POST",
      url: "/api/v1/auth/totp/recovery-codes",
      payload: { code: await codeAt(secret, STEP_START + 30_000) },
    });
    expect(fresh.statusCode).toBe(200);
    const newCodes = fresh.json().data.recoveryCodes as string[];
    expect(newCodes).toHaveLength(10);
    expect(newCodes).not.toContain(recoveryCodes[0]);

    at(STEP_START + 60_000);
    const code = await codeAt(secret, STEP_START + 60_000);
    const wrongPassword = await t.as(token, {
      method: "POST",
      url: "/api/v1/auth/totp/disable",
      payload: { password: "nope", code },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toBe("Password is incorrect");
    const off = await t.as(token, {
      method: "POST",
      url: "/api/v1/auth/totp/disable",
      payload: { password: "Member-pass-1", code },
    });
    expect(off.statusCode).toBe(200);
    const login = await post("/api/v1/auth/login", {
      email: "manage@example.com",
      password: "Member-pass-1",
    });
    expect(login.json().status).toBe("success");
  });
});

describe("an Owner requires a second factor for everyone", () => {
  it("is the Owner's switch, and a member without a factor can only set one up", async () => {
    await t.createUser("plain@example.com", "Member-pass-1");
    await t.app.db.query("update users set level = 'editor' where email = 'plain@example.com'");
    const plain = await t.login("plain@example.com", "Member-pass-1");
    const policy = (token: string, required: boolean) =>
      t.as(token, { method: "PUT", url: "/api/v1/auth/second-factor/policy", payload: { required } });

    expect((await policy(plain, true)).statusCode).toBe(403);
    const admin = await t.login();
    const ownerFirst = await policy(admin, true);
    expect(ownerFirst.statusCode).toBe(409);
    expect(ownerFirst.json().message).toBe("Set up a second factor for your own account first");

    const { token: owner, secret } = await memberWithTotp("owner2fa@example.com");
    vi.useRealTimers();
    expect((await policy(owner, true)).json()).toMatchObject({ status: "success", data: { required: true } });
    const [logged] = await t.app.db.query<{ actor_email: string; before: unknown; after: unknown }>(
      "select actor_email, before, after from audit_log where resource = 'team' and record_id = 'second-factor-rule'",
    );
    expect(logged).toMatchObject({
      actor_email: "owner2fa@example.com",
      before: { required: false },
      after: { name: "Second factor for everyone", required: true },
    });
    try {
      const blocked = await t.as(plain, { method: "GET", url: "/api/v1/apkw/apps" });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().message).toBe(
        "Set up a second factor before anything else: an Owner requires one for every member.",
      );
      const status = await t.as(plain, { method: "GET", url: "/api/v1/auth/second-factor" });
      expect(status.json().data).toMatchObject({ required: true, setupNeeded: true });
      // `/auth/me` stays open and says so; so does the CSRF token.
      const me = (token: string) => t.as(token, { method: "GET", url: "/api/v1/auth/me" });
      expect((await me(plain)).json().data.secondFactor).toEqual({
        enabled: false,
        required: true,
        setupNeeded: true,
      });
      expect((await t.as(plain, { method: "GET", url: "/api/v1/csrf" })).statusCode).toBe(200);
      const setup = await t.as(plain, { method: "POST", url: "/api/v1/auth/totp/setup" });
      expect(setup.statusCode).toBe(200);
      // The Owner with a factor works as before.
      expect((await t.as(owner, { method: "GET", url: "/api/v1/apkw/apps" })).statusCode).toBe(200);
      expect((await me(owner)).json().data.secondFactor).toEqual({
        enabled: true,
        required: true,
        setupNeeded: false,
      });
      // Their last factor cannot go while the rule holds.
      at(STEP_START + 90_000);
      const off = await t.as(owner, {
        method: "POST",
        url: "/api/v1/auth/totp/disable",
        payload: { password: "Member-pass-1", code: await codeAt(secret, STEP_START + 90_000) },
      });
      expect(off.statusCode).toBe(409);
      // Once the member's TOTP is on, the same session passes the gate on its next request.
      const confirm = await t.as(plain, {
        method: "POST",
        url: "/api/v1/auth/totp/confirm",
        payload: { code: await codeAt(setup.json().data.secret, STEP_START + 90_000) },
      });
      expect(confirm.statusCode).toBe(200);
      expect((await t.as(plain, { method: "GET", url: "/api/v1/apkw/apps" })).statusCode).toBe(200);
      expect((await me(plain)).json().data.secondFactor).toMatchObject({ enabled: true, setupNeeded: false });
      expect((await t.as(plain, { method: "POST", url: "/api/v1/auth/logout" })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
      await policy(owner, false);
    }
  });
});

describe("the members a required second factor would stop", () => {
  it("GET /auth/second-factor tells an Owner how many active members have none, and no one else", async () => {
    const { token: owner } = await memberWithTotp("counting-owner@example.com");
    vi.useRealTimers();
    const without = async (token = owner) =>
      (await t.as(token, { method: "GET", url: "/api/v1/auth/second-factor" })).json().data.membersWithout;
    const before = await without();
    expect(before).toBeGreaterThanOrEqual(1);

    // A new member without a factor counts; one with TOTP does not; a disabled one does not.
    await t.createUser("counted@example.com", "Member-pass-1", "admin", { level: "viewer", sites: null });
    expect(await without()).toBe(before + 1);
    const { token: viewer } = await memberWithTotp("factored@example.com");
    vi.useRealTimers();
    expect(await without()).toBe(before + 1);
    await t.app.db.query("update users set disabled_at = now() where email = 'counted@example.com'");
    expect(await without()).toBe(before);

    // Only an Owner is told: for anyone else the field is not there.
    await t.app.db.query("update users set level = 'viewer' where email = 'factored@example.com'");
    expect(await without(viewer)).toBeUndefined();
  });
});

describe("passkeys", () => {
  it("answers WebAuthn options for the host the browser used, and refuses an unknown challenge", async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const options = await t.as(token, {
      method: "POST",
      url: "/api/v1/auth/passkeys/register/options",
      headers: { host: "admin.example.test:8080" },
    });
    expect(options.statusCode).toBe(200);
    expect(options.json().data.options).toMatchObject({
      rp: { id: "admin.example.test", name: "Back-office" },
      user: { name: ADMIN.email },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    const signIn = await post("/api/v1/auth/passkeys/sign-in/options", {});
    expect(signIn.json().data.options).toMatchObject({
      challenge: expect.any(String),
      userVerification: "required",
    });

    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: "webauthn.get", challenge: "not-issued" }),
    ).toString("base64url");
    const forged = await post("/api/v1/auth/passkeys/sign-in", {
      response: { id: "abc", rawId: "abc", type: "public-key", response: { clientDataJSON } },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe("The passkey request has expired. Please try again.");
  });
});

describe("passkeys behind a Host that makes no address", () => {
  it.each(["a b", "[", "x:99999", "%zz"])(
    "answers 400 naming the header for Host %j, not 500",
    async (host) => {
      const message = "The Host header (or X-Forwarded-Host and X-Forwarded-Proto) is not a valid address";
      const signIn = await t.inject({
        method: "POST",
        url: "/api/v1/auth/passkeys/sign-in/options",
        headers: { host },
        payload: {},
      });
      expect([signIn.statusCode, signIn.json()]).toEqual([400, { status: "fail", message }]);
      const token = await t.login(ADMIN.email, ADMIN.password);
      const register = await t.as(token, {
        method: "POST",
        url: "/api/v1/auth/passkeys/register/options",
        headers: { host },
      });
      expect([register.statusCode, register.json()]).toEqual([400, { status: "fail", message }]);
    },
  );
});

describe("passkeys, with a software authenticator", () => {
  const host = { host: "localhost:8080" };
  const signInWith = async (key: ReturnType<typeof softAuthenticator>, origin?: string) => {
    const options = await t.inject({
      method: "POST",
      url: "/api/v1/auth/passkeys/sign-in/options",
      headers: host,
      payload: {},
    });
    const response = key.assert(options.json().data.options.challenge, origin);
    const answer = await t.inject({
      method: "POST",
      url: "/api/v1/auth/passkeys/sign-in",
      headers: host,
      payload: { response },
      remoteAddress: fresh(),
    });
    return { answer, response };
  };

  it("registers named passkeys, signs in with one alone, and refuses a replay, another origin and another member", async () => {
    await t.createUser("keys@example.com", "Member-pass-1");
    const token = await t.login("keys@example.com", "Member-pass-1");
    const key = softAuthenticator();
    const options = await t.as(token, {
      method: "POST",
      url: "/api/v1/auth/passkeys/register/options",
      headers: host,
    });
    const registered = await t.as(token, {
      method: "POST",
      url: "/api/v1/auth/passkeys",
      headers: host,
      payload: { name: "Work laptop", response: key.register(options.json().data.options.challenge) },
    });
    expect(registered.statusCode).toBe(200);
    expect(registered.json().data).toMatchObject({ name: "Work laptop", lastUsedAt: null });
    // A passkey alone is a second factor.
    const me = await t.as(token, { method: "GET", url: "/api/v1/auth/me" });
    expect(me.json().data.secondFactor).toEqual({ enabled: true, required: false, setupNeeded: false });
    const noName = await t.as(token, {
      method: "POST",
      url: "/api/v1/auth/passkeys",
      headers: host,
      payload: { name: " ", response: key.register("x") },
    });
    expect(noName.json().errors[0]).toEqual({ path: "name", message: "name is required", code: "required" });

    const { answer, response } = await signInWith(key);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: "success", data: { user: { email: "keys@example.com" } } });
    // The same assertion again: its challenge was used.
    const replay = await t.inject({
      method: "POST",
      url: "/api/v1/auth/passkeys/sign-in",
      headers: host,
      payload: { response },
    });
    expect(replay.json().message).toBe("The passkey request has expired. Please try again.");
    // Signed for another site (a phishing page relaying the challenge): refused.
    const phished = (await signInWith(key, "http://evil.example")).answer;
    expect(phished.statusCode).toBe(400);
    expect(phished.json().message).toBe("The passkey could not be verified. Please try again.");
    // An authenticator never registered here.
    const stranger = (await signInWith(softAuthenticator())).answer;
    expect(stranger.json().message).toBe("This passkey is not registered here");

    // A disabled member's passkey signs nobody in.
    await t.app.db.query("update users set disabled_at = now() where email = 'keys@example.com'");
    const disabled = (await signInWith(key)).answer;
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().message).toBe("Your account is disabled. Ask an Owner of your team to enable it.");
    await t.app.db.query("update users set disabled_at = null where email = 'keys@example.com'");

    // With a passkey, the password alone no longer signs in.
    const login = await post("/api/v1/auth/login", { email: "keys@example.com", password: "Member-pass-1" });
    expect(login.json().data).toMatchObject({ totp: false, passkeys: true });

    // Another member can neither rename nor remove it.
    const passkeyId = registered.json().data.id;
    const other = await t.login();
    const remove = await t.as(other, { method: "DELETE", url: `/api/v1/auth/passkeys/${passkeyId}` });
    expect(remove.statusCode).toBe(404);
    const rename = await t.as(token, {
      method: "PATCH",
      url: `/api/v1/auth/passkeys/${passkeyId}`,
      payload: { name: "Old laptop" },
    });
    expect(rename.json().data.name).toBe("Old laptop");
    const mine = await t.as(token, { method: "DELETE", url: `/api/v1/auth/passkeys/${passkeyId}` });
    expect(mine.json().message).toBe("Passkey removed");
  });
});
