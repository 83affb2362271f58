import { errorBody, memberReadsSite, type Site, siteSchema } from "@backoffice/contracts";
import { LIVE_MESSAGES, type LiveEvent } from "@backoffice/contracts/live";
import { SECURITY_HEADERS, tooManyRequests } from "@backoffice/server";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AccessChange, endsStream } from "../../lib/live.ts";
import { assertSiteAccess, requireAdmin } from "../../plugins/auth.ts";
import type { AuthSession } from "../../types.ts";
import { sessionsRepository } from "../auth/repository.ts";

/**
 * A stream whose client has not read this much of what was sent is dropped: a stalled reader costs
 * the server at most this much memory (docs/PRODUCT-RULES.md#live-updates).
 */
export const MAX_UNREAD_BYTES = 64 * 1024;

/** Whether `event` goes to the stream of `session` (limited to `site` when given). */
function isFor(event: LiveEvent, session: AuthSession, site: Site | undefined): boolean {
  if (event.type === "resync") return true;
  // Only the member's sites (docs/PRODUCT-RULES.md#team-and-access).
  if (site ? event.site !== site : !memberReadsSite(session, event.site)) return false;
  // A member's own writes are already on their screen.
  return !("actor" in event) || event.actor.id !== session.userId;
}

/** Access changes are kept this long for the streams being opened meanwhile (a few milliseconds). */
const RECENT_MS = 60_000;

interface Stream {
  /** The session as read when the stream opened: its member's level and sites then. */
  session: AuthSession;
  beat(): void;
  end(): void;
}

const sameAccess = (session: AuthSession, now: Pick<AuthSession, "level" | "sites">) =>
  session.level === now.level && JSON.stringify(session.sites) === JSON.stringify(now.sites);

/**
 * `GET /api/v1/events[?site=]`: the member's live events as Server-Sent Events. The bearer token
 * comes in the Authorization header (the dashboard reads the stream with `fetch`), never in the URL.
 */
const liveRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { live, config } = fastify;
  const perMember = new Map<string, number>();
  const streams = new Set<Stream>();
  const idleMs = config.SESSION_IDLE_MINUTES * 60_000;

  /**
   * Ends the streams whose session ended since they opened (sign-out, revoked, expired, idle, member
   * disabled or removed) or whose member's level or sites changed: the dashboard reconnects and the
   * new stream has the access of now (or is refused).
   */
  const check = async () => {
    const checked = [...streams];
    if (checked.length === 0) return;
    const ids = [...new Set(checked.map((stream) => stream.session.id))];
    // The database away: the streams go on, checked at the next beat.
    const now = await sessionsRepository(fastify.db)
      .stillLive(ids, new Date(), idleMs)
      .catch(() => undefined);
    if (!now) return;
    for (const stream of checked) {
      const access = now.get(stream.session.id);
      if (!access || !sameAccess(stream.session, access)) stream.end();
    }
  };
  // One timer for every stream: a comment line keeps proxies from closing an idle stream, and the
  // streams' sessions are checked (what an access change on the bus did not reach, below).
  const beatTimer = setInterval(() => {
    for (const stream of streams) stream.beat();
    void check();
  }, config.LIVE_HEARTBEAT_SECONDS * 1000);
  beatTimer.unref();

  // A change of a member's access, or sessions ended, on any instance: their streams end at once,
  // before the change's answer is sent (lib/live.ts `accessChanged`).
  const recent: { at: number; change: AccessChange }[] = [];
  const opening = new WeakMap<FastifyRequest, number>();
  const stopHearing = live.onAccessChange((change) => {
    if (!change) return void check();
    const at = performance.now();
    recent.push({ at, change });
    while (recent[0] && recent[0].at < at - RECENT_MS) recent.shift();
    for (const stream of [...streams])
      if (endsStream(change, stream.session.userId, stream.session.id)) stream.end();
  });
  /** A change heard while this stream opened, after its session was read: the stream is stale. */
  const changedWhileOpening = (request: FastifyRequest, session: AuthSession) => {
    const began = opening.get(request) ?? 0;
    return recent.some(({ at, change }) => at >= began && endsStream(change, session.userId, session.id));
  };

  // A stopping instance ends its streams first (the clients reconnect to another instance), so the
  // drain is not held by them (packages/server run.ts).
  fastify.addHook("preClose", async () => {
    clearInterval(beatTimer);
    stopHearing();
    for (const stream of [...streams]) stream.end();
  });

  fastify.get(
    "/events",
    {
      onRequest: [
        async (request) => {
          opening.set(request, performance.now());
        },
        requireAdmin,
      ],
      schema: {
        // Not in the OpenAPI description: a stream that never ends is no request/answer pair, and
        // the harnesses that call every described route (reliability/) would wait on it for ever.
        // Its rules: docs/PRODUCT-RULES.md#live-updates.
        hide: true,
        tags: ["live updates"],
        querystring: z.strictObject({ site: siteSchema.optional() }),
        response: { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const session = request.session!;
      const { site } = request.query;
      if (site) assertSiteAccess(request, site, false);
      const count = perMember.get(session.userId) ?? 0;
      if (count >= config.LIVE_STREAMS_PER_MEMBER) throw tooManyRequests(30, LIVE_MESSAGES.tooManyStreams);
      perMember.set(session.userId, count + 1);

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...SECURITY_HEADERS,
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        // nginx and similar proxies pass each event on at once.
        "x-accel-buffering": "no",
        "x-request-id": request.id,
      });
      const write = (text: string) => {
        // A client that stopped reading: drop it rather than buffer for it.
        if (raw.writableLength > MAX_UNREAD_BYTES) {
          stream.end();
          raw.destroy();
          return;
        }
        raw.write(text);
      };
      const stopListening = live.listen((event) => {
        if (isFor(event, session, site)) write(`data: ${JSON.stringify(event)}\n\n`);
      });
      const stream: Stream = {
        session,
        beat: () => write(": heartbeat\n\n"),
        end() {
          if (!streams.delete(stream)) return;
          stopListening();
          const left = (perMember.get(session.userId) ?? 1) - 1;
          if (left > 0) perMember.set(session.userId, left);
          else perMember.delete(session.userId);
          raw.end();
        },
      };
      streams.add(stream);
      raw.on("close", stream.end);
      raw.on("error", stream.end);
      // Tells the client it is connected (its reconnection delay resets).
      raw.write(": connected\n\n");
      if (changedWhileOpening(request, session)) stream.end();
    },
  );
};

export default liveRoutes;
