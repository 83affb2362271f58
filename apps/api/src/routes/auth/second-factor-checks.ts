import { errorBody } from "@backoffice/contracts";
import { SECOND_FACTOR_MESSAGES as M } from "@backoffice/contracts/second-factor";
import { SESSION_MESSAGES } from "@backoffice/contracts/sessions";
import { badRequest, conflict, forbidden, unauthorized } from "@backoffice/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import { verify } from "otplib";
import { sha256 } from "../../lib/crypto.ts";
import { MINUTE, normaliseEmail } from "../../lib/rate-limit.ts";
import { knownDeviceOf } from "./devices.ts";
import { type Limit, limitedCheck } from "./guesses.ts";
import { usersRepository } from "./repository.ts";
import { type StepOrigin, secondFactorRepository } from "./second-factor-repository.ts";
import { startSession } from "./sign-in.ts";

/**
 * What the second factor's routes share (second-factor.ts, second-factor-sign-in.ts, totp.ts,
 * passkeys.ts): the codes' rules and limits, recovery codes, and the sign-in that ends the step.
 */

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30 s. One step either side is accepted. */
export const PERIOD = 30;
const TOLERANCE_SECONDS = PERIOD;
export const ISSUER = "Back-office";
const RECOVERY_CODES = 10;
export const CHALLENGE_TTL_MS = 5 * MINUTE;
/**
 * Wrong codes: 5 per sign-in challenge (then the password is asked again), and per account 10 in 15
 * minutes, or 5 per known device of the account (device cookie). Only a holder of the right password
 * or of a session can send a code, so no stranger can fill these.
 */
export const MAX_WRONG_PER_CHALLENGE = 5;
const MAX_WRONG_PER_ACCOUNT = 10;
const MAX_WRONG_PER_DEVICE = 5;
const WINDOW = 15 * MINUTE;

export const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
};
const RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** `abcde-fghij`: 50 random bits from an alphabet without look-alikes (0/o, 1/l). */
function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const text = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join("");
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}
export const recoveryHash = (userId: string, normalised: string) =>
  sha256(`${userId}:recovery:${normalised}`);

type SecondFactorRepository = ReturnType<typeof secondFactorRepository>;

/** A new set of recovery codes for the member, replacing the old set (through `to`, in a transaction). */
export async function newRecoveryCodes(to: SecondFactorRepository, userId: string) {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await to.replaceRecoveryCodes(
    userId,
    codes.map((code) => recoveryHash(userId, code.replace("-", ""))),
  );
  return codes;
}

/** Checks a TOTP code against a secret; the step it matched, or null. */
export async function matchStep(secret: string, code: string): Promise<number | null> {
  const result = await verify({ secret, token: code, period: PERIOD, epochTolerance: TOLERANCE_SECONDS });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/**
 * Checks a code under the member's limits (guesses.ts: reserved before the check, given back when
 * right): per known device, or per account, and per sign-in challenge when there is one.
 */
export async function guarded<T>(
  request: FastifyRequest,
  userId: string,
  check: () => Promise<T | null>,
  challenge?: string,
): Promise<T | null> {
  const users = usersRepository(request.server.db);
  const email = normaliseEmail((await users.findById(userId))?.email ?? userId);
  const device = await knownDeviceOf(request, email);
  const limit = (key: string, max: number, windowMs = WINDOW): Limit => ({
    key: `second-factor-fail:${key}`,
    max,
    windowMs,
    message: M.tooMany,
  });
  const limits = [
    device
      ? limit(`device:${device}|${userId}`, MAX_WRONG_PER_DEVICE)
      : limit(`account:${userId}`, MAX_WRONG_PER_ACCOUNT),
  ];
  if (challenge) limits.push(limit(`challenge:${challenge}`, MAX_WRONG_PER_CHALLENGE, CHALLENGE_TTL_MS));
  return limitedCheck(request, limits, check);
}

/** A TOTP code of the member's confirmed secret, not used before: true once it is recorded as used. */
export async function useTotpCode(
  repo: SecondFactorRepository,
  userId: string,
  code: string,
): Promise<"ok" | "invalid" | "used"> {
  const totp = await repo.totpOf(userId);
  if (!totp?.secret) return "invalid";
  const step = await matchStep(totp.secret, code);
  if (step === null) return "invalid";
  return (await repo.useStep(userId, step)) ? "ok" : "used";
}

/** A code for a route that needs one (regenerate, turn off): wrong codes counted as at sign-in. */
export async function requireCode(request: FastifyRequest, userId: string, code: string) {
  const repo = secondFactorRepository(request.server.db);
  let used = false as boolean;
  const ok = await guarded(request, userId, async () => {
    const outcome = await useTotpCode(repo, userId, code);
    used = outcome === "used";
    return outcome === "ok" ? true : null;
  });
  if (!ok) throw badRequest(used ? M.codeUsed : M.codeInvalid);
}

/** Refuses to remove a member's last factor while an Owner requires one. */
export async function ensureNotLast(
  repo: SecondFactorRepository,
  userId: string,
  removing: "totp" | "passkey",
) {
  if (!(await repo.required())) return;
  const factors = await repo.factorsOf(userId);
  const left = (factors.totp ? 1 : 0) + factors.passkeys - 1;
  if (left < 1 || (removing === "totp" && factors.passkeys === 0)) throw conflict(M.lastFactor);
}

/** The end of a sign-in by a code or a passkey: the member's session (sign-in.ts), if they may have one. */
export async function signInUser(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string | null,
  how: StepOrigin = {},
) {
  const user = userId ? await usersRepository(request.server.db).findById(userId) : undefined;
  if (user?.role !== "admin") throw unauthorized(M.challengeInvalid);
  if (user.disabled_at) throw forbidden(SESSION_MESSAGES.disabled);
  return startSession(request, reply, user, how);
}
