import { installJsonParser as installSharedJsonParser, unauthorized } from "@backoffice/server";
import {
  isFreshTimestamp,
  SIGNATURE_MAX_AGE_SECONDS,
  SIGNATURE_MESSAGES,
  verifyRead,
  verifySignature,
} from "@backoffice/server/signing";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UsedSignatures } from "../repositories/signatures.ts";

const PURGE_EVERY_MS = 60_000;

/**
 * Parses JSON bodies and keeps the exact text on `request.rawBody`, since signatures cover the body
 * as sent, not a re-serialisation of it. An empty body reads as no body. Other content types get 415.
 */
export function installJsonParser(fastify: FastifyInstance): void {
  fastify.decorateRequest("rawBody", undefined);
  installSharedJsonParser(fastify, (request, text) => {
    request.rawBody = text;
  });
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === "string" ? value.trim() : undefined;
};

/**
 * The request's X-Timestamp and X-Signature once `verify` accepts them and the timestamp is within
 * 300 s of `time`; else the 401 saying which is wrong.
 */
function checkedSignature(
  request: FastifyRequest,
  verify: (timestamp: string, signature: string) => boolean,
  time: number,
) {
  const timestamp = header(request, "x-timestamp");
  const signature = header(request, "x-signature");
  if (!timestamp || !signature) throw unauthorized(SIGNATURE_MESSAGES.missing);
  if (!verify(timestamp, signature)) {
    request.log.warn("rejected a request with an invalid signature");
    throw unauthorized(SIGNATURE_MESSAGES.invalid);
  }
  if (!isFreshTimestamp(timestamp, time)) throw unauthorized(SIGNATURE_MESSAGES.stale);
  return { timestamp, signature };
}

/**
 * A `preValidation` hook admitting only signed requests: X-Signature must be the HMAC of
 * METHOD + path + raw body + X-Timestamp, the timestamp within 300 s of now, and the signature not
 * seen before. It runs before validation, so an unsigned caller learns nothing about the payload rules.
 */
export function requireSignature(options: {
  secret: string;
  signatures: UsedSignatures;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  let lastPurge = 0;
  return async function checkSignature(request: FastifyRequest): Promise<void> {
    const time = now();
    const { timestamp, signature } = checkedSignature(
      request,
      (timestamp, signature) =>
        verifySignature({
          method: request.method,
          path: request.url.split("?")[0]!,
          body: request.rawBody,
          secret: options.secret,
          timestamp,
          signature,
        }),
      time,
    );
    if (time - lastPurge > PURGE_EVERY_MS) {
      lastPurge = time;
      await options.signatures.purge(new Date(time));
    }
    const expiresAt = new Date((Number(timestamp) + SIGNATURE_MAX_AGE_SECONDS) * 1000);
    if (!(await options.signatures.remember(signature.toLowerCase(), expiresAt))) {
      request.log.warn("rejected a replayed signature");
      throw unauthorized(SIGNATURE_MESSAGES.replayed);
    }
  };
}

/**
 * A `preValidation` hook for the reads only the api may make (the list's flags as set, `?at=`): the
 * X-Signature of `signRead` over the path with its query, the timestamp within 300 s of now. A read
 * repeats nothing, so there is no replay check.
 */
export function requireSignedRead(options: { secret: string; now?: () => number }) {
  const now = options.now ?? Date.now;
  return async function checkReadSignature(request: FastifyRequest): Promise<void> {
    checkedSignature(
      request,
      (timestamp, signature) =>
        verifyRead({ pathWithQuery: request.url, secret: options.secret, timestamp, signature }),
      now(),
    );
  };
}
