import { appSchema, appsQuery, errorBody, successOf } from "@backoffice/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cacheKeys } from "../../lib/cache-keys.ts";
import { previewAt, publicReadOptions, sendCached } from "../../lib/public-reply.ts";
import { flagsNow, nextFlagChange } from "../../lib/windows.ts";
import { appsRepository } from "./repository.ts";

/**
 * `GET /api/v1/public/apkw/apps?category=`: the catalogue the public site lists, anonymous; each
 * app's Trending and Slider are on only within their windows.
 */
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
      const answer = await fastify.publicCache.get(
        cacheKeys.entry("apkw", "apps", category),
        async (until, now) => {
          const all = await apps.list(category);
          // Trending and Slider as the public site shows them now: set and within their window
          // (docs/PRODUCT-RULES.md#windows); the answer lasts until the next flag turns on or off.
          until(nextFlagChange("apps", all, now));
          return { status: "success", data: all.map((app) => flagsNow("apps", app, now)) };
        },
        previewAt(request),
      );
      return sendCached(reply, answer);
    },
  );
};

export default appsPublicRoutes;
