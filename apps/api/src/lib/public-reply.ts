import type { FastifyReply } from "fastify";

/** Bodies of the public intake routes stay small (a subscription, a contact message). */
export const PUBLIC_BODY_LIMIT = 4 * 1024;

// Reads are cached by browsers and proxies briefly; admin writes reach this server's cache at once.
const CACHE_CONTROL = "public, max-age=30";

/**
 * Sends a cached public answer. The hot read path skips @fastify/helmet (which builds its
 * middleware on every request) and sends the two headers a JSON answer read by other origins needs.
 */
export const sendCached = (reply: FastifyReply, text: string) =>
  reply
    .headers({
      "cache-control": CACHE_CONTROL,
      "x-content-type-options": "nosniff",
      "cross-origin-resource-policy": "cross-origin",
    })
    .type("application/json; charset=utf-8")
    .send(text);
