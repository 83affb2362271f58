import { appSchema, appsQuery, errorBody, successOf } from "@backoffice/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cacheKeys } from "../../lib/cache-keys.ts";
import { publicReadOptions, sendCached } from "../../lib/public-reply.ts";
import { appsRepository } from "./repository.ts";

/** `GET /api/v1/public/apkw/apps?category=`: the catalogue the public site lists, anonymous. */
const appsPublicRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const apps = appsRepository(fastify.db);
  fastify.get(
    "/apps",
    publicReadOptions({
      querystring: appsQuery,
      response: { 200: successOf(z.array(appSchema)), 400: errorBody },
    }),
    async (request, reply) => {
      const { category } = request.query;
      const answer = await fastify.publicCache.get(cacheKeys.entry("apkw", "apps", category), async () => ({
        status: "success",
        data: await apps.list(category),
      }));
      return sendCached(reply, answer);
    },
  );
};

export default appsPublicRoutes;
