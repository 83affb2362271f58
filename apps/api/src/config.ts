import { join, resolve } from "node:path";
import { openDatabase } from "@backoffice/db";
import { env, parseEnv, REPO_ROOT, tracingEnv } from "@backoffice/server";
import { z } from "zod";

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A size limit in bytes set by the environment: from 1 KiB to 1 GiB. */
const byteLimit = (defaultBytes: number) =>
  z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(defaultBytes);

export const configSchema = z
  .object({
    PORT: env.port.default(8080),
    HOST: env.host,
    LOG_LEVEL: env.logLevel,
    DATA_DIR: env.dataDir,
    DATABASE_URL: env.url.optional(),
    REDIS_URL: env.url.optional(),
    TRUST_PROXY: env.bool.default(false),
    ADMIN_EMAIL: z.string().email().default("admin@example.com"),
    ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
    SEED_DEMO: env.bool.default(true),
    SMTP_URL: env.url.optional(),
    MAIL_FROM: z.string().min(3).default("Back-office <no-reply@backoffice.local>"),
    PUBLIC_ORIGINS: env.urlList,
    SITE_APKW_URL: z.string().url().default("https://apkw.example"),
    SITE_SPORTBN_URL: z.string().url().default("https://sportbn.example"),
    SITE_MOVIES_URL: z.string().url().default("https://movies.example"),
    /** Where browsers reach this API (demo image URLs); defaults to http://HOST:PORT. */
    PUBLIC_URL: env.url.optional(),
    WEB_DIST_DIR: z.string().min(1).default(resolve(REPO_ROOT, "apps/web/dist")),
    CONTENT_URL: z.string().url().default("http://127.0.0.1:8081"),
    /** Required with DATABASE_URL; embedded mode generates one into DATA_DIR (resolveContentSecret). */
    CONTENT_HMAC_SECRET: env.secret.optional(),
    SANDBOX_URL: z.string().url().default("http://127.0.0.1:8082"),
    APISPORTS_KEY: z.string().optional(),
    APISPORTS_FOOTBALL_URL: env.url.optional(),
    APISPORTS_BASKETBALL_URL: env.url.optional(),
    APISPORTS_HOCKEY_URL: env.url.optional(),
    APISPORTS_AMFOOTBALL_URL: env.url.optional(),
    /** Calls a day the sports feed's plan allows (API-Sports' free plan: 100); the feed sync stays within it. */
    APISPORTS_DAILY_QUOTA: z.coerce.number().int().min(1).max(10_000_000).default(100),
    /**
     * A job run whose instance stopped (a crash, kill -9) is failed after this many seconds without
     * its heartbeat, and retried by a running instance (10-900; lib/jobs.ts).
     */
    JOBS_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(900).default(30),
    /** Seconds before a failed or interrupted job run is retried; each next retry waits twice as long (1-3600). */
    JOBS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** Minutes between two feed syncs of accepted fixtures (1-60). */
    FEED_SYNC_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
    /** The sportbn site's time zone: match days and times are read in it (feed days, the match lifecycle). */
    FEED_TIMEZONE: z
      .string()
      .refine(isTimeZone, "must be an IANA time zone such as Europe/London")
      .default("UTC"),
    /** Finished matches leave the public matches read this many days after their end (the admin list keeps them). */
    MATCHES_PUBLIC_FINISHED_DAYS: z.coerce.number().int().min(0).max(3650).default(7),
    /** Hosts the stream-link probe may reach although they resolve to a private or loopback address (the sandbox). */
    LINK_PROBE_ALLOWED_HOSTS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((host) =>
            host
              .trim()
              .toLowerCase()
              .replace(/^\[|\]$/g, ""),
          )
          .filter(Boolean),
      ),
    /**
     * Probes a stream-link round starts a second at most (0: no pace): 100 checks 30,000 links in 5
     * minutes, half the round's interval, without slowing public reads (docs/PERFORMANCE.md).
     */
    LINK_PROBE_PER_SECOND: z.coerce.number().int().min(0).max(10_000).default(100),
    /** The public matches read leaves out a server failing for longer than this many minutes; unset keeps them all. */
    LINK_HIDE_FAILING_AFTER_MINUTES: z.coerce.number().int().positive().optional(),
    /** Requests one API token may make a minute (docs/INTEGRATIONS.md#api-tokens); one more answers 429. */
    API_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    TMDB_API_KEY: z.string().optional(),
    TMDB_BASE_URL: env.url.optional(),
    TMDB_IMAGE_BASE_URL: env.url.optional(),
    /** Live update streams (`GET /api/v1/events`) one member may hold open on an instance; one more answers 429. */
    LIVE_STREAMS_PER_MEMBER: z.coerce.number().int().min(1).max(1000).default(10),
    /** Seconds between two heartbeats (comment lines) of an idle live update stream. */
    LIVE_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(55).default(20),
    /** A session unused for this many minutes ends (1-720); the absolute limit stays 12 hours after sign-in. */
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(720).default(720),
    /** Bearer token of `GET /metrics`; without it only a scraper on this host (loopback) is answered. */
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    /** Passkeys' relying party (a domain, e.g. admin.example.com); unset: the host the browser used. */
    WEBAUTHN_RP_ID: z.string().min(1).optional(),
    /** The dashboard's origin passkeys are made on (e.g. https://admin.example.com); unset: this request's. */
    WEBAUTHN_ORIGIN: env.url.optional(),
    /** The largest image upload in bytes (413 beyond; docs/MEDIA.md). */
    MEDIA_MAX_BYTES: byteLimit(25 * 1024 * 1024),
    /** The largest import file in bytes (CSV or JSON; 413 beyond; docs/INTEGRATIONS.md#import). */
    IMPORT_MAX_BYTES: byteLimit(64 * 1024 * 1024),
    /** The most pixels an uploaded image may have (width × height), read from its header before decoding. */
    MEDIA_MAX_PIXELS: z.coerce.number().int().min(1).max(1_000_000_000).default(50_000_000),
    /** S3-compatible media storage, used when endpoint and bucket are set (else DATA_DIR/media). */
    MEDIA_S3_ENDPOINT: env.url.optional(),
    MEDIA_S3_BUCKET: z.string().min(1).optional(),
    MEDIA_S3_REGION: z.string().min(1).default("us-east-1"),
    MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Path-style addresses (`endpoint/bucket/key`): MinIO, s3rver and most self-hosted stores need it. */
    MEDIA_S3_FORCE_PATH_STYLE: env.bool.default(false),
    /** Where backups are kept (docs/BACKUPS.md); default DATA_DIR/backups. */
    BACKUP_DIR: z.string().min(1).optional(),
    /** Encrypts new backups (AES-256-GCM); a backup written with it cannot be read without it. */
    BACKUP_ENCRYPTION_KEY: z.string().min(16, "must be at least 16 characters").optional(),
    /**
     * Off-site copies of every backup into this S3 bucket (under `backups/`), through the MEDIA_S3_*
     * endpoint and keys; needs BACKUP_ENCRYPTION_KEY (docs/BACKUPS.md, "Off-site copies").
     */
    BACKUP_S3_BUCKET: z.string().min(1).optional(),
    /** Backups kept: the newest of each of the last N days, and of the last M weeks. */
    BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(366).default(7),
    BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
    /** When the daily backup runs (cron, UTC). */
    BACKUP_SCHEDULE: z.string().min(9).default("30 3 * * *"),
    /**
     * Single sign-on (docs/SSO.md): an OpenID Connect provider set by the environment, beside those an
     * Owner adds on the Team screen. All of issuer, client id and secret, or none.
     */
    OIDC_ISSUER: env.url.optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    /** The sign-in button reads "Sign in with {OIDC_LABEL}". */
    OIDC_LABEL: z.string().min(1).max(60).default("SSO"),
    /** OpenTelemetry traces, on when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/DEPLOYMENT.md, "Traces"). */
    ...tracingEnv,
  })
  .refine(
    (config) =>
      [config.OIDC_ISSUER, config.OIDC_CLIENT_ID, config.OIDC_CLIENT_SECRET].every(
        (value) => value === undefined,
      ) ||
      [config.OIDC_ISSUER, config.OIDC_CLIENT_ID, config.OIDC_CLIENT_SECRET].every(
        (value) => value !== undefined,
      ),
    { path: ["OIDC_ISSUER"], message: "OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together" },
  )
  // A backup leaves the machine only encrypted.
  .refine((config) => !config.BACKUP_S3_BUCKET || config.BACKUP_ENCRYPTION_KEY !== undefined, {
    path: ["BACKUP_S3_BUCKET"],
    message: "needs BACKUP_ENCRYPTION_KEY: backups are copied off-site only encrypted",
  });

export type Config = z.infer<typeof configSchema>;

/** The public address of this API (media URLs, links in mails): PUBLIC_URL, else http://HOST:PORT. */
export const publicUrlOf = (config: Config) =>
  (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/$/, "");

/** Parses the environment once; a bad value throws one line naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  return parseEnv(configSchema, source);
}

/** The api's database: PostgreSQL when `DATABASE_URL` is set, else PGlite under `DATA_DIR/api`. */
export const openApiDatabase = (config: Config) =>
  openDatabase({ url: config.DATABASE_URL, dataDir: join(config.DATA_DIR, "api") });

/** Where backups are kept: BACKUP_DIR, else DATA_DIR/backups. */
export const backupDirOf = (config: Config) => config.BACKUP_DIR ?? join(config.DATA_DIR, "backups");
