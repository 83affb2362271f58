import {
  CONTACT_MESSAGES,
  contactMessageSchema,
  deleteContactsAnswer,
  errorBody,
  idsBody,
  pagedOf,
  pageQuery,
  type Site,
} from "@backoffice/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pagedAnswer } from "../../lib/rows.ts";
import { contactsRepository } from "./repository.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** `GET /contacts?page=n` (paged like emails) and `DELETE /contacts {ids}`: the movies inbox (spec §7). */
const contactsRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const contacts = contactsRepository(fastify.db, site);
  const tags = [`${site}: contacts`];

  fastify.get(
    "/contacts",
    { schema: { tags, querystring: pageQuery, response: { 200: pagedOf(contactMessageSchema), ...errors } } },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await contacts.page(page, limit);
      return pagedAnswer(rows, total, page, limit);
    },
  );

  fastify.delete(
    "/contacts",
    { schema: { tags, body: idsBody, response: { 200: deleteContactsAnswer, ...errors } } },
    async (request) => {
      const deleted = await contacts.remove(request.body.ids);
      const message = deleted === 0 ? CONTACT_MESSAGES.noneDeleted : CONTACT_MESSAGES.deleted;
      return { status: "success" as const, message, deleted };
    },
  );
};

export default contactsRoutes;
