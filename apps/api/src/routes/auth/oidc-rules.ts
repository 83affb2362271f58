import type { SsoError } from "@backoffice/contracts/sso";
import { SSO_MESSAGES } from "@backoffice/contracts/sso";
import { forbidden } from "@backoffice/server";
import type { FastifyRequest } from "fastify";
import { generatePassword, hashPassword } from "../../lib/crypto.ts";
import { auditContextOf } from "../../plugins/audit.ts";
import { type InvitationRow, teamRepository } from "../team/repository.ts";
import { canonicalEmail, ssoRepository } from "./oidc-providers.ts";
import type { UserRow } from "./repository.ts";
import { secondFactorRepository } from "./second-factor-repository.ts";

/** The provider's `amr` values that name a second factor (RFC 8176), or a multi-factor sign-in. */
const SECOND_FACTOR_AMR = new Set([
  "mfa",
  "otp",
  "hwk",
  "swk",
  "sms",
  "fpt",
  "face",
  "iris",
  "retina",
  "vbm",
  "sc",
  "pin",
  "tel",
]);

export const amrHasSecondFactor = (amr: unknown) =>
  Array.isArray(amr) && amr.some((value) => typeof value === "string" && SECOND_FACTOR_AMR.has(value));

/** A verified email: `email_verified` true (Microsoft Entra says so with `xms_edov`, docs/SSO.md). */
export const emailVerified = (claims: Record<string, unknown>) =>
  claims.email_verified === true || claims.xms_edov === true || claims.xms_edov === "1";

type Member = Pick<UserRow, "id" | "email" | "role" | "disabled_at">;

/**
 * Sign-up is never open (docs/SSO.md): the verified email is a member's, or a pending invitation's
 * (accepted now), or its domain is on the Owners' list (joins at their level and sites). Anything
 * else is refused.
 */
export async function memberForIdentity(
  request: FastifyRequest,
  email: string,
  providerLabel: string,
): Promise<{ member: Member } | { refused: SsoError }> {
  const { db } = request.server;
  const wanted = canonicalEmail(email);
  // Every member and open invitation is compared in JS: SQL lower() folds look-alikes (K to k).
  const members = await db.query<Member>("select id, email, role, disabled_at from users");
  const member = members.find((row) => canonicalEmail(row.email) === wanted);
  if (member) {
    if (member.role !== "admin") return { refused: "not-member" };
    if (member.disabled_at) return { refused: "disabled" };
    return { member };
  }
  const invitations = await db.query<InvitationRow>(
    "select * from invitations where accepted_at is null and revoked_at is null and expires_at > now()",
  );
  const invitation = invitations.find((row) => canonicalEmail(row.email) === wanted);
  const domain = wanted.slice(wanted.lastIndexOf("@") + 1);
  const allowed = invitation ? undefined : await ssoRepository(db).domain(domain);
  if (!invitation && !allowed) return { refused: "not-member" };
  // A member who signs in with SSO has a password nobody knows (a reset code can set one later).
  const passwordHash = await hashPassword(generatePassword());
  const created = await db.transaction(async (tx) => {
    const team = teamRepository(tx);
    if (invitation && !(await team.markAccepted(invitation.id))) return undefined;
    const row = await team.createMember({
      email: invitation?.email ?? email.trim().normalize("NFC"),
      passwordHash,
      level: invitation?.level ?? allowed!.level,
      sites: invitation ? invitation.sites : allowed!.level === "owner" ? null : allowed!.sites,
    });
    const joined = (await team.member(row.id))!;
    await team.log(
      { ...auditContextOf(request, null), actorId: row.id, actorEmail: row.email },
      "create",
      row.id,
      null,
      {
        email: joined.email,
        level: joined.level,
        sites: joined.sites,
        status: joined.status,
        ...(invitation ? { invitedBy: invitation.invited_by } : { domain }),
        signedInWith: providerLabel,
      },
    );
    return row;
  });
  if (!created) return { refused: "expired" };
  request.log.info(
    {
      event: invitation ? "invitation accepted" : "joined by domain",
      userId: created.id,
      address: request.ip,
    },
    "joined with single sign-on",
  );
  return { member: { ...created, disabled_at: null } };
}

/** Whether "Sign in with SSO only" keeps this member from password sign-in and reset codes. */
export async function ssoOnlyApplies(request: FastifyRequest, user: Pick<UserRow, "id" | "level">) {
  const { db } = request.server;
  if (!(await ssoRepository(db).ssoOnly())) return false;
  if (user.level !== "owner") return true;
  const [row] = await db.query<{ break_glass: boolean }>("select break_glass from users where id = $1", [
    user.id,
  ]);
  return !row?.break_glass;
}

/**
 * POST /auth/login's rule under "Sign in with SSO only": members are refused; a break-glass Owner
 * passes with a second factor only (the code step follows the password).
 */
export async function assertPasswordSignIn(request: FastifyRequest, user: Pick<UserRow, "id" | "level">) {
  if (await ssoOnlyApplies(request, user)) {
    request.log.warn({ event: "sign-in refused", userId: user.id, address: request.ip }, "SSO only");
    throw forbidden(SSO_MESSAGES.ssoOnly);
  }
  if (!(await ssoRepository(request.server.db).ssoOnly())) return;
  const factors = await secondFactorRepository(request.server.db).factorsOf(user.id);
  if (!factors.totp && factors.passkeys === 0) throw forbidden(SSO_MESSAGES.breakGlassNeedsFactor);
}

/** A passkey alone under "Sign in with SSO only": break-glass Owners only (a passkey is two factors). */
export async function assertPasskeySignIn(request: FastifyRequest, userId: string) {
  const [user] = await request.server.db.query<Pick<UserRow, "id" | "level">>(
    "select id, level from users where id = $1",
    [userId],
  );
  if (user && (await ssoOnlyApplies(request, user))) {
    request.log.warn({ event: "sign-in refused", userId, address: request.ip }, "SSO only");
    throw forbidden(SSO_MESSAGES.ssoOnly);
  }
}

/** An invitation accepted with a password under "Sign in with SSO only" is refused: the invitee uses SSO. */
export async function assertPasswordJoin(request: FastifyRequest) {
  if (await ssoRepository(request.server.db).ssoOnly()) throw forbidden(SSO_MESSAGES.ssoOnlyJoin);
}
