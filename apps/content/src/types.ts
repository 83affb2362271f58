import type { Database } from "@backoffice/db";
import type { TmdbSettings } from "@backoffice/server";
import type { Config } from "./config.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Database;
    tmdb: TmdbSettings;
  }
  interface FastifyRequest {
    /** The request body exactly as received (JSON requests only): signatures are checked over it. */
    rawBody: string | undefined;
  }
}
