import { SESSION_MESSAGES } from "@backoffice/contracts/sessions";
import type { FastifyRequest } from "fastify";
import { verifyPassword } from "../../lib/crypto.ts";
import { consume, MINUTE } from "../../lib/rate-limit.ts";
import { knownDeviceOf } from "./devices.ts";
import { sessionsRepository } from "./repository.ts";

/**
 * Limits on guessing secrets: passwords, second-factor codes (docs/decisions/017-device-cookies.md,
 * which keeps decision 014's per-account cap and adds device cookies).
 */

/** An address the account started a session from within this many days is known. */
const KNOWN_ADDRESS_DAYS = 30;
/** Password checks per account and minute from unknown devices at addresses it does not know. */
const PASSWORD_CHECKS_PER_ACCOUNT_MINUTE = 10;
/** Wrong passwords per account and address pair, per address, and per known device, in `WINDOW`. */
const LOGIN_MAX_FAILURES = 5;
const WINDOW = 15 * MINUTE;
const TOO_MANY_LOGINS = "Too many failed sign-in attempts. Please wait and try again.";

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
  message: string;
}

/**
 * Runs `check` (null: the guess was wrong) under `limits`: one attempt is reserved under each before
 * the check runs, so concurrent guesses cannot pass together (49 at once against a limit of 5 are 5
 * checks and 44 refusals), and every reservation is given back when the check passes or fails to
 * run, so only wrong guesses and running checks fill a limit. A full limit answers 429 (`consume`).
 */
export async function limitedCheck<T>(
  request: FastifyRequest,
  limits: Limit[],
  check: () => Promise<T | null>,
): Promise<T | null> {
  const { counters } = request.server;
  const reserved: string[] = [];
  const giveBack = () => Promise.all(reserved.map((key) => counters.release(key)));
  try {
    for (const limit of limits) {
      reserved.push(limit.key);
      await consume(counters, limit.key, limit.max, limit.windowMs, limit.message);
    }
    const result = await check();
    if (result !== null) await giveBack();
    return result;
  } catch (error) {
    await giveBack();
    throw error;
  }
}

/**
 * The limits of a password check for the account of `email`. From a known device of the account
 * (device cookie): 5 wrong passwords per 15 minutes for that device, nothing else, so that no
 * stranger can lock the member out of their own browser. Otherwise 5 per account and address pair,
 * 5 per address across accounts, and, from an address the account has not signed in from within 30
 * days, 10 checks a minute per account across addresses (decision 014). Counted under the email asked
 * for, account or not, so the limits themselves reveal nothing.
 */
async function passwordLimits(request: FastifyRequest, email: string): Promise<Limit[]> {
  const device = await knownDeviceOf(request, email);
  const failures = (key: string) => ({
    key: `login-fail:${key}`,
    max: LOGIN_MAX_FAILURES,
    windowMs: WINDOW,
    message: TOO_MANY_LOGINS,
  });
  if (device) return [failures(`device:${device}|${email}`)];
  const limits = [failures(`pair:${email}|${request.ip}`), failures(`address:${request.ip}`)];
  const since = new Date(Date.now() - KNOWN_ADDRESS_DAYS * 24 * 60 * MINUTE);
  if (!(await sessionsRepository(request.server.db).isKnownAddress(email, request.ip, since)))
    limits.push({
      key: `password-check:account:${email}`,
      max: PASSWORD_CHECKS_PER_ACCOUNT_MINUTE,
      windowMs: MINUTE,
      message: SESSION_MESSAGES.tooManyForAccount,
    });
  return limits;
}

/**
 * A password check counted like a sign-in (sign-in, Edit Profile's current password, turning TOTP
 * off). A right password also clears the earlier failures of its account and address pair.
 */
export async function checkPassword(
  request: FastifyRequest,
  email: string,
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  const limits = await passwordLimits(request, email);
  const ok = await limitedCheck(request, limits, async () =>
    (await verifyPassword(passwordHash, password)) ? true : null,
  );
  if (ok) await request.server.counters.reset(`login-fail:pair:${email}|${request.ip}`);
  return ok === true;
}
