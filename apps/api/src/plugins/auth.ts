import {
  AUTH_MESSAGES,
  memberReadsSite,
  memberWritesSite,
  type Site,
  type SiteResource,
} from "@backoffice/contracts";
import { SCREEN_HEADER } from "@backoffice/contracts/screen-header";
import { forbidden, redactUrl, unauthorized } from "@backoffice/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import { hmac, safeEqual, sha256 } from "../lib/crypto.ts";
import { sessionsRepository } from "../routes/auth/repository.ts";
import { assertTokenResource, authenticateApiToken, isApiToken } from "./api-token.ts";
import { actAsScheduler } from "./scheduler-session.ts";

/** Methods that change data: they need the CSRF token here and run audited (plugins/audit.ts). */
export const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The CSRF token of a session: derived from its bearer token, so it is bound to that session and stored nowhere. */
export const csrfTokenFor = (bearerToken: string) => hmac(bearerToken, "csrf-v1");

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * The dashboard screen a request says it came from (`x-screen`, docs/PRODUCT-RULES.md#sessions): a
 * path of at most 200 characters of letters, digits and `/-_.~`, holding nothing shaped like a
 * credential (an invitation link's token); anything else is ignored, never refused.
 */
function screenOf(request: FastifyRequest): string | undefined {
  const sent = request.headers[SCREEN_HEADER];
  if (typeof sent !== "string" || sent.length > 200 || !/^\/[A-Za-z0-9/_.~-]*$/.test(sent)) return undefined;
  return redactUrl(sent) === sent ? sent : undefined;
}

/** onRequest hook for admin routes: a live admin session, and on writes a valid x-csrf-token. */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (await actAsScheduler(request)) return;
  const token = bearerToken(request);
  if (!token) throw unauthorized(AUTH_MESSAGES.noToken);
  // A machine's API token (bo_…): its own branch, on site routes only (plugins/api-token.ts).
  if (isApiToken(token)) return authenticateApiToken(request, token);
  // Idle past SESSION_IDLE_MINUTES or past its absolute expiry: the same 401 (docs/PRODUCT-RULES.md#sessions).
  const idleMs = request.server.config.SESSION_IDLE_MINUTES * 60_000;
  const sessions = sessionsRepository(request.server.db);
  const session = await sessions.findLive(sha256(token), new Date(), idleMs, screenOf(request));
  if (!session) {
    // Signed out elsewhere (Security's Sign out, an Owner, a disable) says so; anything else expired.
    const signedOut = await sessions.wasSignedOut(sha256(token));
    throw unauthorized(signedOut ? AUTH_MESSAGES.sessionSignedOut : AUTH_MESSAGES.sessionExpired);
  }
  if (session.role !== "admin") throw forbidden(AUTH_MESSAGES.forbidden);
  request.session = {
    id: session.id,
    userId: session.user_id,
    email: session.email,
    role: session.role,
    level: session.level,
    sites: session.sites,
    secondFactor: {
      enabled: session.second_factor,
      required: session.second_factor_required,
      // The gate's rule (docs/PRODUCT-RULES.md#second-factor): required and the member has none.
      setupNeeded: session.second_factor_required && !session.second_factor,
    },
    token,
  };
  if (WRITE_METHODS.has(request.method)) {
    const sent = request.headers["x-csrf-token"];
    if (typeof sent !== "string" || !safeEqual(sent, csrfTokenFor(token)))
      throw forbidden(AUTH_MESSAGES.csrfInvalid);
  }
}

/**
 * Throws the 403 of a member who may not do this on a site (docs/PRODUCT-RULES.md#team-and-access):
 * outside the site, or a Viewer's write. `"all"` is every site at once (an all-sites job).
 */
export function assertSiteAccess(
  request: FastifyRequest,
  site: Site | "all",
  write = WRITE_METHODS.has(request.method),
): void {
  const member = request.session;
  if (!member) throw unauthorized(AUTH_MESSAGES.noToken);
  if (!memberReadsSite(member, site)) throw forbidden(AUTH_MESSAGES.siteForbidden);
  if (write && !memberWritesSite(member, site)) throw forbidden(AUTH_MESSAGES.viewOnly);
}

/**
 * onRequest hook (after `requireAdmin`) of every route of one site: admin and pass-through (routes/sites,
 * tmdb). With the route's `resource` (its module's), a resource-limited API token is held to its resources:
 * every site route names one, so a route no limited token was made for is closed to them.
 */
export function requireSite(site: Site, resource: SiteResource) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    assertSiteAccess(
      request,
      site,
      WRITE_METHODS.has(request.method) && !request.routeOptions.config.memberOwn,
    );
    assertTokenResource(request, resource);
  };
}

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The write changes only the member's own marker on the site (the inbox's last opened time,
     * decision 010), not the site's data: a Viewer of the site may make it.
     */
    memberOwn?: boolean;
    /**
     * The resource the route is about when it is not its module's (an import of a kind, under History's
     * module): what a resource-limited API token is checked against (plugins/api-token.ts).
     */
    resource?: SiteResource;
  }
}

/** onRequest hook (after `requireAdmin`) of the team routes: Owners only. */
export async function requireOwner(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (request.session?.level !== "owner") throw forbidden(AUTH_MESSAGES.ownerOnly);
}
