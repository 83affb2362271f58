import { resolve } from "node:path";
import { z } from "zod";

/** The repository's root: the shared data directory (and the built dashboard) live below it. */
export const REPO_ROOT = resolve(import.meta.dirname, "../../..");

/** Building blocks of the servers' environment schemas, so every server reads values the same way. */
export const env = {
  bool: z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1"),
  port: z.coerce.number().int().min(0).max(65535),
  /** The address a server listens on: loopback unless told otherwise. */
  host: z.string().min(1).default("127.0.0.1"),
  /** Where the embedded databases and generated secrets live. */
  dataDir: z.string().min(1).default(resolve(REPO_ROOT, "data")),
  url: z.url(),
  logLevel: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** A signing key: 32 bytes or more (a shorter one can be guessed offline from one signed request). */
  secret: z
    .string()
    .refine((value) => Buffer.byteLength(value) >= 32, { message: "must be at least 32 bytes" }),
  urlList: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: "must be a comma-separated list of URLs" }))),
};

/** A bad setting: its message is one line naming the variable, printed before exiting with 1. */
export class ConfigError extends Error {}

/** Parses the environment once against a schema; empty values count as unset. */
export function parseEnv<T extends z.ZodType>(schema: T, source: NodeJS.ProcessEnv): z.infer<T> {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = schema.safeParse(present);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = String(issue.path[0]);
  // A secret's value never reaches the terminal or the log collector, even a wrong one (an OTLP
  // receiver's headers carry its key).
  const got = /SECRET|PASSWORD|TOKEN|KEY|HEADERS/.test(name) ? "" : ` (got ${JSON.stringify(source[name])})`;
  throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${got}`);
}
