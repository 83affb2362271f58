import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { softAuthenticator } from "../apps/api/test/passkeys.ts";
import { FULL, nextAddress, report, type Stack, startStack } from "./support.ts";

// Lock-out (docs/RELIABILITY.md, its Lock-out row): strangers who know a member's email attack every sign-in
// door at once, from a new address each request, for the whole run (3 minutes in the full run); in
// the middle of it the member signs in with password + TOTP and with a passkey, and resets the
// password, each from an address the account never used. All three must succeed, and the guesses
// the attack got are its figures.
const ATTACK_MS = FULL ? 180_000 : 12_000;
const WORKERS = FULL ? 8 : 4;
const EMAIL = "besieged@lockout.example";
const PASSWORD = "Besieged-pass-1";
const host = { host: "localhost:8080" };

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(() => stack?.close());

const post = (url: string, payload: object, options: { address?: string; cookie?: string } = {}) =>
  stack.api.inject({
    method: "POST",
    url,
    payload,
    remoteAddress: options.address ?? nextAddress(),
    headers: { ...host, ...(options.cookie ? { cookie: options.cookie } : {}) },
  });

const totpCode = (secret: string, ms = Date.now()) => generate({ secret, epoch: Math.floor(ms / 1000) });
const mailsTo = () =>
  stack.api.mails.filter((mail) => mail.to === EMAIL && mail.subject === "Your password reset code");
const newestCode = () =>
  mailsTo()
    .at(-1)
    ?.text.match(/code is (\d{6})/)?.[1];

/** Waits for `condition`, saying what it waits for when it never comes. */
async function until<T>(what: string, condition: () => T | undefined, limitMs = 30_000): Promise<T> {
  const began = Date.now();
  for (let delay = 10; Date.now() - began < limitMs; delay = Math.min(delay * 2, 500)) {
    const value = condition();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  throw new Error(`waited ${limitMs} ms for ${what}`);
}

describe("lock-out", () => {
  it("strangers attacking every sign-in door from many addresses cannot stop the member, and their guesses stay bounded", async () => {
    // The member: signed in once from home (their browser is a known device), TOTP and a passkey on.
    await stack.api.createUser(EMAIL, PASSWORD);
    const home = await post("/api/v1/auth/login", { email: EMAIL, password: PASSWORD });
    const cookie = String(home.headers["set-cookie"]).split(";")[0]!;
    const token = home.json().data.token as string;
    const setup = await stack.api.as(token, { method: "POST", url: "/api/v1/auth/totp/setup" });
    const { secret } = setup.json().data;
    // Confirmed with the previous step's code (accepted), so the current step is still unused.
    const confirmed = await stack.api.as(token, {
      method: "POST",
      url: "/api/v1/auth/totp/confirm",
      payload: { code: await totpCode(secret, Date.now() - 30_000) },
    });
    expect(confirmed.statusCode).toBe(200);
    const key = softAuthenticator();
    const registerOptions = await stack.api.as(token, {
      method: "POST",
      url: "/api/v1/auth/passkeys/register/options",
      headers: host,
    });
    const registration = key.register(registerOptions.json().data.options.challenge);
    const registered = await stack.api.as(token, {
      method: "POST",
      url: "/api/v1/auth/passkeys",
      headers: host,
      payload: { name: "Laptop", response: registration },
    });
    expect(registered.statusCode).toBe(200);

    // The attack: every door, a new address each request, until the deadline.
    const forged = softAuthenticator();
    const tally: Record<string, Record<number, number>> = {};
    const count = (door: string, status: number) => {
      tally[door] ??= {};
      tally[door][status] = (tally[door][status] ?? 0) + 1;
    };
    const doors: [string, () => Promise<{ statusCode: number }>][] = [
      ["password", () => post("/api/v1/auth/login", { email: EMAIL, password: `guess-${Math.random()}` })],
      ["reset request", () => post("/api/v1/auth/get-otp", { email: EMAIL })],
      [
        "reset code",
        async () => {
          // An address that asked for a code checks guesses against it.
          const address = nextAddress();
          await post("/api/v1/auth/get-otp", { email: EMAIL }, { address });
          return post("/api/v1/auth/verify-otp", { email: EMAIL, otp: "000000" }, { address });
        },
      ],
      [
        "second factor",
        () => post("/api/v1/auth/login/second-factor", { challenge: "x".repeat(43), code: "000000" }),
      ],
      [
        "passkey",
        async () => {
          const options = await post("/api/v1/auth/passkeys/sign-in/options", {});
          // The member's credential id, signed by another key.
          const response = forged.assert(options.json().data.options.challenge);
          return post("/api/v1/auth/passkeys/sign-in", {
            response: { ...response, id: registration.id, rawId: registration.rawId },
          });
        },
      ],
    ];
    const mailsBefore = mailsTo().length;
    const began = Date.now();
    const deadline = began + ATTACK_MS;
    const attack = Promise.all(
      Array.from({ length: WORKERS }, async (_, worker) => {
        for (let i = worker; Date.now() < deadline; i++) {
          const [door, send] = doors[i % doors.length]!;
          count(door, (await send()).statusCode);
        }
      }),
    );

    // A third into the attack, the member, each time from an address the account never used.
    await new Promise((resolve) => setTimeout(resolve, ATTACK_MS / 3));
    const signIn = await post("/api/v1/auth/login", { email: EMAIL, password: PASSWORD }, { cookie });
    expect(signIn.statusCode).toBe(200);
    const withTotp = await post(
      "/api/v1/auth/login/second-factor",
      { challenge: signIn.json().data.challenge, code: await totpCode(secret) },
      { cookie },
    );
    expect([withTotp.statusCode, withTotp.json().status]).toEqual([200, "success"]);

    const passkeyOptions = await post("/api/v1/auth/passkeys/sign-in/options", {});
    const withPasskey = await post("/api/v1/auth/passkeys/sign-in", {
      response: key.assert(passkeyOptions.json().data.options.challenge),
    });
    expect([withPasskey.statusCode, withPasskey.json().status]).toEqual([200, "success"]);

    const away = nextAddress();
    const seen = mailsTo().length;
    expect((await post("/api/v1/auth/get-otp", { email: EMAIL }, { address: away, cookie })).statusCode).toBe(
      200,
    );
    await until("the member's reset mail", () => (mailsTo().length > seen ? true : undefined));
    const code = newestCode()!;
    const verified = await post(
      "/api/v1/auth/verify-otp",
      { email: EMAIL, otp: code },
      { address: away, cookie },
    );
    expect(verified.statusCode).toBe(200);
    const reset = await post(
      "/api/v1/auth/forgot-password",
      { email: EMAIL, otp: code, password: "Besieged-pass-2" },
      { address: away, cookie },
    );
    expect(reset.statusCode).toBe(200);

    await attack;
    // Rates per started window of each limit: a minute for passwords, an hour for code mails.
    const minutes = Math.ceil((Date.now() - began) / 60_000);
    const hours = Math.ceil((Date.now() - began) / 3_600_000);
    const passwordGuesses = tally.password?.[401] ?? 0;
    // Every code the attack made the server mail is one the member receives (the member's own is not counted).
    const codesMailed = mailsTo().length - mailsBefore - 1;
    const figures = {
      attackSeconds: Math.round((Date.now() - began) / 1000),
      workers: WORKERS,
      requests: Object.values(tally).reduce(
        (sum, statuses) => sum + Object.values(statuses).reduce((a, b) => a + b, 0),
        0,
      ),
      statuses: tally,
      passwordGuessesChecked: passwordGuesses,
      passwordGuessesPerHour: Math.round((passwordGuesses / minutes) * 60),
      resetCodesMailed: codesMailed,
      // Each mailed code takes at most 5 wrong tries; a passkey or second-factor guess tests nothing.
      codeGuessesPerHourAtMost: Math.round((codesMailed * 5) / hours),
      memberSignedInWithTotp: true,
      memberSignedInWithPasskey: true,
      memberResetPassword: true,
    };
    report("lock-out", figures);
    // Bounded: 10 password checks a minute per account (decision 014), 5 code mails an hour.
    expect(passwordGuesses).toBeLessThanOrEqual(10 * (minutes + 1));
    expect(codesMailed).toBeLessThanOrEqual(5 * hours);
    expect(tally.passkey?.[200] ?? 0).toBe(0);
    expect(tally["second factor"]?.[200] ?? 0).toBe(0);
  });
});
