import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ADMIN, buildTestApp, type TestApp } from "../../../test/helpers.ts";
import { codeIn, startSmtpServer } from "../../../test/smtp.ts";

const json = { "content-type": "application/json" };
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ SMTP_URL: smtp.url });
  await t.createUser("editor@example.com", "Editor-pass-1", "editor");
  await t.createUser("second@example.com", "Second-pass-1");
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
afterEach(() => {
  vi.useRealTimers();
});

// Each test uses its own client address so the per-address limits of one test do not leak into another.
let addressCounter = 1;
const freshAddress = () => `10.0.${Math.floor(addressCounter / 250)}.${addressCounter++ % 250}`;
const post = (url: string, payload: unknown, remoteAddress = freshAddress()) =>
  t.inject({ method: "POST", url, payload: payload as object, remoteAddress });
/** The `name=value` of the device cookie a completed sign-in sets (routes/auth/devices.ts). */
const deviceCookieOf = (answer: { headers: Record<string, unknown> }) =>
  String(answer.headers["set-cookie"]).split(";")[0]!;
/** A sign-in attempt, from a fresh client address unless one is given. */
const signIn = (payload: unknown, remoteAddress?: string) =>
  post("/api/v1/auth/login", payload, remoteAddress);

describe("POST /api/v1/auth/login", () => {
  it("answers the user, a token and the fixed message", async () => {
    const response = await signIn(ADMIN);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      status: "success",
      data: { user: { email: ADMIN.email, role: "admin" }, token: expect.any(String) },
      message: "Login successful",
    });
    // At least 128 random bits.
    expect(Buffer.from(body.data.token, "base64url").length).toBeGreaterThanOrEqual(16);
  });

  it("gives unknown emails and wrong passwords the same status and bytes", async () => {
    const wrong = await signIn({ email: ADMIN.email, password: "not-the-password" });
    const unknown = await signIn({
      email: "nobody@example.com",
      password: "not-the-password",
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toEqual({ status: "fail", message: "Invalid email or password" });
  });

  it("names the missing field", async () => {
    const noPassword = await signIn({ email: ADMIN.email });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toBe("password is required");
    const noEmail = await signIn({ password: "x" });
    expect(noEmail.json().message).toBe("email is required");
    const emptyEmail = await signIn({ email: "  ", password: "x" });
    expect(emptyEmail.statusCode).toBe(400);
  });

  it("rejects unknown fields (no mass assignment)", async () => {
    const response = await signIn({ ...ADMIN, role: "admin" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: "fail", message: "Unknown field: role" });
  });

  it("refuses other roles with the permission message", async () => {
    const response = await signIn({
      email: "editor@example.com",
      password: "Editor-pass-1",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      status: "fail",
      message: "You don't have permissions to access this dashboard.",
    });
  });

  it("backs off after 5 failures per account and address, whatever the letter case, spacing or path", async () => {
    await t.createUser("target@example.com", "Target-pass-1");
    const attacker = freshAddress();
    const variants = [
      "target@example.com",
      "TARGET@example.com",
      " Target@Example.com ",
      "target@EXAMPLE.com",
      "tArget@example.com",
    ];
    const fromAttacker = (payload: object) => signIn(payload, attacker);
    for (const email of variants) {
      const response = await fromAttacker({ email, password: "wrong-password" });
      expect(response.statusCode).toBe(401);
    }
    // Right password, same address, trailing slash: still refused until the window ends.
    const blocked = await post(
      "/api/v1/auth/login/",
      { email: "TARGET@example.com", password: "Target-pass-1" },
      attacker,
    );
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect(blocked.json().status).toBe("fail");
    const extraFields = await fromAttacker({ email: "target@example.com", password: "Target-pass-1", x: 1 });
    expect(extraFields.statusCode).toBe(400);
    const stillBlocked = await fromAttacker({ email: "target@example.com", password: "Target-pass-1" });
    expect(stillBlocked.statusCode).toBe(429);
  });

  it("caps password checks per account across addresses: 60 wrong passwords at once from 60 addresses, 10 checked", async () => {
    await t.createUser("victim@example.com", "Victim-pass-1");
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => signIn({ email: "victim@example.com", password: "guess-guess" })),
    );
    const checked = answers.filter((answer) => answer.statusCode === 401).length;
    const capped = answers.filter((answer) => answer.statusCode === 429);
    // The guessing rate is the cap (10 a minute, 0.17 a second), however fast the burst runs.
    expect(checked).toBe(10);
    expect(capped).toHaveLength(50);
    expect(capped[0]!.json()).toEqual({
      status: "fail",
      message: "Too many sign-in attempts on this account. Please wait a minute and try again.",
    });
    expect(Number(capped[0]!.headers["retry-after"])).toBeLessThanOrEqual(60);
  });

  it("the cap cannot lock the member out of an address they signed in from; a new address waits a minute", async () => {
    await t.createUser("besieged@example.com", "Besieged-pass-1");
    const home = freshAddress();
    expect(
      (await signIn({ email: "besieged@example.com", password: "Besieged-pass-1" }, home)).statusCode,
    ).toBe(200);
    // The attack uses up the account's minute: 9 left after the member's own sign-in, then refused.
    const attack = await Promise.all(
      Array.from({ length: 20 }, () => signIn({ email: "besieged@example.com", password: "guess-guess" })),
    );
    expect(attack.filter((answer) => answer.statusCode === 429).length).toBeGreaterThanOrEqual(10);
    // From home: not counted and not refused, again and again.
    for (let i = 0; i < 3; i++)
      expect(
        (await signIn({ email: "besieged@example.com", password: "Besieged-pass-1" }, home)).statusCode,
      ).toBe(200);
    // From a new address: refused for the rest of the minute (the trade-off, docs/decisions), then in.
    const elsewhere = freshAddress();
    const refused = await signIn({ email: "besieged@example.com", password: "Besieged-pass-1" }, elsewhere);
    expect(refused.statusCode).toBe(429);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(
      (await signIn({ email: "besieged@example.com", password: "Besieged-pass-1" }, elsewhere)).statusCode,
    ).toBe(200);
  });

  it("the cap counts wrong passwords only: right ones from new addresses give their check back", async () => {
    await t.createUser("traveller@example.com", "Traveller-pass-1");
    for (let i = 0; i < 12; i++)
      expect(
        (await signIn({ email: "traveller@example.com", password: "Traveller-pass-1" })).statusCode,
      ).toBe(200);
    const wrong = await Promise.all(
      Array.from({ length: 11 }, () => signIn({ email: "traveller@example.com", password: "guess-guess" })),
    );
    expect(wrong.map((answer) => answer.statusCode).sort()).toEqual([...Array(10).fill(401), 429]);
  });

  it("counts the cap under the address asked for, known or not: an unknown address is capped alike", async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        signIn({ email: "nobody-capped@example.com", password: "guess-guess" }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array(10).fill(401), 429, 429]);
  });

  it("backs off after 5 failures from one address across accounts", async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      const response = await signIn({ email: `guess${i}@example.com`, password: "nope-nope" }, address);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await signIn({ email: "second@example.com", password: "Second-pass-1" }, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers["retry-after"]).toBeDefined();
    const otherAddress = await signIn({
      email: "second@example.com",
      password: "Second-pass-1",
    });
    expect(otherAddress.statusCode).toBe(200);
  });

  it("lets the failure window pass after 15 minutes", async () => {
    await t.createUser("patient@example.com", "Patient-pass-1");
    const address = freshAddress();
    for (let i = 0; i < 5; i++) await signIn({ email: "patient@example.com", password: "bad-pass" }, address);
    expect(
      (await signIn({ email: "patient@example.com", password: "Patient-pass-1" }, address)).statusCode,
    ).toBe(429);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1000);
    expect((await signIn({ email: "patient@example.com", password: "Patient-pass-1" })).statusCode).toBe(200);
  });
});

describe("sign-in from a known device", () => {
  it("sets an HttpOnly, SameSite=Strict device cookie on the auth routes only", async () => {
    const answer = await signIn(ADMIN);
    expect(String(answer.headers["set-cookie"])).toMatch(
      /^bo_device=[A-Za-z0-9_-]{43}; Path=\/api\/v1\/auth; Max-Age=34560000; HttpOnly; SameSite=Strict$/,
    );
  });

  it("reserves each attempt before the hash check: 49 wrong passwords at once from one address, 5 checked", async () => {
    await t.createUser("rushed-login@example.com", "Rushed-login-1");
    const attacker = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 49 }, () =>
        signIn({ email: "rushed-login@example.com", password: "guess-guess" }, attacker),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(44);
  });

  it("is limited per device alone: a blocked office address and a full account cap do not stop it", async () => {
    await t.createUser("office@example.com", "Office-pass-1");
    const office = freshAddress();
    const first = await signIn({ email: "office@example.com", password: "Office-pass-1" }, office);
    const cookie = deviceCookieOf(first);
    // A colleague's typos block the office address; strangers fill the account's minute.
    for (let i = 0; i < 5; i++)
      await signIn({ email: `typo${i}@example.com`, password: "typo-typo" }, office);
    await Promise.all(
      Array.from({ length: 12 }, () => signIn({ email: "office@example.com", password: "guess-guess" })),
    );
    expect(
      (await signIn({ email: "office@example.com", password: "Office-pass-1" }, office)).statusCode,
    ).toBe(429);
    const fromDevice = (password: string, remoteAddress = office) =>
      t.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload: { email: "office@example.com", password },
        remoteAddress,
        headers: { cookie },
      });
    expect((await fromDevice("Office-pass-1")).statusCode).toBe(200);
    expect((await fromDevice("Office-pass-1", freshAddress())).statusCode).toBe(200);
    // The device has 5 wrong passwords of its own, then waits like anyone.
    for (let i = 0; i < 5; i++) expect((await fromDevice("wrong-wrong")).statusCode).toBe(401);
    expect((await fromDevice("Office-pass-1")).statusCode).toBe(429);
    // A cookie of another account's device, or a forged one, is a stranger's.
    const forged = await t.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email: "office@example.com", password: "Office-pass-1" },
      remoteAddress: office,
      headers: { cookie: `bo_device=${"a".repeat(43)}` },
    });
    expect(forged.statusCode).toBe(429);
  });
});

describe("sessions and CSRF", () => {
  it("GET /csrf needs a bearer token", async () => {
    const response = await t.inject({ method: "GET", url: "/api/v1/csrf" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: "fail", message: "No authentication token" });
  });

  it("refuses writes with a missing, wrong or other session's CSRF token", async () => {
    const token = await t.login();
    const otherToken = await t.login("second@example.com", "Second-pass-1");
    const profile = { email: ADMIN.email, password: "" };
    const put = (headers: Record<string, string>) =>
      t.inject({
        method: "PUT",
        url: "/api/v1/auth/me/edit-profile",
        payload: profile,
        headers: { authorization: `Bearer ${token}`, ...headers },
      });
    expect((await put({})).statusCode).toBe(403);
    expect((await put({ "x-csrf-token": "wrong" })).statusCode).toBe(403);
    expect((await put({ "x-csrf-token": await t.csrf(otherToken) })).statusCode).toBe(403);
    const ok = await put({ "x-csrf-token": await t.csrf(token) });
    expect(ok.statusCode).toBe(200);
  });

  it("logout revokes the token", async () => {
    const token = await t.login();
    const logout = await t.as(token, { method: "POST", url: "/api/v1/auth/logout", headers: json });
    expect(logout.statusCode).toBe(200);
    const after = await t.inject({
      method: "GET",
      url: "/api/v1/csrf",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
    // Ended by a sign-out, not by time: its 401 says so (the expiry's message is for expiry).
    expect(after.json().message).toBe("You were signed out. Please sign in again.");
  });

  it("expires a session 12 hours after sign-in", async () => {
    const token = await t.login();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 12 * 60 * 60_000 - 60_000);
    expect(
      (await t.inject({ method: "GET", url: "/api/v1/csrf", headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect(
      (await t.inject({ method: "GET", url: "/api/v1/csrf", headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(401);
  });
});

describe("forgot password", () => {
  it("sends a code by SMTP, verifies it, resets the password, revokes sessions and mails a notice", async () => {
    await t.createUser("forgetful@example.com", "Old-pass-123");
    const oldToken = await t.login("forgetful@example.com", "Old-pass-123");
    const seen = smtp.messages.filter((m) => m.to.includes("forgetful@example.com")).length;
    // The three steps come from one browser, so from one address (the code's pair).
    const device = freshAddress();
    const sent = await post("/api/v1/auth/get-otp", { email: "forgetful@example.com" }, device);
    expect(sent.json()).toEqual({ status: "success", message: "OTP code has been sent to your email" });
    const code = codeIn(await smtp.waitFor("forgetful@example.com", seen));

    const verified = await post(
      "/api/v1/auth/verify-otp",
      { email: "forgetful@example.com", otp: code },
      device,
    );
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ status: "success", message: "OTP verified successfully" });

    const reset = await post(
      "/api/v1/auth/forgot-password",
      { email: "forgetful@example.com", otp: code, password: "New-pass-456" },
      device,
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: "success", message: "Password reset successfully" });

    const notice = await smtp.waitFor("forgetful@example.com", seen + 1);
    expect(notice.raw).toContain("Your password was changed");
    expect(
      (
        await t.inject({
          method: "GET",
          url: "/api/v1/csrf",
          headers: { authorization: `Bearer ${oldToken}` },
        })
      ).statusCode,
    ).toBe(401);
    expect((await signIn({ email: "forgetful@example.com", password: "Old-pass-123" })).statusCode).toBe(401);
    await t.login("forgetful@example.com", "New-pass-456");
    // History has the reset under Profile, as made by the account itself.
    const history = await t.as(await t.login(), {
      method: "GET",
      url: "/api/v1/apkw/history?resource=profile&admin=forgetful@example.com",
    });
    expect(history.json().data[0]).toMatchObject({
      admin: "forgetful@example.com",
      resource: "profile",
      action: "update",
      site: null,
      after: expect.objectContaining({ passwordHash: "(changed)" }),
    });

    // Single use.
    const reuse = await post(
      "/api/v1/auth/forgot-password",
      { email: "forgetful@example.com", otp: code, password: "Third-pass-789" },
      device,
    );
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ status: "fail", message: "Invalid OTP code" });
  });

  /** A code asked for from `address`: checked from the same address (its pair) unless a test says otherwise. */
  async function requestCode(email: string, address: string) {
    const seen = smtp.messages.filter((m) => m.to.includes(email)).length;
    expect((await post("/api/v1/auth/get-otp", { email }, address)).statusCode).toBe(200);
    return codeIn(await smtp.waitFor(email, seen));
  }
  const verifyStatus = async (email: string, otp: string, address: string) =>
    (await post("/api/v1/auth/verify-otp", { email, otp }, address)).statusCode;

  it("answers known and unknown addresses byte for byte alike", async () => {
    const known = await post("/api/v1/auth/get-otp", { email: "second@example.com" });
    const unknown = await post("/api/v1/auth/get-otp", { email: "ghost@example.com" });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const knownCheck = await post("/api/v1/auth/verify-otp", { email: "second@example.com", otp: "000000" });
    const unknownCheck = await post("/api/v1/auth/verify-otp", { email: "ghost@example.com", otp: "000000" });
    expect(unknownCheck.body).toBe(knownCheck.body);
  });

  it("expires a code after 10 minutes", async () => {
    await t.createUser("slow@example.com", "Slow-pass-123");
    const device = freshAddress();
    const code = await requestCode("slow@example.com", device);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1000);
    expect(await verifyStatus("slow@example.com", code, device)).toBe(400);
  });

  it("kills a code after 5 wrong tries", async () => {
    await t.createUser("fumble@example.com", "Fumble-pass-1");
    const device = freshAddress();
    const code = await requestCode("fumble@example.com", device);
    const wrong = code === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++) expect(await verifyStatus("fumble@example.com", wrong, device)).toBe(400);
    expect(await verifyStatus("fumble@example.com", code, device)).toBe(400);
  });

  it("binds a code to its email and cancels the old code when a new one is sent", async () => {
    await t.createUser("alpha@example.com", "Alpha-pass-1");
    await t.createUser("beta@example.com", "Beta-pass-12");
    const device = freshAddress();
    const first = await requestCode("alpha@example.com", device);
    await requestCode("beta@example.com", device);
    expect(await verifyStatus("beta@example.com", first, device)).toBe(400);
    const second = await requestCode("alpha@example.com", device);
    if (first !== second) expect(await verifyStatus("alpha@example.com", first, device)).toBe(400);
    expect(await verifyStatus("alpha@example.com", second, device)).toBe(200);
  });

  it("checks a code only from the address that asked for it", async () => {
    await t.createUser("bound@example.com", "Bound-pass-12");
    const device = freshAddress();
    const code = await requestCode("bound@example.com", device);
    expect(await verifyStatus("bound@example.com", code, freshAddress())).toBe(400);
    expect(await verifyStatus("bound@example.com", code, device)).toBe(200);
  });

  it("allows at most 3 codes per account and address pair per 15 minutes, for unknown addresses too", async () => {
    for (const email of ["limited@example.com", "unknown-limited@example.com"]) {
      if (email === "limited@example.com") await t.createUser(email, "Limited-pass-1");
      const device = freshAddress();
      for (let i = 0; i < 3; i++)
        expect((await post("/api/v1/auth/get-otp", { email }, device)).statusCode).toBe(200);
      const fourth = await post("/api/v1/auth/get-otp", { email: email.toUpperCase() }, device);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.headers["retry-after"]).toBeDefined();
      expect((await post("/api/v1/auth/get-otp", { email })).statusCode).toBe(200);
    }
  });

  it("requests and wrong checks from elsewhere neither block nor cancel the member's own code", async () => {
    await t.createUser("owner-reset@example.com", "Owner-reset-1");
    // Strangers who know the address: three requests from three addresses, ten wrong checks from others.
    for (let i = 0; i < 3; i++)
      expect((await post("/api/v1/auth/get-otp", { email: "owner-reset@example.com" })).statusCode).toBe(200);
    await smtp.waitFor("owner-reset@example.com", 2);
    for (let i = 0; i < 10; i++)
      expect(await verifyStatus("owner-reset@example.com", "000000", freshAddress())).toBe(400);
    // The member, from a new address, gets a working code; later requests from elsewhere leave it open.
    const home = freshAddress();
    const code = await requestCode("owner-reset@example.com", home);
    await requestCode("owner-reset@example.com", freshAddress());
    expect(await verifyStatus("owner-reset@example.com", code, home)).toBe(200);
    const reset = await post(
      "/api/v1/auth/forgot-password",
      { email: "owner-reset@example.com", otp: code, password: "Owner-reset-2" },
      home,
    );
    expect(reset.statusCode).toBe(200);
  });

  it("takes a code's try before comparing it: 15 wrong checks at once test 5, and the code is closed", async () => {
    await t.createUser("rushed@example.com", "Rushed-pass-1");
    const device = freshAddress();
    const code = await requestCode("rushed@example.com", device);
    const wrong = code === "123456" ? "654321" : "123456";
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => verifyStatus("rushed@example.com", wrong, device)),
    );
    expect(answers).toEqual(Array(15).fill(400));
    const [row] = await t.app.db.query<{ tries: number; closed: boolean }>(
      `select failed_attempts as tries, closed_at is not null as closed from otp_codes o
       join users u on u.id = o.user_id where u.email = 'rushed@example.com'`,
    );
    expect(row).toEqual({ tries: 5, closed: true });
    expect(await verifyStatus("rushed@example.com", code, device)).toBe(400);
  });

  it("mails at most 5 codes an hour to an account for unknown devices, with the same answer past it; a known device has its own", async () => {
    await t.createUser("bombed@example.com", "Bombed-pass-1");
    const member = freshAddress();
    const signedIn = await post(
      "/api/v1/auth/login",
      { email: "bombed@example.com", password: "Bombed-pass-1" },
      member,
    );
    const cookie = deviceCookieOf(signedIn);
    const before = smtp.messages.filter((m) => m.to.includes("bombed@example.com")).length;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => post("/api/v1/auth/get-otp", { email: "bombed@example.com" })),
    );
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).size).toBe(1);
    await smtp.waitFor("bombed@example.com", before + 4);
    // The member's browser, from a new network, still gets its code.
    const travelling = freshAddress();
    const own = await t.inject({
      method: "POST",
      url: "/api/v1/auth/get-otp",
      payload: { email: "bombed@example.com" },
      remoteAddress: travelling,
      headers: { cookie },
    });
    expect(own.body).toBe(answers[0]!.body);
    const code = codeIn(await smtp.waitFor("bombed@example.com", before + 5));
    expect(await verifyStatus("bombed@example.com", code, travelling)).toBe(200);
    expect(smtp.messages.filter((m) => m.to.includes("bombed@example.com")).length).toBe(before + 6);
  });

  it("accepts only a 6-digit string as the code", async () => {
    for (const otp of [123456, { $gt: "" }, ["123456"], "12345", "1234567", "12345a", null]) {
      const response = await post("/api/v1/auth/verify-otp", { email: "second@example.com", otp });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("otp must be a 6-digit code");
    }
  });

  it("requires a new password of at least 8 characters", async () => {
    const response = await post("/api/v1/auth/forgot-password", {
      email: "second@example.com",
      otp: "123456",
      password: "short",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Password must be at least 8 characters long");
  });
});

describe("PUT /api/v1/auth/me/edit-profile", () => {
  it("changes the email only once the code mailed to the new address is entered; keeps the password when empty", async () => {
    await t.createUser("mover@example.com", "Mover-pass-1");
    const token = await t.login("mover@example.com", "Mover-pass-1");
    const seen = smtp.messages.filter((m) => m.to.includes("moved@example.com")).length;
    const moved = await t.as(token, {
      method: "PUT",
      url: "/api/v1/auth/me/edit-profile",
      payload: { email: "moved@example.com", password: "", currentPassword: "Mover-pass-1" },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({
      status: "success",
      data: { user: { email: "mover@example.com", role: "admin" }, pendingEmail: "moved@example.com" },
      message: "Enter the code we sent to moved@example.com to change your email.",
    });
    // Not yet: the old address still signs in, the new one does not.
    expect((await signIn({ email: "moved@example.com", password: "Mover-pass-1" })).statusCode).toBe(401);
    const code = codeIn(await smtp.waitFor("moved@example.com", seen));
    const confirm = (otp: string) =>
      t.as(token, { method: "POST", url: "/api/v1/auth/me/email/confirm", payload: { code: otp } });
    const wrong = await confirm(code === "123456" ? "654321" : "123456");
    expect(wrong.json()).toEqual({
      status: "fail",
      message: "The code is wrong or has expired. Save the new email again for a new code.",
    });
    const badShape = await confirm("12ab");
    expect(badShape.statusCode).toBe(400);
    expect(badShape.json().errors[0]).toEqual({
      path: "code",
      message: "code must be a 6-digit code",
      code: "invalid_format",
    });
    const confirmed = await confirm(code);
    expect(confirmed.json()).toEqual({
      status: "success",
      data: { user: { email: "moved@example.com", role: "admin" }, pendingEmail: null },
      message: "Email changed successfully",
    });
    expect((await confirm(code)).json().message).toBe(
      "There is no email change waiting for a code. Save the new email first.",
    );
    await t.login("moved@example.com", "Mover-pass-1");
    const notice = await smtp.waitFor("mover@example.com", 0);
    expect(notice.raw).toContain("Your email address was changed");

    const short = await t.as(token, {
      method: "PUT",
      url: "/api/v1/auth/me/edit-profile",
      payload: { email: "moved@example.com", password: "short" },
    });
    expect(short.statusCode).toBe(400);
    const noAt = await t.as(token, {
      method: "PUT",
      url: "/api/v1/auth/me/edit-profile",
      payload: { email: "moved", password: "" },
    });
    expect(noAt.statusCode).toBe(400);
    const taken = await t.as(token, {
      method: "PUT",
      url: "/api/v1/auth/me/edit-profile",
      payload: { email: "SECOND@example.com", password: "", currentPassword: "Mover-pass-1" },
    });
    expect(taken.statusCode).toBe(409);
  });

  it("refuses an address with a pending invitation, at the save and at the code, and closes a code after 5 wrong tries", async () => {
    await t.createUser("claimer@example.com", "Claimer-pass-1");
    const token = await t.login("claimer@example.com", "Claimer-pass-1");
    const owner = await t.login();
    const invite = (email: string) =>
      t.as(owner, {
        method: "POST",
        url: "/api/v1/team/invitations",
        payload: { email, level: "viewer", sites: null },
      });
    expect((await invite("invitee@example.com")).statusCode).toBeLessThan(300);
    const save = (email: string) =>
      t.as(token, {
        method: "PUT",
        url: "/api/v1/auth/me/edit-profile",
        payload: { email, password: "", currentPassword: "Claimer-pass-1" },
      });
    const refused = await save("Invitee@example.com");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This address has a pending invitation. Ask an Owner to revoke it first.",
    );
    // Invited while the code was on its way: the code no longer takes it.
    const seen = smtp.messages.filter((m) => m.to.includes("later-invitee@example.com")).length;
    expect((await save("later-invitee@example.com")).statusCode).toBe(200);
    const code = codeIn(await smtp.waitFor("later-invitee@example.com", seen));
    expect((await invite("later-invitee@example.com")).statusCode).toBeLessThan(300);
    const late = await t.as(token, {
      method: "POST",
      url: "/api/v1/auth/me/email/confirm",
      payload: { code },
    });
    expect(late.statusCode).toBe(409);
    // Five wrong codes close the change.
    const seenOther = smtp.messages.filter((m) => m.to.includes("elsewhere@example.com")).length;
    expect((await save("elsewhere@example.com")).statusCode).toBe(200);
    const right = codeIn(await smtp.waitFor("elsewhere@example.com", seenOther));
    const wrongCode = right === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++)
      await t.as(token, {
        method: "POST",
        url: "/api/v1/auth/me/email/confirm",
        payload: { code: wrongCode },
      });
    const closed = await t.as(token, {
      method: "POST",
      url: "/api/v1/auth/me/email/confirm",
      payload: { code: right },
    });
    expect(closed.statusCode).toBe(400);
    const me = await t.as(token, { method: "GET", url: "/api/v1/auth/me" });
    expect(me.json().data.user.email).toBe("claimer@example.com");
  });

  it("a password change signs out the user's other sessions but not this one", async () => {
    await t.createUser("changer@example.com", "Changer-pass-1");
    const current = await t.login("changer@example.com", "Changer-pass-1");
    const other = await t.login("changer@example.com", "Changer-pass-1");
    const changed = await t.as(current, {
      method: "PUT",
      url: "/api/v1/auth/me/edit-profile",
      payload: {
        email: "changer@example.com",
        password: "Changed-pass-2",
        currentPassword: "Changer-pass-1",
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.as(current, { method: "GET", url: "/api/v1/csrf" })).statusCode).toBe(200);
    expect((await t.as(other, { method: "GET", url: "/api/v1/csrf" })).statusCode).toBe(401);
    await t.login("changer@example.com", "Changed-pass-2");
  });
});

describe("PUT /api/v1/auth/me/edit-profile needs the current password", () => {
  it("refuses a password or email change without it or with a wrong one, and counts the failures", async () => {
    await t.createUser("careful@example.com", "Careful-pass-1");
    const token = await t.login("careful@example.com", "Careful-pass-1");
    const put = (payload: object) =>
      t.as(token, { method: "PUT", url: "/api/v1/auth/me/edit-profile", payload });
    for (const payload of [
      { email: "careful@example.com", password: "Stolen-pass-9" },
      { email: "thief@example.com", password: "" },
      { email: "careful@example.com", password: "Stolen-pass-9", currentPassword: "wrong-one" },
    ]) {
      const refused = await put(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ status: "fail", message: "Current password is incorrect" });
    }
    // Saving the same email with no new password needs nothing.
    expect((await put({ email: "careful@example.com", password: "" })).statusCode).toBe(200);
    // Wrong current passwords count like failed sign-ins: the fifth from this address closes the door.
    await put({ email: "x@example.com", password: "", currentPassword: "wrong-two" });
    await put({ email: "x@example.com", password: "", currentPassword: "wrong-three" });
    const limited = await put({
      email: "careful@example.com",
      password: "Fine-pass-12",
      currentPassword: "Careful-pass-1",
    });
    expect(limited.statusCode).toBe(429);
    // From another address the owner still signs in: the password never changed.
    const elsewhere = await signIn({
      email: "careful@example.com",
      password: "Careful-pass-1",
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe("transport errors", () => {
  it("answers unknown routes with the error envelope", async () => {
    const response = await t.inject({ method: "GET", url: "/api/v1/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: "fail", message: "Route GET /api/v1/nothing-here not found" });
  });

  it("answers malformed JSON with 400, other content types with 415 and large bodies with 413", async () => {
    // A raw body sent to the sign-in route, which reads JSON.
    const sendRaw = (contentType: string, payload: string) =>
      t.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        headers: { "content-type": contentType },
        payload,
      });
    const malformed = await sendRaw(json["content-type"], "{bad");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ status: "fail", message: "Malformed JSON body" });
    const text = await sendRaw("text/plain", "x");
    expect(text.statusCode).toBe(415);
    expect(text.json().status).toBe("fail");
    const large = await sendRaw(
      json["content-type"],
      JSON.stringify({ email: "a@b.c", password: "x".repeat(1024 * 1024 + 10) }),
    );
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ status: "fail", message: "Request body is too large" });
  });

  it("reports health and readiness", async () => {
    expect((await t.inject({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok" });
    expect((await t.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
  });

  it("serves the OpenAPI description", async () => {
    const response = await t.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain("/api/v1/auth/login");
  });
});
