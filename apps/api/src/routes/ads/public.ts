import { adsQuery, errorBody, publicAdSchema, type Site, successOf } from "@backoffice/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cacheKeys } from "../../lib/cache-keys.ts";
import { previewAt, publicReadOptions, sendCached } from "../../lib/public-reply.ts";
import { activeNow, nextChange } from "../../lib/windows.ts";
import { checkAdPage } from "./admin.ts";
import { adsRepository } from "./repository.ts";

/**
 * `GET /api/v1/public/{site}/ads?page=`: the ads the public site shows, anonymous: those active now,
 * switched on and within their window (docs/PRODUCT-RULES.md#windows).
 */
const adsPublicRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const ads = adsRepository(fastify.db, site);
  fastify.get(
    "/ads",
    publicReadOptions({
      querystring: adsQuery,
      response: { 200: successOf(z.array(publicAdSchema)), 400: errorBody },
    }),
    async (request, reply) => {
      const page = request.query.page || undefined;
      checkAdPage(site, page);
      const answer = await fastify.publicCache.get(
        cacheKeys.entry(site, "ads", page),
        async (until, now) => {
          const switchedOn = await ads.list({ page, switchedOn: true });
          // Only the ads within their window now; the answer lasts until the next opening or closing.
          until(nextChange("ads", switchedOn, now));
          return {
            status: "success",
            // The public schema keeps only what visitors' pages need (zod drops the other fields).
            data: activeNow("ads", switchedOn, now).map((ad) => publicAdSchema.parse(ad)),
          };
        },
        previewAt(request),
      );
      return sendCached(reply, answer);
    },
  );
};

export default adsPublicRoutes;
