import { AUTH_MESSAGES } from "@backoffice/contracts";
import { withAudit } from "@backoffice/db";
import type { FastifyReply, FastifyRequest } from "fastify";
import { newToken, sha256 } from "../../lib/crypto.ts";
import { MINUTE } from "../../lib/rate-limit.ts";
import { auditContextOf } from "../../plugins/audit.ts";
import { rememberDevice } from "./devices.ts";
import { type SessionClient, sessionsRepository, type UserRow, usersRepository } from "./repository.ts";

export const SESSION_TTL_MS = 12 * 60 * MINUTE;

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
