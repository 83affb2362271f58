import {
  type ExpectedVersion,
  errorBody,
  idParams,
  movieDeleteAnswer,
  movieDeleteBody,
  movieImportBody,
  movieItemAnswer,
  movieListAnswer,
  movieListQuery,
  movieLockerBody,
  moviePatchBody,
  previewQuery,
  type Site,
} from "@backoffice/contracts";
import { LIVE_MESSAGES } from "@backoffice/contracts/live";
import { conflict } from "@backoffice/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sentVersion } from "../../lib/versions.ts";
import { outsideChanges } from "../history/repository.ts";
import { CONTENT_PATH, contentClient, DASHBOARD_VIEW, parseJson, relay } from "./content-client.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 502: errorBody };
const plainText = z.string();

/**
 * `/api/v1/movies/catalog/...` stands for the content service's `/api/movies/...`: the
 * admin session and CSRF token are checked here, writes are signed with the secret the browser never
 * sees, and the content service's status and body come back unchanged (the import's success is plain text,
 * its refusals the envelope).
 * Its writes are logged in the History and a delete's titles kept in the trash here, once
 * the content service has confirmed them: one transaction cannot span the two databases.
 */
const catalogRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const content = contentClient(fastify);
  const titles = outsideChanges(fastify.db, site, "titles");
  const tags = [`${site}: catalog`];

  /** Calls the content service and passes its answer back unchanged. */
  async function forward(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    options: { body?: unknown; query?: Record<string, string | undefined> } = {},
  ) {
    return relay(request, reply, await content.call(request, request.method, path, options));
  }

  /**
   * A title's update, logged with the fields it had and has. The `updatedAt` it loaded (If-Match)
   * goes to the content service as `expectedUpdatedAt` in the signed body (why there:
   * packages/contracts movies.ts), which changes the title only while it still has that version and
   * answers 409 otherwise, relayed as it is (docs/PRODUCT-RULES.md#live-updates). A version that is
   * no date is no title's: 409 at once.
   */
  async function updateTitle(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    id: string,
    body: object,
  ) {
    const sent = sentVersion(request);
    if (sent === null) throw conflict(LIVE_MESSAGES.conflict);
    const expected: ExpectedVersion = sent === undefined ? {} : { expectedUpdatedAt: sent };
    const [before] = await content.titlesNow(request, (item) => item._id === id);
    const answer = await content.call(request, "PATCH", path, { body: { ...body, ...expected } });
    const after =
      answer.status === 200 ? movieItemAnswer.safeParse(parseJson(answer.payload)).data?.data : undefined;
    if (before && after) await titles.log("update", [{ id, before, after }]);
    return relay(request, reply, answer);
  }

  fastify.get(
    "/catalog",
    { schema: { tags, querystring: movieListQuery, response: { 200: movieListAnswer, ...errors } } },
    async (request, reply) =>
      forward(request, reply, CONTENT_PATH, {
        query: { type: request.query.type, search: request.query.search || undefined, ...DASHBOARD_VIEW },
      }),
  );

  // A member's preview of the movies site's list as of `at` (docs/PRODUCT-RULES.md#scheduled-changes):
  // the content service's public view with that clock, through this signed read; kept nowhere.
  fastify.get(
    "/catalog/public",
    {
      schema: {
        tags,
        querystring: movieListQuery.extend(previewQuery.shape),
        response: { 200: movieListAnswer, ...errors },
      },
    },
    async (request, reply) =>
      forward(request, reply, CONTENT_PATH, {
        query: {
          type: request.query.type,
          search: request.query.search || undefined,
          at: request.query.at ?? new Date().toISOString(),
        },
      }),
  );

  fastify.delete(
    "/catalog",
    { schema: { tags, body: movieDeleteBody, response: { 200: movieDeleteAnswer, ...errors } } },
    async (request, reply) => {
      const ids = new Set(request.body.ids);
      const gone = await content.titlesNow(request, (item) => ids.has(item._id));
      const answer = await content.call(request, "DELETE", CONTENT_PATH, { body: request.body });
      // Kept in the trash with the delete's Undo token, as the api's own records are.
      if (answer.status === 200)
        await titles.log(
          "delete",
          gone.map((item) => ({ id: item._id, before: item, after: null })),
        );
      return relay(request, reply, answer);
    },
  );

  fastify.patch(
    "/catalog/:id",
    {
      // `?applyAt=` keeps the edit for later (routes/schedule); the title is asked of the content service.
      config: {
        schedules: "titles",
        recordExists: async (request, id) =>
          (await content.titlesNow(request, (item) => item._id === id)).length > 0,
      },
      schema: {
        tags,
        params: idParams,
        body: moviePatchBody,
        response: { 200: movieItemAnswer, ...errors, 409: errorBody },
      },
    },
    async (request, reply) =>
      updateTitle(request, reply, `${CONTENT_PATH}/${request.params.id}`, request.params.id, request.body),
  );

  fastify.patch(
    "/catalog/:id/locker",
    {
      schema: {
        tags,
        params: idParams,
        body: movieLockerBody,
        response: { 200: movieItemAnswer, ...errors, 409: errorBody },
      },
    },
    async (request, reply) =>
      updateTitle(
        request,
        reply,
        `${CONTENT_PATH}/${request.params.id}/locker`,
        request.params.id,
        request.body,
      ),
  );

  fastify.post(
    "/catalog/import/tmdb",
    {
      schema: {
        tags,
        body: movieImportBody,
        response: {
          ...errors,
          201: plainText,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const answer = await content.call(request, "POST", `${CONTENT_PATH}/import/tmdb`, {
        body: request.body,
      });
      if (answer.status === 201) {
        const { tmdbId, kind } = request.body;
        const [item] = await content.titlesNow(request, (one) => one.tmdbId === tmdbId && one.type === kind);
        if (item) await titles.log("create", [{ id: item._id, before: null, after: item }]);
      }
      return relay(request, reply, answer);
    },
  );
};

export default catalogRoutes;
