import { LOCKER_RULES, publicLockerSchema, type Site, successOf } from "@backoffice/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cacheKeys } from "../../lib/cache-keys.ts";
import { publicReadOptions, sendCached } from "../../lib/public-reply.ts";
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
    async (_request, reply) => {
      const answer = await fastify.publicCache.get(cacheKeys.entry(site, "locker"), async () => {
        const locker = await lockers.find();
        const data = locker
          ? { type: locker.type, seconds: locker.seconds, isActive: locker.isActive }
          : DEFAULT_LOCKER;
        return { status: "success", data };
      });
      return sendCached(reply, answer);
    },
  );
};

export default lockerPublicRoutes;
