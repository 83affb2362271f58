import { CONTACT_MESSAGES, contactBody, errorBody, messageBody, type Site } from "@backoffice/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { httpUrlOrNull, publicIntakeOptions } from "../../lib/public-reply.ts";
import { contactsRepository } from "./repository.ts";

/** A 5000-character message in any script, with its other fields, fits. */
const BODY_LIMIT = 32 * 1024;

/** `POST /api/v1/public/movies/contacts`: a visitor's message, anonymous; 201 once it is stored. */
const contactsPublicRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const contacts = contactsRepository(fastify.db, site);
  fastify.post(
    "/contacts",
    publicIntakeOptions(
      5,
      { body: contactBody, response: { 201: messageBody, 400: errorBody, 413: errorBody, 429: errorBody } },
      BODY_LIMIT,
    ),
    async (request, reply) => {
      const { page, ...fields } = request.body;
      // The form's own page, else the page that sent it.
      await contacts.add({ ...fields, page: httpUrlOrNull(page) ?? httpUrlOrNull(request.headers.referer) });
      return reply.code(201).send({ status: "success" as const, message: CONTACT_MESSAGES.received });
    },
  );
};

export default contactsPublicRoutes;
