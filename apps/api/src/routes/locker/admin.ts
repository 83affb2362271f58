import {
  errorBody,
  idParams,
  LOCKER_TYPES_OF,
  type LockerKind,
  lockerBody,
  lockerQuery,
  lockerSchema,
  type Site,
  successOf,
} from "@backoffice/contracts";
import { badRequest, notFound } from "@backoffice/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cacheKeys } from "../../lib/cache-keys.ts";
import { refusedEdit, sentVersion } from "../../lib/versions.ts";
import { lockersRepository } from "./repository.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Each site chooses among its own locker types (sportbn js or api; movies fixed to js). */
function settingsFrom(site: Site, body: z.infer<typeof lockerBody>, currentType: LockerKind = "js") {
  if (body.site !== undefined && body.site !== site) throw badRequest(`site must be ${site}`);
  const types = LOCKER_TYPES_OF[site] ?? [];
  if (body.type !== undefined && !types.includes(body.type))
    throw badRequest(
      types.length === 1 ? `type is fixed to ${types[0]} for ${site}` : `type must be ${types.join(" or ")}`,
    );
  return { type: body.type ?? currentType, seconds: body.seconds, isActive: body.isActive };
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
      const { locker, created } = await lockers.upsert(settingsFrom(site, request.body, current?.type));
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
      config: writes,
      schema: {
        tags,
        params: idParams,
        body: lockerBody,
        response: { 200: successOf(lockerSchema), ...errors, 409: errorBody },
      },
    },
    async (request) => {
      const { id } = request.params;
      const current = await lockers.find();
      if (!current || current._id !== id) throw notFound("Locker not found");
      const version = sentVersion(request);
      const locker = await lockers.update(id, settingsFrom(site, request.body, current.type), version);
      if (!locker)
        throw await refusedEdit(version, async () => (await lockers.find())?._id === id, "Locker not found");
      return { status: "success" as const, data: locker, message: "Locker updated successfully" };
    },
  );
};

export default lockerRoutes;
