import type { Queryable } from "@backoffice/db";
import type { FastifyReply, FastifyRequest } from "fastify";
import { newToken, sha256 } from "../../lib/crypto.ts";

/**
 * Device cookies (OWASP's "slow down online guessing attacks with device cookies";
 * docs/decisions/017-device-cookies.md). A browser that completes a sign-in gets a random device id in
 * an HttpOnly cookie; sign-in attempts, reset codes and profile checks from a known device of the
 * account are limited per device and pass the address and account limits that strangers can fill.
 */
const DEVICE_COOKIE = "bo_device";
/** Browsers keep a cookie at most 400 days. */
const DEVICE_COOKIE_SECONDS = 400 * 24 * 60 * 60;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The device id this request's cookie carries, when it has the shape of one. */
function deviceTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== "string") return undefined;
  for (const part of header.split(";")) {
    const [name, value] = part.split("=", 2).map((text) => text.trim());
    if (name === DEVICE_COOKIE && value && TOKEN_SHAPE.test(value)) return value;
  }
  return undefined;
}

/** The key of the request's device in counters and `known_devices`, or undefined without a cookie. */
function deviceKeyOf(request: FastifyRequest): string | undefined {
  const token = deviceTokenOf(request);
  return token ? sha256(token) : undefined;
}

function devicesRepository(db: Queryable) {
  return {
    /**
     * Whether the device completed a sign-in of the account of `email`. Unknown emails run the same
     * query, so the answer takes the same time.
     */
    async isKnown(deviceKey: string, email: string): Promise<boolean> {
      const [row] = await db.query<{ known: boolean }>(
        `select exists (select 1 from known_devices d join users u on u.id = d.user_id
           where d.device_hash = $1 and lower(u.email) = lower($2)) as known`,
        [deviceKey, email.trim()],
      );
      return row!.known;
    },
    async remember(deviceKey: string, userId: string): Promise<void> {
      await db.query(
        `insert into known_devices (device_hash, user_id) values ($1, $2)
         on conflict (device_hash, user_id) do update set last_used_at = now()`,
        [deviceKey, userId],
      );
    },
  };
}

/**
 * After a completed sign-in: the browser's device becomes known to the account (a browser without
 * a cookie gets one). Scoped to the auth routes, so no other request carries it.
 */
export async function rememberDevice(request: FastifyRequest, reply: FastifyReply, userId: string) {
  const token = deviceTokenOf(request) ?? newToken();
  await devicesRepository(request.server.db).remember(sha256(token), userId);
  const secure = request.protocol === "https" ? "; Secure" : "";
  reply.header(
    "set-cookie",
    `${DEVICE_COOKIE}=${token}; Path=/api/v1/auth; Max-Age=${DEVICE_COOKIE_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
  );
}

/** The request's device when it is a known device of the account of `email`. */
export async function knownDeviceOf(request: FastifyRequest, email: string): Promise<string | undefined> {
  const key = deviceKeyOf(request);
  if (!key) return undefined;
  return (await devicesRepository(request.server.db).isKnown(key, email)) ? key : undefined;
}
