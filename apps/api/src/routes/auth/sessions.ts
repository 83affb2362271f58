import { errorBody, idParams, messageBody } from "@backoffice/contracts";
import {
  type MemberSession,
  memberSessionAnswer,
  memberSessionsAnswer,
  SESSION_MESSAGES,
  sessionRenameBody,
  signedOutOthersAnswer,
} from "@backoffice/contracts/sessions";
import { badRequest, notFound } from "@backoffice/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MINUTE } from "../../lib/rate-limit.ts";
import { describeUserAgent } from "../../lib/user-agent.ts";
import { type SessionListRow, sessionsRepository } from "./repository.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** A session as the Security screen shows it. */
const listed = (row: SessionListRow, currentId: string): MemberSession => ({
  id: row.id,
  name: row.name,
  ...describeUserAgent(row.user_agent),
  address: row.address,
  startedAt: row.created_at.toISOString(),
  lastActiveAt: row.last_active_at.toISOString(),
  lastScreen: row.last_screen,
  current: row.id === currentId,
});

/**
 * The member's own sessions (docs/PRODUCT-RULES.md#sessions): list them, name one, sign out one, sign
 * out all others. Registered inside the auth routes' authenticated scope (a live session, CSRF on writes).
 */
const sessionRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const sessions = sessionsRepository(fastify.db);
  const idleMs = fastify.config.SESSION_IDLE_MINUTES * MINUTE;

  fastify.get(
    "/auth/sessions",
    {
      schema: {
        tags: ["auth"],
        security: [{ bearer: [] }],
        response: { 200: memberSessionsAnswer, ...errors },
      },
    },
    async (request) => {
      const current = request.session!;
      const rows = await sessions.listLive(current.userId, new Date(), idleMs);
      return { status: "success" as const, data: rows.map((row) => listed(row, current.id)) };
    },
  );

  // A device name the member gives any of their sessions, this one included ("Office laptop").
  fastify.patch(
    "/auth/sessions/:id",
    {
      schema: {
        tags: ["auth"],
        security: [{ bearer: [] }],
        params: idParams,
        body: sessionRenameBody,
        response: { 200: memberSessionAnswer, ...errors },
      },
    },
    async (request) => {
      const current = request.session!;
      const row = await sessions.rename(
        request.params.id,
        current.userId,
        request.body.name,
        new Date(),
        idleMs,
      );
      // Another member's session answers like one that does not exist.
      if (!row) throw notFound(SESSION_MESSAGES.notFound);
      return { status: "success" as const, message: SESSION_MESSAGES.renamed, data: listed(row, current.id) };
    },
  );

  fastify.delete(
    "/auth/sessions/:id",
    {
      schema: {
        tags: ["auth"],
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: messageBody, ...errors },
      },
    },
    async (request) => {
      const current = request.session!;
      if (request.params.id === current.id) throw badRequest(SESSION_MESSAGES.notCurrent);
      // Another member's session answers like one that does not exist.
      if (!(await sessions.revokeOwn(request.params.id, current.userId)))
        throw notFound(SESSION_MESSAGES.notFound);
      // Its live streams end before this answer (lib/live.ts).
      await fastify.live.accessChanged({ userId: current.userId, sessions: [request.params.id] });
      request.log.info(
        { event: "session signed out", userId: current.userId, sessionId: request.params.id },
        "session signed out",
      );
      return { status: "success" as const, message: SESSION_MESSAGES.signedOut };
    },
  );

  fastify.post(
    "/auth/sessions/sign-out-others",
    {
      schema: {
        tags: ["auth"],
        security: [{ bearer: [] }],
        body: z.strictObject({}).nullish(),
        response: { 200: signedOutOthersAnswer, ...errors },
      },
    },
    async (request) => {
      const current = request.session!;
      const signedOut = await sessions.revokeAllOf(current.userId, current.id);
      await fastify.live.accessChanged({ userId: current.userId, except: current.id });
      request.log.info(
        { event: "other sessions signed out", userId: current.userId, signedOut },
        "other sessions signed out",
      );
      return { status: "success" as const, message: SESSION_MESSAGES.signedOutOthers, signedOut };
    },
  );
};

export default sessionRoutes;
