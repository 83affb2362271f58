import { env, parseEnv } from "@backoffice/server";
import { z } from "zod";

const schema = z.object({
  SANDBOX_PORT: env.port.default(8082),
  HOST: env.host,
  /** Public address of the sandbox, used in logo and image URLs; derived from each request when unset. */
  SANDBOX_PUBLIC_URL: env.url.optional(),
  /** Daily request quota reported (and enforced) per API-Sports key. */
  SANDBOX_APISPORTS_DAILY_LIMIT: z.coerce.number().int().positive().default(7500),
  LOG_LEVEL: env.logLevel,
});

export type Env = z.infer<typeof schema>;

/** Reads and validates the sandbox's configuration once; a bad value throws one line naming it. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return parseEnv(schema, source);
}
