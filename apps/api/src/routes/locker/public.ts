import { LOCKER_RULES, publicLockerSchema, type Site, successOf } from "@backoffice/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cacheKeys } from "../../lib/cache-keys.ts";
import { previewAt, publicReadOptions, sendCached } from "../../lib/public-reply.ts";
import { activeAt, nextChange } from "../../lib/windows.ts";
import { lockersRepository } from "./repository.ts";

/** What a site without a stored locker uses: 30 seconds, active, js. */
const DEFAULT_LOCKER = {
  type: LOCKER_RULES.defaultType,
  seconds: LOCKER_RULES.defaultSeconds,
  isActive: LOCKER_RULES.defaultActive,
};

/** `GET /api/v1/public/{site}/locker`: the wait-timer setting, anonymous. */
const lockerPublicRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const lockers = lockersRepository(fastify.db, site);
  fastify.get(
    "/locker",
    publicReadOptions({ response: { 200: successOf(publicLockerSchema) } }),
    async (request, reply) => {
      const answer = await fastify.publicCache.get(
        cacheKeys.entry(site, "locker"),
        async (until, now) => {
          const locker = await lockers.find();
          // Active: switched on and within its window (docs/PRODUCT-RULES.md#windows); the answer
          // lasts until the window's next opening or closing.
          if (locker) until(nextChange("locker", [locker], now));
          const data = locker
            ? { type: locker.type, seconds: locker.seconds, isActive: activeAt("locker", locker, now) }
            : DEFAULT_LOCKER;
          return { status: "success", data };
        },
        previewAt(request),
      );
      return sendCached(reply, answer);
    },
  );
};

export default lockerPublicRoutes;
