import {
  APP_MESSAGES,
  type AppInput,
  appSchema,
  appsQuery,
  createAppBody,
  deleteAppsAnswer,
  errorBody,
  idParams,
  idsBody,
  successOf,
  updateAppBody,
} from "@backoffice/contracts";
import { notFound } from "@backoffice/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cacheKeys } from "../../lib/cache-keys.ts";
import { refusedEdit, sentVersion } from "../../lib/versions.ts";
import { appsRepository } from "./repository.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** The apkw apps & games catalogue; the public catalogue reads it through the cache. */
const appsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const apps = appsRepository(fastify.db);
  // What its writes change in the public reads: cleared before a write's answer leaves (plugins/invalidation.ts).
  const writes = { invalidates: cacheKeys.of("apkw", "apps") };
  const tags = ["apkw: apps"];

  fastify.get(
    "/apps",
    { schema: { tags, querystring: appsQuery, response: { 200: successOf(z.array(appSchema)), ...errors } } },
    async (request) => ({ status: "success" as const, data: await apps.list(request.query.category) }),
  );

  fastify.post(
    "/apps",
    {
      config: writes,
      schema: { tags, body: createAppBody, response: { 201: successOf(appSchema), ...errors } },
    },
    async (request, reply) => {
      const app = await apps.create(request.body as AppInput & { title: string });
      return reply.code(201).send({ status: "success" as const, data: app, message: APP_MESSAGES.created });
    },
  );

  fastify.put(
    "/apps/:id",
    {
      config: { ...writes, schedules: "apps" },
      schema: {
        tags,
        params: idParams,
        body: updateAppBody,
        response: { 200: successOf(appSchema), ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const version = sentVersion(request);
      const app = await apps.update(id, request.body, version);
      if (!app) throw await refusedEdit(version, () => apps.find(id), "App not found");
      return { status: "success" as const, data: app, message: APP_MESSAGES.updated };
    },
  );

  fastify.delete(
    "/apps",
    { config: writes, schema: { tags, body: idsBody, response: { 200: deleteAppsAnswer, ...errors } } },
    async (request) => {
      const ids = [...new Set(request.body.ids)];
      const deleted = await apps.remove(ids);
      const missing = ids.filter((id) => !deleted.includes(id));
      if (deleted.length === 0)
        throw notFound(
          `No app found with ${ids.length > 1 ? "these ids" : "this id"}: ${missing.join(", ")}`,
        );
      const message = missing.length
        ? `${APP_MESSAGES.deleted}; not found: ${missing.join(", ")}`
        : APP_MESSAGES.deleted;
      return { status: "success" as const, message, deleted, notFound: missing };
    },
  );
};

export default appsRoutes;
