import { errorBody, messageBody, type Site } from "@backoffice/contracts";
import {
  acceptInvitationAnswer,
  acceptInvitationBody,
  INVITATION_HOURS,
  type InvitationState,
  invitationAnswer,
  invitationTokenParams,
  inviteBody,
  memberAccessBody,
  TEAM_MESSAGES,
  type TeamMember,
  teamAnswer,
  teamIdParams,
  teamMemberAnswer,
} from "@backoffice/contracts/team";
import { HttpError, notFound } from "@backoffice/server";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { hashPassword, newToken, sha256 } from "../../lib/crypto.ts";
import { MINUTE } from "../../lib/rate-limit.ts";
import { auditContextOf } from "../../plugins/audit.ts";
import { requireAdmin, requireOwner } from "../../plugins/auth.ts";
import { idempotentWrites } from "../../plugins/idempotency.ts";
import { assertManualAccessChange, assertPasswordJoin } from "../auth/oidc-rules.ts";
import { startSession } from "../auth/sign-in.ts";
import { type InvitationRow, invitedOf, teamRepository } from "./repository.ts";

const INVITATION_MS = INVITATION_HOURS * 60 * MINUTE;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** What History keeps of a member or an invitation (no token, no password). */
const facts = (member: TeamMember) => ({
  email: member.email,
  level: member.level,
  sites: member.sites,
  status: member.status,
});

/** Who acts, for a Team entry of History: the request's audit context, of no site (every site's History shows it). */
const teamActor = (request: FastifyRequest) => auditContextOf(request, null);

/** An Owner has every site; anyone else the sites given (null: every site). */
const sitesFor = (level: string, sites: Site[] | null) => (level === "owner" ? null : sites);

const stateOf = (row: InvitationRow, now: Date): InvitationState => {
  if (row.accepted_at) return "used";
  if (row.revoked_at) return "revoked";
  return row.expires_at <= now ? "expired" : "valid";
};

/**
 * The team (docs/PRODUCT-RULES.md#team-screen-and-invitations) under /api/v1/team: Owners manage
 * members and invitations; an invitation link's page reads and accepts its invitation without a session.
 */
const teamRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { db, mailer, config, live } = fastify;
  const team = teamRepository(db);
  // The dashboard is served by this server: its address is the API's public one.
  const dashboardUrl = (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/$/, "");

  async function mailInvitation(email: string, token: string, invitedBy: string | null) {
    await mailer.send({
      to: email,
      subject: "You are invited to the back-office",
      text: [
        `${invitedBy ?? "An Owner"} invited you to the back-office team.`,
        "",
        "Set your password with this link (it works once, for 72 hours):",
        "",
        `${dashboardUrl}/invitation/${token}`,
        "",
        "If you did not expect this mail, ignore it.",
      ].join("\n"),
    });
  }

  /** Sends the mail; a failure keeps the invitation (Resend tries again) and says so. */
  async function sendOrExplain(request: FastifyRequest, email: string, token: string) {
    try {
      await mailInvitation(email, token, request.session?.email ?? null);
    } catch (error) {
      request.log.error({ err: error }, "could not send an invitation");
      throw new HttpError(502, TEAM_MESSAGES.mailFailed);
    }
  }

  // The invitation link's page: no session (the invitee has no account yet).
  fastify.get(
    "/invitations/:token",
    {
      schema: {
        tags: ["team"],
        params: invitationTokenParams,
        response: { 200: invitationAnswer, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const row = await team.invitationByToken(sha256(request.params.token));
      if (!row) {
        request.log.warn({ event: "invitation refused", address: request.ip }, "unknown invitation link");
        throw notFound(TEAM_MESSAGES.invalidLink);
      }
      const state = stateOf(row, new Date());
      return { status: "success" as const, data: { state, email: state === "valid" ? row.email : null } };
    },
  );

  fastify.post(
    "/invitations/:token/accept",
    {
      schema: {
        tags: ["team"],
        params: invitationTokenParams,
        body: acceptInvitationBody,
        response: { 200: acceptInvitationAnswer, ...errors, 410: errorBody },
      },
    },
    async (request, reply) => {
      const row = await team.invitationByToken(sha256(request.params.token));
      const state = row ? stateOf(row, new Date()) : undefined;
      if (!row || state !== "valid") {
        request.log.warn(
          { event: "invitation refused", state: state ?? "unknown", address: request.ip },
          "invitation refused",
        );
        if (!row || !state) throw notFound(TEAM_MESSAGES.invalidLink);
        throw new HttpError(410, TEAM_MESSAGES.notOpen[state as Exclude<InvitationState, "valid">]);
      }
      // Under "Sign in with SSO only" the invitee joins through the provider (auth/oidc-rules.ts).
      await assertPasswordJoin(request);
      const passwordHash = await hashPassword(request.body.password);
      // All or nothing: the invitation closes once and the member exists with its History entry.
      const user = await db.transaction(async (tx) => {
        const repository = teamRepository(tx);
        if (!(await repository.markAccepted(row.id))) throw new HttpError(410, TEAM_MESSAGES.notOpen.used);
        if (await repository.memberByEmail(row.email)) throw new HttpError(409, TEAM_MESSAGES.alreadyMember);
        const created = await repository.createMember({
          email: row.email,
          passwordHash,
          level: row.level,
          sites: row.sites,
        });
        const member = (await repository.member(created.id))!;
        await repository.log(
          { ...teamActor(request), actorId: created.id, actorEmail: created.email },
          "create",
          created.id,
          null,
          { ...facts(member), invitedBy: row.invited_by },
        );
        return created;
      });
      request.log.info({ event: "invitation accepted", userId: user.id, address: request.ip }, "joined");
      // The link proved the mailbox and the member just chose the password: signed in at once.
      return { ...(await startSession(request, reply, user)), message: TEAM_MESSAGES.joined };
    },
  );

  // Everything else: an Owner's session (and CSRF on writes).
  await fastify.register(async (owners) => {
    owners.addHook("onRequest", requireAdmin);
    owners.addHook("onRequest", requireOwner);
    // Team writes are admin writes: a retry with the same Idempotency-Key changes nothing twice.
    idempotentWrites(owners);
    const route = owners.withTypeProvider<ZodTypeProvider>();
    const security = [{ bearer: [] }];

    const invitationOr404 = async (id: string) => {
      const row = await team.openInvitation(id);
      if (!row) throw notFound(TEAM_MESSAGES.invitationNotFound);
      return row;
    };

    route.get(
      "/",
      { schema: { tags: ["team"], security, response: { 200: teamAnswer, ...errors } } },
      async () => ({
        status: "success" as const,
        data: await team.list(),
      }),
    );

    route.post(
      "/invitations",
      {
        schema: {
          tags: ["team"],
          security,
          body: inviteBody,
          response: { 201: teamMemberAnswer, ...errors, 502: errorBody },
        },
      },
      async (request, reply) => {
        const { email, level } = request.body;
        if (await team.memberByEmail(email))
          return reply.code(400).send({
            status: "fail",
            message: TEAM_MESSAGES.alreadyMember,
            errors: [{ path: "email", message: TEAM_MESSAGES.alreadyMember, code: "taken" }],
          });
        const token = newToken();
        const invitation = await db.transaction(async (tx) => {
          const repository = teamRepository(tx);
          const { created, replaced } = await repository.invite({
            email,
            level,
            sites: sitesFor(level, request.body.sites),
            tokenHash: sha256(token),
            invitedBy: request.session!.email,
            expiresAt: new Date(Date.now() + INVITATION_MS),
          });
          for (const earlier of replaced)
            await repository.log(teamActor(request), "delete", earlier.id, facts(invitedOf(earlier)), null);
          await repository.log(teamActor(request), "create", created.id, null, facts(invitedOf(created)));
          return invitedOf(created);
        });
        await sendOrExplain(request, email, token);
        return reply
          .code(201)
          .send({ status: "success" as const, data: invitation, message: TEAM_MESSAGES.invited(email) });
      },
    );

    route.post(
      "/invitations/:id/resend",
      {
        schema: {
          tags: ["team"],
          security,
          params: teamIdParams,
          response: { 200: messageBody, ...errors, 502: errorBody },
        },
      },
      async (request) => {
        const row = await invitationOr404(request.params.id);
        const token = newToken();
        await db.transaction(async (tx) => {
          const repository = teamRepository(tx);
          const renewed = await repository.renew(row.id, sha256(token), new Date(Date.now() + INVITATION_MS));
          await repository.log(
            teamActor(request),
            "update",
            row.id,
            { ...facts(invitedOf(row)), expiresAt: invitedOf(row).expiresAt },
            { ...facts(invitedOf(renewed)), expiresAt: invitedOf(renewed).expiresAt },
          );
        });
        await sendOrExplain(request, row.email, token);
        return { status: "success" as const, message: TEAM_MESSAGES.resent(row.email) };
      },
    );

    route.delete(
      "/invitations/:id",
      {
        schema: { tags: ["team"], security, params: teamIdParams, response: { 200: messageBody, ...errors } },
      },
      async (request) => {
        const row = await invitationOr404(request.params.id);
        await db.transaction(async (tx) => {
          const repository = teamRepository(tx);
          await repository.revoke(row.id);
          await repository.log(teamActor(request), "delete", row.id, facts(invitedOf(row)), null);
        });
        return { status: "success" as const, message: TEAM_MESSAGES.revoked(row.email) };
      },
    );

    route.patch(
      "/members/:id",
      {
        schema: {
          tags: ["team"],
          security,
          params: teamIdParams,
          body: memberAccessBody,
          response: { 200: teamMemberAnswer, ...errors },
        },
      },
      async (request) => {
        // Refused while a source-of-truth provider's groups set the member's access (auth/oidc-rules.ts).
        await assertManualAccessChange(request, request.params.id);
        const { level } = request.body;
        const sites = sitesFor(level, request.body.sites);
        const changed = await db.transaction(async (tx) => {
          const repository = teamRepository(tx);
          const before = await memberIn(repository, request.params.id);
          if (before.level === "owner" && level !== "owner") await repository.keepAnOwner(before._id);
          await repository.setAccess(before._id, level, sites);
          const after = (await repository.member(before._id))!;
          await repository.log(teamActor(request), "update", before._id, facts(before), facts(after));
          return { before, after };
        });
        const { before, after: member } = changed;
        // The member's live streams end before this answer: no event of a site they lost reaches them.
        if (before.level !== member.level || JSON.stringify(before.sites) !== JSON.stringify(member.sites))
          await live.accessChanged({ userId: member._id });
        return { status: "success" as const, data: member, message: TEAM_MESSAGES.updated(member.email) };
      },
    );

    for (const disabled of [true, false]) {
      route.post(
        `/members/:id/${disabled ? "disable" : "enable"}`,
        {
          schema: {
            tags: ["team"],
            security,
            params: teamIdParams,
            response: { 200: messageBody, ...errors },
          },
        },
        async (request) => {
          const email = await db.transaction(async (tx) => {
            const repository = teamRepository(tx);
            const before = await memberIn(repository, request.params.id);
            if (disabled && before.level === "owner") await repository.keepAnOwner(before._id);
            await repository.setDisabled(before._id, disabled);
            // A disabled member's sessions end at once (and cannot be used while disabled).
            if (disabled) await repository.endSessions(before._id);
            const after = (await repository.member(before._id))!;
            if (after.status !== before.status)
              await repository.log(teamActor(request), "update", before._id, facts(before), facts(after));
            return before.email;
          });
          if (disabled) await live.accessChanged({ userId: request.params.id });
          return {
            status: "success" as const,
            message: disabled ? TEAM_MESSAGES.disabled(email) : TEAM_MESSAGES.enabled(email),
          };
        },
      );
    }

    route.post(
      "/members/:id/sign-out",
      {
        schema: { tags: ["team"], security, params: teamIdParams, response: { 200: messageBody, ...errors } },
      },
      async (request) => {
        const { email, ended } = await db.transaction(async (tx) => {
          const repository = teamRepository(tx);
          const member = await memberIn(repository, request.params.id);
          const count = await repository.endSessions(member._id);
          await repository.log(
            teamActor(request),
            "update",
            member._id,
            { email: member.email, sessions: count },
            { email: member.email, sessions: 0 },
          );
          return { email: member.email, ended: count };
        });
        await live.accessChanged({ userId: request.params.id });
        return { status: "success" as const, message: TEAM_MESSAGES.signedOut(email, ended) };
      },
    );

    route.delete(
      "/members/:id",
      {
        schema: { tags: ["team"], security, params: teamIdParams, response: { 200: messageBody, ...errors } },
      },
      async (request) => {
        const email = await db.transaction(async (tx) => {
          const repository = teamRepository(tx);
          const before = await memberIn(repository, request.params.id);
          if (before.level === "owner" && before.status === "active")
            await repository.keepAnOwner(before._id);
          // History's entries keep the email they were written with (audit_log.actor_email is text).
          await repository.remove(before._id);
          await repository.log(teamActor(request), "delete", before._id, facts(before), null);
          return before.email;
        });
        await live.accessChanged({ userId: request.params.id });
        return { status: "success" as const, message: TEAM_MESSAGES.removed(email) };
      },
    );
  });
};

async function memberIn(repository: ReturnType<typeof teamRepository>, id: string): Promise<TeamMember> {
  const member = await repository.member(id);
  if (!member) throw notFound(TEAM_MESSAGES.memberNotFound);
  return member;
}

export default teamRoutes;
