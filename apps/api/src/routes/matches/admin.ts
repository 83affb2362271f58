import {
  deleteMatchesAnswer,
  errorBody,
  idParams,
  idsBody,
  MATCH_MESSAGES,
  matchBody,
  matchSchema,
  type Site,
  successOf,
} from "@backoffice/contracts";
import { notFound } from "@backoffice/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cacheKeys } from "../../lib/cache-keys.ts";
import { matchesRepository } from "./repository.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Manage Matches: the flattened payload in, the nested match out. */
const matchesRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const matches = matchesRepository(fastify.db, site);
  // What its writes change in the public reads: cleared before a write's answer leaves (plugins/invalidation.ts).
  const writes = { invalidates: cacheKeys.of(site, "matches") };
  const tags = [`${site}: matches`];

  fastify.get(
    "/matches",
    { schema: { tags, response: { 200: successOf(z.array(matchSchema)), ...errors } } },
    async () => ({
      status: "success" as const,
      data: await matches.list(),
    }),
  );

  fastify.post(
    "/matches",
    {
      config: writes,
      schema: { tags, body: matchBody, response: { 201: successOf(matchSchema), ...errors } },
    },
    async (request, reply) => {
      const match = await matches.create(request.body);
      return reply
        .code(201)
        .send({ status: "success" as const, data: match, message: MATCH_MESSAGES.created });
    },
  );

  fastify.put(
    "/matches/:id",
    {
      config: writes,
      schema: {
        tags,
        params: idParams,
        body: matchBody,
        response: { 200: successOf(matchSchema), ...errors },
      },
    },
    async (request) => {
      const match = await matches.update(request.params.id, request.body);
      if (!match) throw notFound(MATCH_MESSAGES.notFound);
      return { status: "success" as const, data: match, message: MATCH_MESSAGES.updated };
    },
  );

  fastify.delete(
    "/matches",
    {
      config: writes,
      schema: {
        tags,
        body: idsBody,
        response: { 200: deleteMatchesAnswer, ...errors },
      },
    },
    async (request) => {
      const deleted = await matches.remove(request.body.ids);
      if (deleted.length === 0) throw notFound(MATCH_MESSAGES.notFound);
      const message = deleted.length === 1 ? MATCH_MESSAGES.deleted : MATCH_MESSAGES.deletedMany;
      return { status: "success" as const, message, deleted };
    },
  );
};

export default matchesRoutes;
