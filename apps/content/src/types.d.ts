import type { Database } from "@backoffice/db";
import type { Cache, KeptAnswers, TmdbSettings } from "@backoffice/server";
import type { Config } from "./config.ts";
declare module "fastify" {
    interface FastifyInstance {
        config: Config;
        db: Database;
        tmdb: TmdbSettings;
        /** Serialized answers of the public list, dropped by every successful signed write. */
        listCache: Cache;
        /** Whole answers of the public list for the front door. */
        keptAnswers: KeptAnswers;
        /** Drops both copies of the public list's answers: after every change of the titles. */
        listChanged(): void;
    }
    interface FastifyRequest {
        /** The request body exactly as received (JSON requests only): signatures are checked over it. */
        rawBody: string | undefined;
    }
}
