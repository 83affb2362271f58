import { AUTH_MESSAGES } from "@backoffice/contracts";
import { withAudit } from "@backoffice/db";
import type { FastifyReply, FastifyRequest } from "fastify";
import { newToken, sha256 } from "../../lib/crypto.ts";
import { MINUTE } from "../../lib/rate-limit.ts";
import { auditContextOf } from "../../plugins/audit.ts";
import { rememberDevice } from "./devices.ts";
import { type SessionClient, sessionsRepository, type UserRow, usersRepository } from "./repository.ts";

export const SESSION_TTL_MS = 12 * 60 * MINUTE;

/** A refused sign-in, for its History entry: who (a member, or null for anyone else), how and why. */
export interface RefusedSignIn {
  member: Pick<UserRow, "id" | "email"> | null;
  signIn: "password" | "passkey" | "sso";
  ssoProvider?: string;
  /** An `ssoError` code (contracts/sso.ts), or `sso-only`. */
  reason: string;
}

/**
 * Logs a refused sign-in as a Sign-ins entry of History (action `refuse`, docs/SSO.md#history-of-refused-sign-ins):
 * the fields of a sign-in's entry (how, browser, client address) and the reason. Its admin is the
 * member when the identity is one; for anyone else (an unverified or unknown email) it is empty, so
 * that no address of a stranger is kept. Only refusals of an identity the provider vouched for, or of
 * a correct password, are logged: anything earlier is anyone's request, kept in the server log only.
 */
export async function logRefusedSignIn(request: FastifyRequest, refused: RefusedSignIn) {
  const context = auditContextOf(request, null);
  await request.server.db.query(
    `insert into audit_log (batch, actor_id, actor_email, address, site, resource, record_id, action, before, after)
     values ($1, $2, $3, $4, null, 'session', null, 'refuse', null, $5)`,
    [
      context.batch,
      refused.member?.id ?? null,
      refused.member?.email ?? null,
      context.address,
      JSON.stringify({
        sign_in: refused.signIn,
        sso_provider: refused.ssoProvider ?? null,
        user_agent: request.headers["user-agent"] ?? null,
        address: request.ip,
        reason: refused.reason,
      }),
    ],
  );
  request.log.warn(
    {
      event: "sign-in refused",
      method: refused.signIn,
      reason: refused.reason,
      userId: refused.member?.id ?? null,
      address: request.ip,
    },
    "sign-in refused",
  );
}

/**
 * Starts a session for a member whose sign-in is complete: the password, and the second factor when
 * they have one (POST /auth/login), or a passkey alone (docs/PRODUCT-RULES.md#second-factor).
 * Answers the spec's login answer; the browser becomes a known device of the member (devices.ts).
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: Pick<UserRow, "id" | "email" | "role">,
  how: Pick<SessionClient, "signIn" | "providerMfa" | "ssoProvider"> = {},
) {
  const token = newToken();
  // The sign-in is logged with its admin (the session is not one yet).
  await withAudit({ ...auditContextOf(request, null), actorId: user.id, actorEmail: user.email }, () =>
    sessionsRepository(request.server.db).create(
      user.id,
      sha256(token),
      new Date(Date.now() + SESSION_TTL_MS),
      // What the sessions list shows (docs/PRODUCT-RULES.md#sessions).
      { userAgent: request.headers["user-agent"] ?? null, address: request.ip, ...how },
    ),
  );
  await usersRepository(request.server.db).recordSignIn(user.id, new Date());
  await rememberDevice(request, reply, user.id);
  request.log.info(
    { event: "sign-in", userId: user.id, address: request.ip, method: how.signIn ?? "password" },
    "signed in",
  );
  return {
    status: "success" as const,
    data: { user: { email: user.email, role: user.role }, token },
    message: AUTH_MESSAGES.loginSuccess,
  };
}
