import { type Database } from "@backoffice/db";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.ts";
/** The content database: PostgreSQL at CONTENT_DATABASE_URL, or PGlite under DATA_DIR/content. */
export declare function openContentDatabase(config: Config): Promise<Database>;
/**
 * The signing secret: CONTENT_HMAC_SECRET, or in embedded mode the one kept in DATA_DIR (generated on
 * the first run, read by the main API too). A PostgreSQL deployment must configure it.
 */
export declare function resolveSecret(config: Config): string;
/** Applies migrations; on the database's very first start adds the demo titles unless SEED_DEMO=false. */
export declare function bootstrap(db: Database, config: Config, log: FastifyBaseLogger): Promise<void>;
