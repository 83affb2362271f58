import { type MemberLevel, SITES, type Site } from "@backoffice/contracts";
import type { SsoError } from "@backoffice/contracts/sso";
import { SSO_MESSAGES } from "@backoffice/contracts/sso";
import { conflict, forbidden } from "@backoffice/server";
import type { FastifyRequest } from "fastify";
import { generatePassword, hashPassword } from "../../lib/crypto.ts";
import { auditContextOf } from "../../plugins/audit.ts";
import { type InvitationRow, teamRepository } from "../team/repository.ts";
import { canonicalEmail, findProvider, type ProviderSettings, ssoRepository } from "./oidc-providers.ts";
import type { UserRow } from "./repository.ts";
import { secondFactorRepository } from "./second-factor-repository.ts";
import { logRefusedSignIn } from "./sign-in.ts";

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
type Access = { level: MemberLevel; sites: Site[] | null };
const RANK: Record<MemberLevel, number> = { owner: 3, editor: 2, viewer: 1 };

/**
 * The access the provider's groups give (docs/SSO.md): the highest level of the rules whose group the
 * member is in; the sites of that level's rules together (every site if one of them says so).
 * Undefined when no rule matches or the claim is absent.
 */
export function accessFromGroups(
  provider: ProviderSettings,
  claims: Record<string, unknown>,
): Access | undefined {
  const claim = claims[provider.groupsClaim];
  if (!Array.isArray(claim)) return undefined;
  const groups = new Set(claim.filter((group): group is string => typeof group === "string"));
  const matching = provider.groupRules.filter((rule) => groups.has(rule.group));
  if (matching.length === 0) return undefined;
  const top = Math.max(...matching.map((rule) => RANK[rule.level]));
  const atTop = matching.filter((rule) => RANK[rule.level] === top);
  const level = atTop[0]!.level;
  if (level === "owner" || atTop.some((rule) => rule.sites === null)) return { level, sites: null };
  const sites = new Set(atTop.flatMap((rule) => rule.sites ?? []));
  return { level, sites: SITES.filter((site) => sites.has(site)) };
}

/** A source-of-truth provider's groups set an existing member's access at each sign-in (History: a Team entry). */
async function applyGroups(
  request: FastifyRequest,
  member: Member,
  provider: ProviderSettings,
  access: Access,
) {
  await request.server.db
    .transaction(async (tx) => {
      const team = teamRepository(tx);
      const before = (await team.member(member.id))!;
      await tx.query("update users set access_from_provider = $2 where id = $1", [member.id, provider.id]);
      if (before.level === access.level && JSON.stringify(before.sites) === JSON.stringify(access.sites))
        return;
      if (before.level === "owner" && access.level !== "owner") await team.keepAnOwner(member.id);
      await team.setAccess(member.id, access.level, access.sites);
      await team.log(
        { ...auditContextOf(request, null), actorId: member.id, actorEmail: member.email },
        "update",
        member.id,
        { email: before.email, level: before.level, sites: before.sites, status: before.status },
        { email: before.email, ...access, status: before.status, setBy: `${provider.label} groups` },
      );
    })
    .catch((error: unknown) => {
      // The last active Owner keeps the level: the team always has one.
      request.log.warn({ err: error, userId: member.id }, "groups not applied");
    });
  await request.server.live.accessChanged({ userId: member.id });
}

/**
 * A manual change of a member's access is refused while a source-of-truth provider sets it
 * (PATCH /team/members/{id}): the reason names the provider.
 */
export async function assertManualAccessChange(request: FastifyRequest, userId: string) {
  const [row] = await request.server.db.query<{ email: string; access_from_provider: string | null }>(
    "select email, access_from_provider from users where id = $1",
    [userId],
  );
  if (!row?.access_from_provider) return;
  const provider = await findProvider(request.server, row.access_from_provider);
  if (provider?.groupsAuthoritative)
    throw conflict(SSO_MESSAGES.accessFromProvider(row.email, provider.label));
}

/**
 * Sign-up is never open (docs/SSO.md): the verified email is a member's, or a pending invitation's
 * (accepted now), or its domain is on the Owners' list (joins at their level and sites). Anything
 * else is refused.
 */
export async function memberForIdentity(
  request: FastifyRequest,
  email: string,
  provider: ProviderSettings,
  groupsAccess?: Access,
): Promise<{ member: Member } | { refused: SsoError; member: Member | null }> {
  const providerLabel = provider.label;
  // A source-of-truth provider's groups decide the access; otherwise they only set a joiner's.
  const authoritative = provider.groupsAuthoritative ? groupsAccess : undefined;
  const { db } = request.server;
  const wanted = canonicalEmail(email);
  // Every member and open invitation is compared in JS: SQL lower() folds look-alikes (K to k).
  const members = await db.query<Member>("select id, email, role, disabled_at from users");
  const member = members.find((row) => canonicalEmail(row.email) === wanted);
  if (member) {
    // An account that is no dashboard member is anyone else: its refusal names nobody.
    if (member.role !== "admin") return { refused: "not-member", member: null };
    if (member.disabled_at) return { refused: "disabled", member };
    if (authoritative) await applyGroups(request, member, provider, authoritative);
    return { member };
  }
  const invitations = await db.query<InvitationRow>(
    "select * from invitations where accepted_at is null and revoked_at is null and expires_at > now()",
  );
  const invitation = invitations.find((row) => canonicalEmail(row.email) === wanted);
  const domain = wanted.slice(wanted.lastIndexOf("@") + 1);
  const allowed = invitation ? undefined : await ssoRepository(db).domain(domain);
  if (!invitation && !allowed) return { refused: "not-member", member: null };
  // A member who signs in with SSO has a password nobody knows (a reset code can set one later).
  const passwordHash = await hashPassword(generatePassword());
  const created = await db.transaction(async (tx) => {
    const team = teamRepository(tx);
    if (invitation && !(await team.markAccepted(invitation.id))) return undefined;
    // An invitation's access is the Owner's choice unless the provider is the source of truth.
    const access: Access = (invitation ? authoritative : groupsAccess) ??
      invitation ?? { level: allowed!.level, sites: allowed!.level === "owner" ? null : allowed!.sites };
    const row = await team.createMember({
      email: invitation?.email ?? email.trim().normalize("NFC"),
      passwordHash,
      level: access.level,
      sites: access.sites,
    });
    if (authoritative)
      await tx.query("update users set access_from_provider = $2 where id = $1", [row.id, provider.id]);
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
  if (!created) return { refused: "expired", member: null };
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
export async function assertPasswordSignIn(
  request: FastifyRequest,
  user: Pick<UserRow, "id" | "email" | "level">,
) {
  if (await ssoOnlyApplies(request, user)) {
    await logRefusedSignIn(request, { member: user, signIn: "password", reason: "sso-only" });
    throw forbidden(SSO_MESSAGES.ssoOnly);
  }
  if (!(await ssoRepository(request.server.db).ssoOnly())) return;
  const factors = await secondFactorRepository(request.server.db).factorsOf(user.id);
  if (!factors.totp && factors.passkeys === 0) throw forbidden(SSO_MESSAGES.breakGlassNeedsFactor);
}

/** A passkey alone under "Sign in with SSO only": break-glass Owners only (a passkey is two factors). */
export async function assertPasskeySignIn(request: FastifyRequest, userId: string) {
  const [user] = await request.server.db.query<Pick<UserRow, "id" | "email" | "level">>(
    "select id, email, level from users where id = $1",
    [userId],
  );
  if (user && (await ssoOnlyApplies(request, user))) {
    await logRefusedSignIn(request, { member: user, signIn: "passkey", reason: "sso-only" });
    throw forbidden(SSO_MESSAGES.ssoOnly);
  }
}

/** An invitation accepted with a password under "Sign in with SSO only" is refused: the invitee uses SSO. */
export async function assertPasswordJoin(request: FastifyRequest) {
  if (await ssoRepository(request.server.db).ssoOnly()) throw forbidden(SSO_MESSAGES.ssoOnlyJoin);
}
