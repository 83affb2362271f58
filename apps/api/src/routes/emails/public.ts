import { errorBody, messageBody, type Site, subscribeBody } from "@backoffice/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { httpUrlOrNull, publicIntakeOptions } from "../../lib/public-reply.ts";
import { emailsRepository } from "./repository.ts";

/** `POST /api/v1/public/{site}/emails {email, url}`: a visitor subscribes, anonymously. */
const emailsPublicRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, { site }) => {
  const emails = emailsRepository(fastify.db, site);
  fastify.post(
    "/emails",
    publicIntakeOptions(10, {
      body: subscribeBody,
      response: { 200: messageBody, 201: messageBody, 400: errorBody, 429: errorBody },
    }),
    async (request, reply) => {
      // The form's page, else the page that sent it; only an http(s) address is kept.
      const url = httpUrlOrNull(request.body.url) ?? httpUrlOrNull(request.headers.referer);
      // The insert returns only after the database has committed it.
      const created = await emails.subscribe(request.body.email, url);
      return reply.code(created ? 201 : 200).send({
        status: "success" as const,
        message: created ? "Subscribed successfully" : "Already subscribed",
      });
    },
  );
};

export default emailsPublicRoutes;
