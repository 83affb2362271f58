import type { Database } from "@backoffice/db";
import {
  type FrontDoor,
  installJsonParser,
  installRequestIdHeader,
  serverOptions as sharedServerOptions,
} from "@backoffice/server";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import type { Clock } from "pg-boss";
import type { Config } from "./config.ts";
import type { Counters } from "./lib/counters.ts";
import { createLiveBus } from "./lib/live.ts";
import type { Mailer } from "./lib/mailer.ts";
import { mediaStorageOf } from "./lib/media-storage.ts";
import { createMetrics } from "./lib/metrics.ts";
import type { PublicCache } from "./lib/public-cache.ts";
import { countersStore } from "./lib/rate-limit.ts";
import { createWebhookDelivery } from "./lib/webhooks.ts";
import { WRITE_METHODS } from "./plugins/auth.ts";
import errors from "./plugins/errors.ts";
import { installApiSecurityHeaders } from "./plugins/security-headers.ts";
import web from "./plugins/web.ts";
import authRoutes from "./routes/auth/index.ts";
import oidcRoutes from "./routes/auth/oidc.ts";
import oidcSettingsRoutes from "./routes/auth/oidc-settings.ts";
import secondFactorRoutes from "./routes/auth/second-factor.ts";
import { secondFactorGate } from "./routes/auth/second-factor-gate.ts";
import demoImagesRoutes from "./routes/demo-images.ts";
import integrationRoutes from "./routes/integrations/index.ts";
import liveRoutes from "./routes/live/index.ts";
import mediaFilesRoutes from "./routes/media/files.ts";
import metricsRoutes from "./routes/metrics.ts";
import publicRoutes from "./routes/public/index.ts";
import siteRoutes from "./routes/sites/index.ts";
import systemRoutes from "./routes/system.ts";
import teamRoutes from "./routes/team/index.ts";
import tmdbRoutes from "./routes/tmdb/admin.ts";
import "./types.ts";

export interface AppOptions {
  config: Config;
  db: Database;
  counters: Counters;
  mailer: Mailer;
  publicCache: PublicCache;
  /** The shared Redis (counters, invalidations), when configured: `/readyz` reports on it. */
  redis?: Redis | undefined;
  /** The server's front door (from `serverOptions`): the app lets its public cache answer there. */
  front?: FrontDoor;
  /** When the job runner starts: with the server (the default), or at its first use (the API tests). */
  jobs?: "with-server" | "on-first-use";
  /** pg-boss's TestClock in the API tests: the job runner's time moves only when the test says. */
  jobsClock?: Clock;
}

export const BODY_LIMIT = 1024 * 1024;

/** Server options shared by the entry point and the tests; pass `front` to the app too. */
export function serverOptions(config: Config, front?: FrontDoor): FastifyServerOptions {
  return sharedServerOptions({
    ...(front ? { front } : {}),
    logLevel: config.LOG_LEVEL,
    // Credentials never reach the log, whatever a handler logs.
    redact: [
      "req.headers.authorization",
      "req.headers.cookie",
      'req.headers["x-csrf-token"]',
      "*.password",
      "*.otp",
      "*.token",
      "*.csrfToken",
    ],
    bodyLimit: BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
  });
}

/** The whole API as one plugin: the entry point and the tests register it on their own instance. */
export default fp(async function app(fastify: FastifyInstance, options: AppOptions) {
  fastify.decorate("config", options.config);
  fastify.decorate("db", options.db);
  fastify.decorate("counters", options.counters);
  fastify.decorate("mailer", options.mailer);
  fastify.decorate("publicCache", options.publicCache);
  fastify.decorate("redis", options.redis ?? null);
  const mediaStorage = mediaStorageOf(options.config);
  fastify.decorate("mediaStorage", mediaStorage);
  fastify.addHook("onClose", () => mediaStorage.close());
  if (options.front)
    options.front.serve = (request, response) => options.publicCache.kept.answer(request, response);
  const { redis, publicCache } = options;
  const metrics = createMetrics(
    publicCache,
    redis ? () => redis.status === "ready" && publicCache.listening() : undefined,
  );
  fastify.decorate("metrics", metrics);
  const live = createLiveBus({
    db: options.db,
    databaseUrl: options.config.DATABASE_URL,
    redis,
    log: fastify.log,
  });
  fastify.decorate("live", live);
  fastify.addHook("onClose", () => live.close());
  const webhooks = createWebhookDelivery({
    db: options.db,
    log: fastify.log,
    allowedHosts: options.config.LINK_PROBE_ALLOWED_HOSTS,
    // Every active Owner is mailed when an endpoint is switched off (docs/INTEGRATIONS.md).
    async tellOwners(url) {
      const owners = await options.db.query<{ email: string }>(
        "select email from users where level = 'owner' and disabled_at is null and role = 'admin'",
      );
      for (const { email } of owners)
        await options.mailer.send({
          to: email,
          subject: "A webhook endpoint was switched off",
          text: `Deliveries to ${url} failed for 24 hours, so the endpoint was switched off.\n\nFix the receiver, then switch the endpoint on again on Integrations (account menu): what waited is sent then.`,
        });
    },
  });
  fastify.decorate("webhooks", webhooks);
  fastify.addHook("onClose", () => webhooks.close());
  // After a write that succeeded (an admin's, or a public form's message), its rows are committed:
  // a pass a moment later sends them (debounced; the job's round every minute catches the rest).
  fastify.addHook("onResponse", (request, reply, done) => {
    if (WRITE_METHODS.has(request.method) && reply.statusCode < 300) webhooks.kick();
    done();
  });
  fastify.decorateRequest("session", null);
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);

  installJsonParser(fastify);
  installRequestIdHeader(fastify);
  // Fastify times every request already (performance.now); counting it costs a few map lookups, on
  // every route and on unmatched paths (the not-found handler is set later in this scope, so it has the hook).
  fastify.addHook("onResponse", (request, reply, done) => {
    metrics.request(
      request.method,
      request.routeOptions.url ?? "unmatched",
      reply.statusCode,
      reply.elapsedTime,
    );
    done();
  });

  // The security headers, built once and set in one call per answer (plugins/security-headers.ts).
  installApiSecurityHeaders(fastify);

  // The same counters as sign-in: shared through Redis, per instance and stricter while it is away.
  await fastify.register(rateLimit, { global: false, store: countersStore(options.counters) });

  await fastify.register(swagger, {
    openapi: {
      info: { title: "Back-office API", version: "1.0.0" },
      components: {
        securitySchemes: {
          // A member's session token, or on site routes (/api/v1/{site}/…) an API token bo_… (docs/INTEGRATIONS.md).
          bearer: {
            type: "http",
            scheme: "bearer",
            description: "A session token, or on site routes an API token (bo_…) created by an Owner",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await fastify.register(swaggerUi, { routePrefix: "/api/docs" });

  await fastify.register(errors);
  await fastify.register(web);
  await fastify.register(systemRoutes);
  await fastify.register(metricsRoutes);
  await fastify.register(demoImagesRoutes);
  await fastify.register(mediaFilesRoutes);
  // Before any route: while a second factor is required, a member without one only sets one up.
  fastify.addHook("preHandler", secondFactorGate);
  await fastify.register(authRoutes, { prefix: "/api/v1" });
  await fastify.register(oidcRoutes, { prefix: "/api/v1" });
  await fastify.register(secondFactorRoutes, { prefix: "/api/v1" });
  await fastify.register(teamRoutes, { prefix: "/api/v1/team" });
  await fastify.register(oidcSettingsRoutes, { prefix: "/api/v1/team" });
  await fastify.register(integrationRoutes, { prefix: "/api/v1" });
  await fastify.register(liveRoutes, { prefix: "/api/v1" });
  await fastify.register(siteRoutes, { jobs: options.jobs ?? "with-server", clock: options.jobsClock });
  await fastify.register(tmdbRoutes, { prefix: "/api/v1/tmdb" });
  const { config } = options;
  const siteOrigins = [
    config.SITE_APKW_URL,
    config.SITE_SPORTBN_URL,
    config.SITE_MOVIES_URL,
    ...config.PUBLIC_ORIGINS,
  ].map((url) => new URL(url).origin);
  await fastify.register(publicRoutes, { prefix: "/api/v1/public", origins: siteOrigins });
});
