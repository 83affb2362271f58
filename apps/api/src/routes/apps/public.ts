import { appsQuery, errorBody, publicAppSchema, successOf } from "@backoffice/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicUrlOf } from "../../config.ts";
import { cacheKeys } from "../../lib/cache-keys.ts";
import { previewAt, publicReadOptions, sendCached } from "../../lib/public-reply.ts";
import { flagsNow, nextFlagChange } from "../../lib/windows.ts";
import { publicImagesOf } from "../media/repository.ts";
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
      response: { 200: successOf(z.array(publicAppSchema)), 400: errorBody },
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
          // The icon's and background's sizes when they are media images (docs/MEDIA.md, "Public reads").
          const images = await publicImagesOf(
            fastify.db,
            "apkw",
            publicUrlOf(fastify.config),
            all.map((app) => ({ icon_app: app.icon_app, bg_app: app.bg_app })),
          );
          return {
            status: "success",
            data: all.map((app, index) => ({ ...flagsNow("apps", app, now), images: images[index] ?? {} })),
          };
        },
        previewAt(request),
      );
      return sendCached(reply, answer);
    },
  );
};

export default appsPublicRoutes;
