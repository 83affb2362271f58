import {
  adPagesOf,
  adSchema,
  adsQuery,
  adVersionParams,
  adVersionSchema,
  createAdBody,
  errorBody,
  HISTORY_MESSAGES,
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
import { refusedEdit, sentVersion } from "../../lib/versions.ts";
import { type HistoryReader, historyRepository } from "../history/repository.ts";
import { adsRepository } from "./repository.ts";
import { adVersions } from "./versions.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** A site with fixed ad pages (movies) keeps one list per page; the others name pages freely. */
export function checkAdPage(site: Site, page: string | undefined) {
  const pages = adPagesOf(site);
  if (pages && page !== undefined && !pages.includes(page)) {
    throw badRequest(`page must be one of ${pages.join(", ")}`);
  }
}

const adsRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const ads = adsRepository(fastify.db, site);
  const history = historyRepository(fastify.db, site);
  async function versionsOf(reader: HistoryReader, id: string) {
    const ad = await ads.get(id);
    if (!ad) throw notFound(HISTORY_MESSAGES.adNotFound);
    return adVersions(ad, await history.ofRecord(reader, "ads", id, { oldestFirst: true, limit: 1000 }));
  }
  // What its writes change in the public reads: cleared before a write's answer leaves (plugins/invalidation.ts).
  const writes = { invalidates: cacheKeys.of(site, "ads") };
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
    {
      config: writes,
      schema: { tags, body: createAdBody, response: { 201: successOf(adSchema), ...errors } },
    },
    async (request, reply) => {
      checkAdPage(site, request.body.page);
      const ad = await ads.create(request.body);
      return reply
        .code(201)
        .send({ status: "success" as const, data: ad, message: "Ad created successfully" });
    },
  );

  fastify.put(
    "/ads/:id",
    {
      config: { ...writes, schedules: "ads" },
      schema: {
        tags,
        params: idParams,
        body: updateAdBody,
        response: { 200: successOf(adSchema), ...errors },
      },
    },
    async (request) => {
      checkAdPage(site, request.body.page);
      const { id } = request.params;
      const version = sentVersion(request);
      const ad = await ads.update(id, request.body, version);
      if (!ad) throw await refusedEdit(version, () => ads.get(id), "Ad not found");
      return { status: "success" as const, data: ad, message: "Ad updated successfully" };
    },
  );

  fastify.delete(
    "/ads/:id",
    { config: writes, schema: { tags, params: idParams, response: { 200: messageBody, ...errors } } },
    async (request) => {
      if (!(await ads.remove(request.params.id))) throw notFound("Ad not found");
      return { status: "success" as const, message: "Ad deleted successfully" };
    },
  );

  // Script versions: every save is one, from the audit log; a restore saves a new one.
  fastify.get(
    "/ads/:id/versions",
    { schema: { tags, params: idParams, response: { 200: successOf(z.array(adVersionSchema)), ...errors } } },
    async (request) => ({
      status: "success" as const,
      data: await versionsOf(request.session!, request.params.id),
    }),
  );

  fastify.post(
    "/ads/:id/versions/:version/restore",
    {
      config: writes,
      schema: { tags, params: adVersionParams, response: { 200: successOf(adSchema), ...errors } },
    },
    async (request) => {
      const { id, version } = request.params;
      const chosen = (await versionsOf(request.session!, id)).find((saved) => saved.version === version);
      if (!chosen) throw notFound(HISTORY_MESSAGES.versionNotFound);
      const { page, url, head, body, isActive } = chosen;
      const ad = await ads.update(id, { page, url, head, body, isActive });
      if (!ad) throw notFound(HISTORY_MESSAGES.adNotFound);
      return { status: "success" as const, data: ad, message: HISTORY_MESSAGES.versionRestored(version) };
    },
  );
};

export default adsRoutes;
