// Server-only: the content service's request signature (docs/PRODUCT-RULES.md#secrets-stay-on-the-servers).
// The browser never signs.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

export const TIMESTAMP_HEADER = "X-Timestamp";
export const SIGNATURE_HEADER = "X-Signature";
/** How far (seconds) a signed request's timestamp may be from the receiver's clock, either way. */
export const SIGNATURE_MAX_AGE_SECONDS = 300;

export const SIGNATURE_MESSAGES = {
  missing: "Missing signature: send X-Timestamp and X-Signature",
  invalid: "Invalid signature",
  stale: "Request timestamp is too old or too far in the future",
  replayed: "Request already used",
} as const;

export interface SignatureInput {
  method: string;
  /** Request path as sent, without the query string (a query string is cut off). */
  path: string;
  /** The exact JSON text sent; empty or absent counts as `{}`. */
  body?: string | undefined;
  secret: string;
}

/** What the HMAC covers: METHOD + path + body + timestamp. */
export function signatureBase(input: Omit<SignatureInput, "secret"> & { timestamp: string }): string {
  const path = input.path.split("?")[0]!;
  const body = input.body === undefined || input.body === "" ? "{}" : input.body;
  return input.method.toUpperCase() + path + body + input.timestamp;
}

function hmacHex(secret: string, base: string): string {
  return createHmac("sha256", secret).update(base, "utf8").digest("hex");
}

// Last timestamp issued per request text, so this process never sends the same signature twice.
const lastIssued = new Map<string, number>();

/**
 * A timestamp for a new request: now, or one second past the last one given to the same request
 * text, since the receiver refuses a signature it has already accepted (an admin clicking the
 * same toggle twice within a second would otherwise be refused as a replay).
 */
function freshTimestamp(key: string): number {
  const now = Math.floor(Date.now() / 1000);
  const timestamp = Math.max(now, (lastIssued.get(key) ?? 0) + 1);
  lastIssued.set(key, timestamp);
  // An entry older than the current second no longer changes anything.
  if (lastIssued.size > 1000) {
    for (const [entry, issued] of lastIssued) if (issued < now) lastIssued.delete(entry);
  }
  return timestamp;
}

/**
 * Headers for a signed content-service write:
 * `X-Signature` = hex HMAC-SHA256(secret, METHOD + path + body + timestamp), `X-Timestamp` in epoch
 * seconds. Without an explicit timestamp, repeats of the same request get distinct signatures.
 */
export function signRequest(input: SignatureInput & { timestamp?: number | string }): {
  "X-Timestamp": string;
  "X-Signature": string;
} {
  const timestamp = String(
    input.timestamp ??
      freshTimestamp(
        createHash("sha256")
          .update(input.secret)
          .update("\0")
          .update(signatureBase({ ...input, timestamp: "" }))
          .digest("base64"),
      ),
  );
  return {
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: hmacHex(input.secret, signatureBase({ ...input, timestamp })),
  } as { "X-Timestamp": string; "X-Signature": string };
}

/** True when `signature` is the request's HMAC; compared in constant time. Does not check the timestamp's age. */
export function verifySignature(input: SignatureInput & { timestamp: string; signature: string }): boolean {
  return isHmacOf(input.secret, signatureBase(input), input.signature);
}

/** True when `signature` (hex) is the HMAC of `base`; compared in constant time. */
function isHmacOf(secret: string, base: string, signature: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(hmacHex(secret, base), "hex"), Buffer.from(signature, "hex"));
}

/**
 * What the HMAC of a signed read covers: the request line with its query (the query is what the read
 * asks for) and the timestamp, after a prefix no write's base can start with, so neither signature
 * passes for the other.
 */
const readBase = (pathWithQuery: string, timestamp: string) => `read\0GET ${pathWithQuery}\0${timestamp}`;

/**
 * Headers for a signed content-service read (the views the public may not have: the flags as set,
 * `?at=`). A read changes nothing, so a repeat is harmless: it has no replay check and carries
 * the current second.
 */
export function signRead(
  pathWithQuery: string,
  secret: string,
): { "X-Timestamp": string; "X-Signature": string } {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: hmacHex(secret, readBase(pathWithQuery, timestamp)),
  } as { "X-Timestamp": string; "X-Signature": string };
}

/** True when `signature` is the read's HMAC; compared in constant time. Does not check the timestamp's age. */
export function verifyRead(input: {
  pathWithQuery: string;
  secret: string;
  timestamp: string;
  signature: string;
}) {
  return isHmacOf(input.secret, readBase(input.pathWithQuery, input.timestamp), input.signature);
}

/** Whether an `X-Timestamp` value is epoch seconds within `maxAgeSeconds` of `nowMs`. */
export function isFreshTimestamp(
  timestamp: string,
  nowMs: number = Date.now(),
  maxAgeSeconds: number = SIGNATURE_MAX_AGE_SECONDS,
): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) - nowMs / 1000) <= maxAgeSeconds;
}
