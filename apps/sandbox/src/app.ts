import {
  installHealthRoutes,
  installRequestIdHeader,
  installSecurityHeaders,
  serverOptions,
} from "@backoffice/server";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import { apiSportsRoutes } from "./apisports/routes.ts";
import { mediaRoutes } from "./media/routes.ts";
import { streamRoutes } from "./streams/routes.ts";
import { tmdbRoutes } from "./tmdb/routes.ts";

export interface SandboxOptions {
  logger?: FastifyServerOptions["logger"];
  /** How request lines are logged (none at info in a terminal: the shared `serverOptions`). */
  logController?: FastifyServerOptions["logController"];
  /** Clock for "today" (live fixtures, trending, quotas); tests pin it. */
  now?: () => Date;
  /** Public base URL put in logo and image links; by default taken from each request's host. */
  publicUrl?: string;
  /** Requests per API-Sports key and UTC day before the provider's quota error (default 7500). */
  apisportsDailyLimit?: number;
}

/**
 * The sandbox as a Fastify instance: `/apisports/{sport}` stands in for API-Sports,
 * `/tmdb/3` for TMDB v3, `/tmdb-images/t/p` for TMDB's image host and `/media` for
 * API-Sports' media host, `/streams/*` for stream servers (ok, not-found, error, hang, redirect).
 */
export function buildSandbox(opts: SandboxOptions = {}): FastifyInstance {
  const app = Fastify({
    ...serverOptions({ logLevel: false, bodyLimit: 64 * 1024 }),
    logger: opts.logger ?? false,
    ...(opts.logController ? { logController: opts.logController } : {}),
  });
  const now = opts.now ?? (() => new Date());
  const publicUrl = opts.publicUrl?.replace(/\/+$/, "");
  const baseUrl = (request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.host}`;

  app.setErrorHandler<FastifyError>((error, request, reply) => {
    request.log.error({ err: error }, "request failed");
    const status = typeof error.statusCode === "number" && error.statusCode < 500 ? error.statusCode : 500;
    reply
      .code(status)
      .send({ status: "error", message: status === 500 ? "Internal server error" : error.message });
  });

  installRequestIdHeader(app);
  installSecurityHeaders(app);
  installHealthRoutes(app);
  app.register(apiSportsRoutes, {
    prefix: "/apisports",
    now,
    baseUrl,
    dailyLimit: opts.apisportsDailyLimit ?? 7500,
  });
  app.register(tmdbRoutes, { prefix: "/tmdb/3", now, baseUrl });
  app.register(mediaRoutes);
  app.register(streamRoutes);
  return app;
}
