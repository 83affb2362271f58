import { resolve } from "node:path";
import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");
const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z.url().optional();
const list = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ error: "must be a comma-separated list of URLs" })));

const repoRoot = resolve(import.meta.dirname, "../../..");

export const configSchema = z.object({
  CONTENT_PORT: port.default(8081),
  HOST: z.string().min(1).default("127.0.0.1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().min(1).default(resolve(repoRoot, "data")),
  /** PostgreSQL for the content database; without it, PGlite under DATA_DIR/content. */
  CONTENT_DATABASE_URL: optionalUrl,
  /** Shared with the main API; generated into DATA_DIR when missing in embedded mode. */
  CONTENT_HMAC_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  SEED_DEMO: bool.default(true),
  TMDB_API_KEY: z.string().min(1).optional(),
  TMDB_BASE_URL: optionalUrl,
  /** Where the offline stand-in runs; TMDB calls go there while neither key nor base URL is set. */
  SANDBOX_URL: z.url().default("http://127.0.0.1:8082"),
  /** Origins allowed to read the public list from a browser, besides SITE_MOVIES_URL. */
  PUBLIC_ORIGINS: list,
  SITE_MOVIES_URL: z.url().default("https://movies.example"),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = configSchema.safeParse(present);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = String(issue.path[0]);
  throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got ${JSON.stringify(env[name])})`);
}

export const TMDB_PRODUCTION_URL = "https://api.themoviedb.org/3";

export interface TmdbSettings {
  baseUrl: string;
  /** Sent as `api_key`; absent when a base URL is set explicitly without a key. */
  apiKey: string | undefined;
}

/**
 * Where titles are imported from (DESIGN §6): an explicit TMDB_BASE_URL as given; otherwise TMDB
 * itself when a key is set, else the sandbox, which takes any key.
 */
export function tmdbSettings(config: Config): TmdbSettings {
  if (config.TMDB_BASE_URL) {
    const baseUrl = config.TMDB_BASE_URL.replace(/\/+$/, "");
    const isSandbox = baseUrl.startsWith(config.SANDBOX_URL.replace(/\/+$/, ""));
    return { baseUrl, apiKey: config.TMDB_API_KEY ?? (isSandbox ? "sandbox" : undefined) };
  }
  if (config.TMDB_API_KEY) return { baseUrl: TMDB_PRODUCTION_URL, apiKey: config.TMDB_API_KEY };
  return { baseUrl: `${config.SANDBOX_URL.replace(/\/+$/, "")}/tmdb/3`, apiKey: "sandbox" };
}
