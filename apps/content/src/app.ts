import type { Database } from "@backoffice/db";
import {
  createCache,
  createKeptAnswers,
  type FrontDoor,
  installErrorHandlers,
  installRequestIdHeader,
  installSecurityHeaders,
  serverOptions as sharedServerOptions,
  tmdbSettings,
} from "@backoffice/server";
import swagger from "@fastify/swagger";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import { installJsonParser } from "./plugins/signature.ts";
import backupRoutes from "./routes/backup/index.ts";
import moviesRoutes from "./routes/movies/index.ts";
import systemRoutes from "./routes/system.ts";
import "./types.ts";

export interface AppOptions {
  config: Config;
  db: Database;
  /** Key of the request signatures (CONTENT_HMAC_SECRET or the generated one). */
  secret: string;
  /** Clock of the signature check (tests move it). */
  now?: () => number;
  /** The server's front door (from `serverOptions`): kept answers of the public list are given there. */
  front?: FrontDoor;
}

// The largest write is a delete of 1000 ids (~30 kB).
export const BODY_LIMIT = 256 * 1024;

/** Server options shared by the entry point and the tests. */
export function serverOptions(config: Config, front?: FrontDoor): FastifyServerOptions {
  return sharedServerOptions({
    ...(front ? { front } : {}),
    logLevel: config.LOG_LEVEL,
    redact: ['req.headers["x-signature"]'],
    bodyLimit: BODY_LIMIT,
  });
}

/** The whole content service as one plugin: the entry point and the tests register it on their own instance. */
export default fp(async function app(fastify: FastifyInstance, options: AppOptions) {
  fastify.decorate("config", options.config);
  fastify.decorate("db", options.db);
  fastify.decorate("tmdb", tmdbSettings(options.config));
  const listCache = createCache({ maxEntries: 1000 });
  const keptAnswers = createKeptAnswers(1000);
  fastify.decorate("listCache", listCache);
  fastify.decorate("keptAnswers", keptAnswers);
  fastify.decorate("listChanged", () => {
    listCache.invalidate("");
    keptAnswers.clear();
  });
  if (options.front) options.front.serve = (request, response) => keptAnswers.answer(request, response);
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  installJsonParser(fastify);
  installErrorHandlers(fastify);

  installRequestIdHeader(fastify);
  installSecurityHeaders(fastify);

  // The OpenAPI description (`fastify.swagger()`): the reliability suite enumerates routes from it.
  await fastify.register(swagger, {
    openapi: { info: { title: "Content service", version: "1.0.0" } },
    transform: jsonSchemaTransform,
  });
  await fastify.register(systemRoutes);
  await fastify.register(moviesRoutes, { secret: options.secret, now: options.now });
  await fastify.register(backupRoutes, { secret: options.secret, now: options.now });
});
