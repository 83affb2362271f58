import { z } from "zod";

// Empty variables count as unset, so `SANDBOX_PUBLIC_URL=` in a .env file means "derive it".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema);

const schema = z.object({
  SANDBOX_PORT: optional(z.coerce.number().int().min(0).max(65_535).default(8082)),
  HOST: optional(z.string().min(1).default("127.0.0.1")),
  /** Public address of the sandbox, used in logo and image URLs; derived from each request when unset. */
  SANDBOX_PUBLIC_URL: optional(z.url().optional()),
  /** Daily request quota reported (and enforced) per API-Sports key. */
  SANDBOX_APISPORTS_DAILY_LIMIT: optional(z.coerce.number().int().positive().default(7500)),
  LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info")),
});

export type Env = z.infer<typeof schema>;

/** Reads and validates the sandbox's configuration once; throws a readable error when invalid. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid sandbox configuration: ${problems}`);
  }
  return parsed.data;
}
