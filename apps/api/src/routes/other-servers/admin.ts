import {
  errorBody,
  idParams,
  MATCH_MESSAGES,
  messageBody,
  otherServerBody,
  otherServerSchema,
  otherServersQuery,
  type Site,
  successOf,
  updateOtherServerBody,
} from "@backoffice/contracts";
import { notFound } from "@backoffice/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cacheKeys } from "../../lib/cache-keys.ts";
import { healthOf } from "../../lib/link-health.ts";
import { matchesRepository } from "../matches/repository.ts";
import { otherServersRepository } from "./repository.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Other Servers: extra stream servers of a match. */
const otherServersRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const servers = otherServersRepository(fastify.db, site);
  const matches = matchesRepository(fastify.db, site);
  // What its writes change in the public reads: cleared before a write's answer leaves (plugins/invalidation.ts).
  const writes = { invalidates: cacheKeys.of(site, "matches") };
  const tags = [`${site}: other servers`];

  // Every server of the site, or with `?matches=` those of a page of matches only.
  fastify.get(
    "/other-servers/all",
    {
      schema: {
        tags,
        querystring: otherServersQuery,
        response: { 200: successOf(z.array(otherServerSchema)), ...errors },
      },
    },
    async (request) => {
      const chosen = request.query.matches;
      const [all, health] = await Promise.all([
        chosen ? servers.ofMatches(chosen) : servers.list(),
        healthOf(fastify.db, site, chosen),
      ]);
      return {
        status: "success" as const,
        data: all.map((server) => ({ ...server, health: health(server.match_id, server.url) })),
      };
    },
  );

  fastify.post(
    "/other-servers",
    {
      config: writes,
      schema: { tags, body: otherServerBody, response: { 201: successOf(otherServerSchema), ...errors } },
    },
    async (request, reply) => {
      if (!(await matches.find(request.body.match_id))) throw notFound(MATCH_MESSAGES.notFound);
      const server = await servers.create(request.body);
      return reply
        .code(201)
        .send({ status: "success" as const, data: server, message: MATCH_MESSAGES.serverCreated });
    },
  );

  // A server's name, URL or window; its match stays.
  fastify.put(
    "/other-servers/:id",
    {
      config: { ...writes, schedules: "servers" },
      schema: {
        tags,
        params: idParams,
        body: updateOtherServerBody,
        response: { 200: successOf(otherServerSchema), ...errors },
      },
    },
    async (request) => {
      const server = await servers.update(request.params.id, request.body);
      if (!server) throw notFound(MATCH_MESSAGES.serverNotFound);
      return { status: "success" as const, data: server, message: MATCH_MESSAGES.serverUpdated };
    },
  );

  fastify.delete(
    "/other-servers/:id",
    { config: writes, schema: { tags, params: idParams, response: { 200: messageBody, ...errors } } },
    async (request) => {
      if (!(await servers.remove(request.params.id))) throw notFound(MATCH_MESSAGES.serverNotFound);
      return { status: "success" as const, message: MATCH_MESSAGES.serverDeleted };
    },
  );
};

export default otherServersRoutes;
