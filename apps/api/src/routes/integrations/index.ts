import { randomBytes } from "node:crypto";
import { errorBody, historyRetentionAnswer, historyRetentionBody, messageBody } from "@backoffice/contracts";
import {
  API_TOKEN_PREFIX,
  API_TOKEN_SHOWN,
  createdTokenAnswer,
  createTokenBody,
  createWebhookBody,
  deliveriesAnswer,
  deliveryAnswer,
  deliveryIdParams,
  INTEGRATION_MESSAGES as M,
  TEST_EVENT,
  tokensAnswer,
  updateWebhookBody,
  webhookAnswer,
  webhookIdParams,
  webhookSecretAnswer,
  webhooksAnswer,
} from "@backoffice/contracts/integrations";
import { fieldRefused, notFound } from "@backoffice/server";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { sha256 } from "../../lib/crypto.ts";
import { historyRetentionDays } from "../../lib/history-chain.ts";
import { destinationAllowed, newMessageId, newWebhookSecret } from "../../lib/webhooks.ts";
import { requireAdmin, requireOwner } from "../../plugins/auth.ts";
import { idempotentWrites } from "../../plugins/idempotency.ts";
import { tokensRepository, toWebhook, webhooksRepository } from "./repository.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const DAY_MS = 24 * 3600_000;
/** A rotated secret keeps signing beside the new one this long. */
const OLD_SECRET_VALID_MS = DAY_MS;

/** A url refused by the address guard, as a field error (400 naming `url`). */
const blockedUrl = () => fieldRefused("url", M.blockedDestination, "invalid_url");

/**
 * API tokens and webhooks (docs/INTEGRATIONS.md), under /api/v1: Owners only, with a member's
 * session (an API token is refused here: plugins/api-token.ts opens site routes only).
 */
const integrationRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { db, config } = fastify;
  const tokens = tokensRepository(db);
  const webhooks = webhooksRepository(db);
  fastify.addHook("onRequest", requireAdmin);
  fastify.addHook("onRequest", requireOwner);
  idempotentWrites(fastify);
  const route = fastify.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ["integrations"];

  route.get(
    "/tokens",
    { schema: { tags, security, response: { 200: tokensAnswer, ...errors } } },
    async () => ({ status: "success" as const, data: await tokens.list() }),
  );

  route.post(
    "/tokens",
    { schema: { tags, security, body: createTokenBody, response: { 201: createdTokenAnswer, ...errors } } },
    async (request, reply) => {
      const { name, sites, access, resources, expiresInDays } = request.body;
      const token = API_TOKEN_PREFIX + randomBytes(32).toString("base64url");
      const created = await tokens.create({
        name,
        sites,
        access,
        resources: resources ?? null,
        prefix: token.slice(0, API_TOKEN_SHOWN),
        hash: sha256(token),
        createdBy: request.session?.email ?? null,
        expiresAt: expiresInDays ? new Date(Date.now() + expiresInDays * DAY_MS) : null,
      });
      request.log.info(
        { event: "api token created", tokenId: created._id, by: request.session?.email },
        "token",
      );
      return reply.code(201).send({ status: "success" as const, data: { ...created, token } });
    },
  );

  route.delete(
    "/tokens/:id",
    { schema: { tags, security, params: webhookIdParams, response: { 200: messageBody, ...errors } } },
    async (request) => {
      const revoked = await tokens.revoke(request.params.id);
      if (!revoked) throw notFound(M.tokenNotFound);
      request.log.info(
        { event: "api token revoked", tokenId: revoked._id, by: request.session?.email },
        "token",
      );
      return { status: "success" as const, message: M.tokenRevoked };
    },
  );

  const endpointOr404 = async (id: string) => {
    const row = await webhooks.get(id);
    if (!row) throw notFound(M.webhookNotFound);
    return row;
  };
  const allowedHosts = config.LINK_PROBE_ALLOWED_HOSTS;

  route.get(
    "/webhooks",
    { schema: { tags, security, response: { 200: webhooksAnswer, ...errors } } },
    async () => ({ status: "success" as const, data: (await webhooks.list()).map(toWebhook) }),
  );

  route.post(
    "/webhooks",
    {
      schema: { tags, security, body: createWebhookBody, response: { 201: webhookSecretAnswer, ...errors } },
    },
    async (request, reply) => {
      if (!destinationAllowed(request.body.url, allowedHosts)) throw blockedUrl();
      const row = await webhooks.create({
        ...request.body,
        secret: newWebhookSecret(),
        createdBy: request.session?.email ?? null,
      });
      fastify.webhooks.wake();
      return reply
        .code(201)
        .send({ status: "success" as const, data: { ...toWebhook(row), secret: row.secret } });
    },
  );

  route.patch(
    "/webhooks/:id",
    {
      schema: {
        tags,
        security,
        params: webhookIdParams,
        body: updateWebhookBody,
        response: { 200: webhookAnswer, ...errors },
      },
    },
    async (request) => {
      if (request.body.url && !destinationAllowed(request.body.url, allowedHosts)) throw blockedUrl();
      const row = await webhooks.update(request.params.id, request.body);
      if (!row) throw notFound(M.webhookNotFound);
      if (row.active) fastify.webhooks.wake();
      return { status: "success" as const, data: toWebhook(row) };
    },
  );

  route.delete(
    "/webhooks/:id",
    { schema: { tags, security, params: webhookIdParams, response: { 200: messageBody, ...errors } } },
    async (request) => {
      if (!(await webhooks.remove(request.params.id))) throw notFound(M.webhookNotFound);
      return { status: "success" as const, message: M.webhookDeleted };
    },
  );

  route.post(
    "/webhooks/:id/rotate",
    {
      schema: { tags, security, params: webhookIdParams, response: { 200: webhookSecretAnswer, ...errors } },
    },
    async (request) => {
      await endpointOr404(request.params.id);
      const row = await webhooks.rotate(
        request.params.id,
        newWebhookSecret(),
        new Date(Date.now() + OLD_SECRET_VALID_MS),
      );
      if (!row) throw notFound(M.webhookNotFound);
      return { status: "success" as const, data: { ...toWebhook(row), secret: row.secret } };
    },
  );

  route.get(
    "/webhooks/:id/deliveries",
    { schema: { tags, security, params: webhookIdParams, response: { 200: deliveriesAnswer, ...errors } } },
    async (request) => {
      await endpointOr404(request.params.id);
      return { status: "success" as const, data: await webhooks.deliveries(request.params.id) };
    },
  );

  route.post(
    "/webhooks/:id/deliveries/:deliveryId/redeliver",
    { schema: { tags, security, params: deliveryIdParams, response: { 200: deliveryAnswer, ...errors } } },
    async (request) => {
      const delivery = await webhooks.redeliver(request.params.id, request.params.deliveryId);
      if (!delivery) throw notFound(M.deliveryNotFound);
      fastify.webhooks.wake();
      return { status: "success" as const, data: delivery, message: M.redeliveryQueued };
    },
  );

  route.post(
    "/webhooks/:id/test",
    { schema: { tags, security, params: webhookIdParams, response: { 201: deliveryAnswer, ...errors } } },
    async (request, reply) => {
      const endpoint = await endpointOr404(request.params.id);
      const delivery = await webhooks.addTest(endpoint.id, newMessageId(), {
        type: TEST_EVENT,
        timestamp: new Date().toISOString(),
        data: { endpointId: endpoint.id, message: "A test event from the back-office" },
      });
      fastify.webhooks.wake();
      return reply.code(201).send({ status: "success" as const, data: delivery, message: M.testQueued });
    },
  );

  // History's retention (docs/PRODUCT-RULES.md#history-trash-and-undo): the `history-retention` job
  // removes older entries hourly; for ever unless set.
  route.get(
    "/history/retention",
    { schema: { tags, security, response: { 200: historyRetentionAnswer, ...errors } } },
    async () => ({ status: "success" as const, data: { days: await historyRetentionDays(db) } }),
  );

  route.put(
    "/history/retention",
    {
      schema: {
        tags,
        security,
        body: historyRetentionBody,
        response: { 200: historyRetentionAnswer, ...errors },
      },
    },
    async (request) => {
      const { days } = request.body;
      await db.query("update history_settings set retention_days = $1, updated_by = $2, updated_at = now()", [
        days,
        request.session?.email ?? null,
      ]);
      request.log.info({ event: "history retention set", days, by: request.session?.email }, "history");
      return { status: "success" as const, data: { days }, message: M.retentionSaved };
    },
  );
};

export default integrationRoutes;
