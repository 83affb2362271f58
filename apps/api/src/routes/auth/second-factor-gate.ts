import { SECOND_FACTOR_MESSAGES as M } from "@backoffice/contracts/second-factor";
import { forbidden } from "@backoffice/server";
import type { FastifyRequest } from "fastify";

/** Whether a request may go on while its member must still set up a second factor: setting up and signing out. */
function allowedBeforeSetup(url: string | undefined): boolean {
  return url === "/api/v1/csrf" || Boolean(url?.startsWith("/api/v1/auth/"));
}

/**
 * preHandler of every route (app.ts), after the admin routes' `requireAdmin` set the session: while an
 * Owner requires a second factor, a member without one may only set one up and sign out (403 else).
 * The session lookup already read whether they must (`findLive`): no query here.
 */
export async function secondFactorGate(request: FastifyRequest): Promise<void> {
  if (!request.session || allowedBeforeSetup(request.routeOptions.url)) return;
  if (request.session.secondFactor.setupNeeded) throw forbidden(M.setupRequired);
}
