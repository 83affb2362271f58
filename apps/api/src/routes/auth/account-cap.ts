import type { FastifyInstance } from "fastify";
import { consume, MINUTE } from "../../lib/rate-limit.ts";
import { sessionsRepository } from "./repository.ts";

/** An address the account started a session from within this many days is known (see `capAccountChecks`). */
export const KNOWN_ADDRESS_DAYS = 30;

/** Password checks per account and minute from addresses it does not know. */
export const PASSWORD_CHECKS_PER_ACCOUNT_MINUTE = 10;
/** Reset code checks per account and minute from addresses it does not know. */
export const CODE_CHECKS_PER_ACCOUNT_MINUTE = 5;

/**
 * The per-account cap on guesses (docs/decisions/014-per-account-guess-cap.md): one more check of
 * `kind` for the account of `email` from `address`, or 429 past `perMinute` in the minute. It is
 * counted across every address before the check runs, so concurrent guesses cannot all be checked,
 * and taken back when the check passes (`passed`), so only wrong and running checks fill the minute.
 * An address the account signed in from within `KNOWN_ADDRESS_DAYS` is not counted and never
 * refused: an attacker elsewhere cannot lock the member out of their own devices. Counted under the
 * address asked for, known or not, so the limit itself reveals nothing.
 */
export async function capAccountChecks(
  fastify: FastifyInstance,
  kind: "password" | "code",
  email: string,
  address: string,
  perMinute: number,
  message: string,
): Promise<{ passed: () => Promise<void> }> {
  const since = new Date(Date.now() - KNOWN_ADDRESS_DAYS * 24 * 60 * MINUTE);
  if (await sessionsRepository(fastify.db).isKnownAddress(email, address, since))
    return { passed: async () => {} };
  const key = `${kind}-check:account:${email}`;
  await consume(fastify.counters, key, perMinute, MINUTE, message);
  return { passed: () => fastify.counters.release(key) };
}
