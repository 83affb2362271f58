import {
  errorBody,
  idParams,
  LOCKER_TYPES_OF,
  type LockerBody,
  lockerBody,
  lockerQuery,
  lockerSchema,
  type Site,
  successOf,
  updateLockerBody,
} from "@backoffice/contracts";
import { badRequest } from "@backoffice/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cacheKeys } from "../../lib/cache-keys.ts";
import { refusedEdit, sentVersion } from "../../lib/versions.ts";
import { lockersRepository } from "./repository.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * Each site chooses among its own locker types (sportbn js or api; movies fixed to js). Answers the
 * fields given but `site`: a type left out is the current one on a save, and stays on an update.
 */
function checkedSettings<Body extends Partial<LockerBody>>(site: Site, body: Body): Omit<Body, "site"> {
  if (body.site !== undefined && body.site !== site) throw badRequest(`site must be ${site}`);
  const types = LOCKER_TYPES_OF[site] ?? [];
  if (body.type !== undefined && !types.includes(body.type))
    throw badRequest(
      types.length === 1 ? `type is fixed to ${types[0]} for ${site}` : `type must be ${types.join(" or ")}`,
    );
  const { site: _site, ...settings } = body;
  return settings;
}

const lockerRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const lockers = lockersRepository(fastify.db, site);
  // What its writes change in the public reads: cleared before a write's answer leaves (plugins/invalidation.ts).
  const writes = { invalidates: cacheKeys.of(site, "locker") };
  const tags = [`${site}: locker`];

  fastify.get(
    "/locker",
    {
      schema: {
        tags,
        querystring: lockerQuery,
        response: { 200: successOf(z.array(lockerSchema)), ...errors },
      },
    },
    async (request) => {
      if (request.query.site !== undefined && request.query.site !== site)
        throw badRequest(`site must be ${site}`);
      const locker = await lockers.find();
      return { status: "success" as const, data: locker ? [locker] : [] };
    },
  );

  fastify.post(
    "/locker",
    {
      config: writes,
      schema: {
        tags,
        body: lockerBody,
        response: { 200: successOf(lockerSchema), 201: successOf(lockerSchema), ...errors },
      },
    },
    async (request, reply) => {
      const current = await lockers.find();
      const settings = checkedSettings(site, request.body);
      const { locker, created } = await lockers.upsert({
        ...settings,
        type: settings.type ?? current?.type ?? "js",
      });
      return reply.code(created ? 201 : 200).send({
        status: "success" as const,
        data: locker,
        message: created ? "Locker created successfully" : "Locker updated successfully",
      });
    },
  );

  fastify.put(
    "/locker/:id",
    {
      // A save sending the `updatedAt` it loaded (If-Match) answers 409 once the locker changed since.
      config: { ...writes, schedules: "locker" },
      schema: {
        tags,
        params: idParams,
        body: updateLockerBody,
        response: { 200: successOf(lockerSchema), ...errors, 409: errorBody },
      },
    },
    async (request) => {
      const { id } = request.params;
      const version = sentVersion(request);
      const locker = await lockers.update(id, checkedSettings(site, request.body), version);
      if (!locker)
        throw await refusedEdit(version, async () => (await lockers.find())?._id === id, "Locker not found");
      return { status: "success" as const, data: locker, message: "Locker updated successfully" };
    },
  );
};

export default lockerRoutes;
