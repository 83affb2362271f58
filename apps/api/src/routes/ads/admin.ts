import {
  adPagesOf,
  adSchema,
  adsQuery,
  createAdBody,
  errorBody,
  idParams,
  messageBody,
  type Site,
  successOf,
  updateAdBody,
} from "@backoffice/contracts";
import { badRequest, notFound } from "@backoffice/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cacheKeys } from "../../lib/cache-keys.ts";
import { adsRepository } from "./repository.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** A site with fixed ad pages (movies) keeps one list per page; the others name pages freely. */
export function checkAdPage(site: Site, page: string | undefined) {
  const pages = adPagesOf(site);
  if (pages && page !== undefined && !pages.includes(page)) {
    throw badRequest(`page must be one of ${pages.join(", ")}`);
  }
}

const adsRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const ads = adsRepository(fastify.db, site);
  const changed = () => fastify.publicCache.invalidate(cacheKeys.adsOf(site));
  const tags = [`${site}: ads`];

  fastify.get(
    "/ads",
    { schema: { tags, querystring: adsQuery, response: { 200: successOf(z.array(adSchema)), ...errors } } },
    async (request) => {
      checkAdPage(site, request.query.page);
      return { status: "success" as const, data: await ads.list({ page: request.query.page }) };
    },
  );

  fastify.post(
    "/ads",
    { schema: { tags, body: createAdBody, response: { 201: successOf(adSchema), ...errors } } },
    async (request, reply) => {
      checkAdPage(site, request.body.page);
      const ad = await ads.create(request.body);
      await changed();
      return reply
        .code(201)
        .send({ status: "success" as const, data: ad, message: "Ad created successfully" });
    },
  );

  fastify.put(
    "/ads/:id",
    {
      schema: {
        tags,
        params: idParams,
        body: updateAdBody,
        response: { 200: successOf(adSchema), ...errors },
      },
    },
    async (request) => {
      checkAdPage(site, request.body.page);
      const ad = await ads.update(request.params.id, request.body);
      if (!ad) throw notFound("Ad not found");
      await changed();
      return { status: "success" as const, data: ad, message: "Ad updated successfully" };
    },
  );

  fastify.delete(
    "/ads/:id",
    { schema: { tags, params: idParams, response: { 200: messageBody, ...errors } } },
    async (request) => {
      if (!(await ads.remove(request.params.id))) throw notFound("Ad not found");
      await changed();
      return { status: "success" as const, message: "Ad deleted successfully" };
    },
  );
};

export default adsRoutes;
