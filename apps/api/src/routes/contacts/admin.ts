import {
  CONTACT_MESSAGES,
  contactAnswer,
  contactDetailsAnswer,
  contactMarkBody,
  contactMessageSchema,
  contactReadBody,
  contactReplyAnswer,
  contactReplyBody,
  contactsMarkedAnswer,
  contactsSeenAnswer,
  errorBody,
  idParams,
  REPLY_MESSAGES,
  type Site,
} from "@backoffice/contracts";
import { conflict, HttpError, notFound } from "@backoffice/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditContextOf } from "../../plugins/audit.ts";
import { inboxRoutes } from "../inbox/admin.ts";
import { contactsRepository } from "./repository.ts";

/** `GET /contacts?page=n` and `DELETE /contacts {ids}`: the movies site's contact inbox. */
const inbox = inboxRoutes({
  path: "/contacts",
  row: contactMessageSchema,
  repository: contactsRepository,
  messages: { deleted: CONTACT_MESSAGES.deleted, noneDeleted: CONTACT_MESSAGES.noneDeleted },
  csv: {
    header: ["Email", "First name", "Last name", "Subject", "Message", "Page", "Received at"],
    fields: (row) => [
      row.email,
      row.firstName,
      row.lastName,
      row.subject,
      row.message,
      row.page,
      row.createdAt,
    ],
  },
});

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * The inbox, plus answering it (docs/PRODUCT-RULES.md#contacts-get-answered): a message's details
 * with its replies, read when opened, marks by hand (read, unread, answered), and a reply sent
 * through the api's SMTP server and kept.
 */
const contactsRoutes: FastifyPluginAsyncZod<{ site: Site }> = async (fastify, options) => {
  await inbox(fastify, options);
  const contacts = contactsRepository(fastify.db, options.site);
  const tags = [`${options.site}: contacts`];

  fastify.get(
    "/contacts/:id",
    { schema: { tags, params: idParams, response: { 200: contactDetailsAnswer, ...errors } } },
    async (request) => {
      const contact = await contacts.find(request.params.id);
      if (!contact) throw notFound(REPLY_MESSAGES.notFound);
      return {
        status: "success" as const,
        data: { ...contact, replies: await contacts.replies(contact._id) },
      };
    },
  );

  // The member's own marker (decision 010): a Viewer of the site records it too.
  fastify.put(
    "/contacts/seen",
    { schema: { tags, response: { 200: contactsSeenAnswer, ...errors } }, config: { memberOwn: true } },
    async (request) => ({
      status: "success" as const,
      data: { seenAt: await contacts.markSeen(request.session!.userId) },
    }),
  );

  fastify.patch(
    "/contacts/:id/read",
    {
      schema: { tags, params: idParams, body: contactReadBody, response: { 200: contactAnswer, ...errors } },
    },
    async (request) => {
      const contact = await contacts.markRead(request.params.id, request.body.read);
      if (!contact) throw notFound(REPLY_MESSAGES.notFound);
      return { status: "success" as const, data: contact };
    },
  );

  // Marks by hand, one message or the selection; each change is a History entry (the repository's).
  fastify.patch(
    "/contacts",
    { schema: { tags, body: contactMarkBody, response: { 200: contactsMarkedAnswer, ...errors } } },
    async (request) => {
      const { ids, read, answered } = request.body;
      const marked = await contacts.mark(
        [...new Set(ids)],
        { read, answered },
        auditContextOf(request, options.site),
      );
      if (marked.length === 0) throw notFound(REPLY_MESSAGES.notFound);
      return { status: "success" as const, message: CONTACT_MESSAGES.marked, data: marked };
    },
  );

  fastify.post(
    "/contacts/:id/reply",
    {
      schema: {
        tags,
        params: idParams,
        body: contactReplyBody,
        response: { 201: contactReplyAnswer, 409: errorBody, 502: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const contact = await contacts.find(request.params.id);
      if (!contact) throw notFound(REPLY_MESSAGES.notFound);
      // Without SMTP the mail would only reach the log: the dashboard offers the admin's mail client instead.
      if (!fastify.mailer.smtp) throw conflict(REPLY_MESSAGES.noSmtp);
      const { subject, message } = request.body;
      try {
        await fastify.mailer.send({ to: contact.email, subject, text: message });
      } catch (error) {
        request.log.warn({ err: error }, "reply not accepted by the mail server");
        throw new HttpError(502, REPLY_MESSAGES.smtpFailed);
      }
      // Kept only once the mail server took it.
      const sent = await contacts.addReply({
        messageId: contact._id,
        from: fastify.mailer.from,
        to: contact.email,
        subject,
        message,
        sentBy: request.session?.email ?? null,
      });
      return reply.code(201).send({ status: "success" as const, message: REPLY_MESSAGES.sent, data: sent });
    },
  );
};

export default contactsRoutes;
