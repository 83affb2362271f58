import { env, parseEnv, tracingEnv } from "@backoffice/server";
import { z } from "zod";

export const configSchema = z.object({
  CONTENT_PORT: env.port.default(8081),
  HOST: env.host,
  LOG_LEVEL: env.logLevel,
  DATA_DIR: env.dataDir,
  /** PostgreSQL for the content database; without it, PGlite under DATA_DIR/content. */
  CONTENT_DATABASE_URL: env.url.optional(),
  /** Shared with the main API; generated into DATA_DIR when missing in embedded mode. */
  CONTENT_HMAC_SECRET: env.secret.optional(),
  SEED_DEMO: env.bool.default(true),
  TMDB_API_KEY: z.string().min(1).optional(),
  TMDB_BASE_URL: env.url.optional(),
  /** Where the offline stand-in runs; TMDB calls go there while neither key nor base URL is set. */
  SANDBOX_URL: z.url().default("http://127.0.0.1:8082"),
  /** Origins allowed to read the public list from a browser, besides SITE_MOVIES_URL. */
  PUBLIC_ORIGINS: env.urlList,
  SITE_MOVIES_URL: z.url().default("https://movies.example"),
  /** OpenTelemetry traces, on when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/DEPLOYMENT.md, "Traces"). */
  ...tracingEnv,
});

export type Config = z.infer<typeof configSchema>;

/** Parses the environment once; a bad value throws one line naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  return parseEnv(configSchema, source);
}
