import { isSite, type SiteResource } from "@backoffice/contracts";
import { API_TOKEN_PREFIX, INTEGRATION_MESSAGES as M } from "@backoffice/contracts/integrations";
import { forbidden, unauthorized } from "@backoffice/server";
import type { FastifyRequest } from "fastify";
import { sha256 } from "../lib/crypto.ts";
import { consume, MINUTE } from "../lib/rate-limit.ts";
import { tokensRepository } from "../routes/integrations/repository.ts";

/** Whether a bearer is an API token (`bo_…`) rather than a member's session. */
export const isApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

/** `/api/v1/{site}/…`: the only routes an API token opens (never sign-in, team, tokens, webhooks, backups or account routes). */
const isSiteRoute = (url: string | undefined) => isSite(url?.split("/")[3]);

/**
 * The API token branch of `requireAdmin` (docs/INTEGRATIONS.md#api-tokens): a live token on a site
 * route acts as a member of its sites, an Editor for a write token and a Viewer for a read one, so
 * the site hook (`requireSite`) answers 403 outside its sites and for a read token's write. Its
 * writes are in History under the token's name (the audit context reads this session). No CSRF:
 * nothing sends the bearer by itself the way a browser sends cookies. Limited per token per minute.
 */
export async function authenticateApiToken(request: FastifyRequest, bearer: string): Promise<void> {
  if (!isSiteRoute(request.routeOptions.url)) throw unauthorized(M.tokenOnSiteRoutesOnly);
  const tokens = tokensRepository(request.server.db);
  const row = await tokens.findLive(sha256(bearer), new Date());
  if (!row) {
    request.log.warn(
      { event: "api token refused", address: request.ip },
      "unknown, revoked or expired API token",
    );
    throw unauthorized(M.tokenInvalid);
  }
  await consume(
    request.server.counters,
    `api-token:${row.id}`,
    request.server.config.API_TOKEN_REQUESTS_PER_MINUTE,
    MINUTE,
    M.tokenRateLimited,
  );
  // The member's own marker (the inbox's last opened time) belongs to a person, not to a machine.
  if (request.routeOptions.config.memberOwn) throw forbidden(M.tokenOwnMarker);
  await tokens.markUsed(row.id, request.ip);
  request.session = tokenSession(row, bearer);
}

type LiveToken = NonNullable<Awaited<ReturnType<ReturnType<typeof tokensRepository>["findLive"]>>>;

/** The session a live token acts with: an Editor (write) or a Viewer (read) of its sites, named in History. */
export const tokenSession = (row: LiveToken, bearer: string) => ({
  id: `token:${row.id}`,
  userId: `${TOKEN_AUTHOR}${row.id}`,
  email: `API token ${row.name} (${row.prefix}…)`,
  role: "admin",
  level: row.access === "write" ? ("editor" as const) : ("viewer" as const),
  sites: row.sites,
  resources: row.resources,
  secondFactor: { enabled: false, required: false, setupNeeded: false },
  token: bearer,
});

/**
 * A resource-limited token (docs/INTEGRATIONS.md#resource-limited-tokens) opens only the routes of its
 * resources: a route's resource is its module's (routes/modules.ts) unless the route names its own
 * (`config.resource`). History, Trash, Overview and Schedule span every kind (`spansKinds`), so no
 * limited token opens them, nor a module added later until a token lists its resource: denied by default.
 */
export function assertTokenResource(request: FastifyRequest, resource: SiteResource): void {
  const allowed = request.session?.resources;
  if (!allowed) return;
  if (!allowed.includes(request.routeOptions.config.resource ?? resource))
    throw forbidden(M.tokenResourceForbidden);
}

/** How a session's `userId` names a token (a change it scheduled is applied as the token, while it lives). */
export const TOKEN_AUTHOR = "token:";
