import {
  deleteEmailsAnswer,
  emailSubscriptionSchema,
  errorBody,
  idsBody,
  pagedOf,
  pageQuery,
  type Site,
} from "@backoffice/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pagedAnswer } from "../../lib/rows.ts";
import { emailsRepository } from "./repository.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

const emailsRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const emails = emailsRepository(fastify.db, site);
  const tags = [`${site}: emails`];

  fastify.get(
    "/emails",
    {
      schema: {
        tags,
        querystring: pageQuery,
        response: { 200: pagedOf(emailSubscriptionSchema), ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await emails.page(page, limit);
      return pagedAnswer(rows, total, page, limit);
    },
  );

  fastify.delete(
    "/emails",
    {
      schema: {
        tags,
        body: idsBody,
        response: {
          200: deleteEmailsAnswer,
          ...errors,
        },
      },
    },
    async (request) => {
      const deleted = await emails.remove(request.body.ids);
      const message = deleted === 0 ? "No matching emails to delete" : "Emails deleted successfully";
      return { status: "success" as const, message, deleted };
    },
  );
};

export default emailsRoutes;
