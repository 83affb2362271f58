import { resolve } from "node:path";
import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");
const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z.string().url().optional();
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
  PORT: port.default(8080),
  HOST: z.string().min(1).default("127.0.0.1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().min(1).default(resolve(repoRoot, "data")),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  TRUST_PROXY: bool.default(false),
  ADMIN_EMAIL: z.string().email().default("admin@example.com"),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  SEED_DEMO: bool.default(true),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default("Back-office <no-reply@backoffice.local>"),
  PUBLIC_ORIGINS: list,
  SITE_APKW_URL: z.string().url().default("https://apkw.example"),
  SITE_SPORTBN_URL: z.string().url().default("https://sportbn.example"),
  SITE_MOVIES_URL: z.string().url().default("https://movies.example"),
  WEB_DIST_DIR: z.string().min(1).default(resolve(repoRoot, "apps/web/dist")),
  CONTENT_URL: z.string().url().default("http://127.0.0.1:8081"),
  CONTENT_HMAC_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  SANDBOX_URL: z.string().url().default("http://127.0.0.1:8082"),
  APISPORTS_KEY: z.string().optional(),
  APISPORTS_FOOTBALL_URL: optionalUrl,
  APISPORTS_BASKETBALL_URL: optionalUrl,
  APISPORTS_HOCKEY_URL: optionalUrl,
  APISPORTS_AMFOOTBALL_URL: optionalUrl,
  FEED_TIMEZONE: z.string().default("UTC"),
  TMDB_API_KEY: z.string().optional(),
  TMDB_BASE_URL: optionalUrl,
  TMDB_IMAGE_BASE_URL: optionalUrl,
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
