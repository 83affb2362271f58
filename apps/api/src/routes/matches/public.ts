import { publicMatchSchema, type Site, successOf } from "@backoffice/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cacheKeys } from "../../lib/cache-keys.ts";
import { publicReadOptions, sendCached } from "../../lib/public-reply.ts";
import { otherServersRepository } from "../other-servers/repository.ts";
import { matchesRepository } from "./repository.ts";

/** `GET /api/v1/public/{site}/matches`: every match with its stream servers, anonymous. */
const matchesPublicRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const matches = matchesRepository(fastify.db, site);
  const servers = otherServersRepository(fastify.db, site);
  fastify.get(
    "/matches",
    publicReadOptions({ response: { 200: successOf(z.array(publicMatchSchema)) } }),
    async (_request, reply) => {
      const text = await fastify.publicCache.get(cacheKeys.entry(site, "matches"), async () => {
        const [all, attached] = await Promise.all([matches.list(), servers.list()]);
        return {
          status: "success",
          data: all.map((match) => ({
            ...match,
            servers: attached
              .filter((server) => server.match_id === match._id)
              .map(({ _id, name, url }) => ({ _id, name, url })),
          })),
        };
      });
      return sendCached(reply, text);
    },
  );
};

export default matchesPublicRoutes;
