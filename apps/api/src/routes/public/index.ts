import {
  adsQuery,
  appSchema,
  appsQuery,
  errorBody,
  LOCKER_RULES,
  messageBody,
  publicAdSchema,
  publicLockerSchema,
  SITE_RESOURCES,
  type Site,
  subscribeBody,
  successOf,
} from "@backoffice/contracts";
import cors from "@fastify/cors";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { appsRepository } from "../../repositories/apps.ts";
import { adsRepository, emailsRepository, lockersRepository } from "../../repositories/site-modules.ts";
import { checkAdPage } from "../sites/ads.ts";

export const PUBLIC_BODY_LIMIT = 4 * 1024;
// Reads are cached by browsers and proxies briefly; admin writes reach this server's cache at once.
const CACHE_CONTROL = "public, max-age=30";
const DEFAULT_LOCKER = {
  type: LOCKER_RULES.defaultType,
  seconds: LOCKER_RULES.defaultSeconds,
  isActive: LOCKER_RULES.defaultActive,
};

// The hot read path skips @fastify/helmet (which builds its middleware on every request) and sends
// the two headers a JSON answer read by other origins needs.
const sendCached = (reply: FastifyReply, text: string) =>
  reply
    .headers({
      "cache-control": CACHE_CONTROL,
      "x-content-type-options": "nosniff",
      "cross-origin-resource-policy": "cross-origin",
    })
    .type("application/json; charset=utf-8")
    .send(text);

/** What the three public sites read and send: active ads, the locker, and email subscriptions (DESIGN §4). */
const publicRoutes: FastifyPluginAsyncZod<{ origins: string[] }> = async (fastify, { origins }) => {
  const { publicCache: cache } = fastify;
  // Cross-origin calls are allowed here only, and only from the public sites' own origins.
  await fastify.register(cors, { origin: origins, methods: ["GET", "POST"], maxAge: 600 });

  for (const site of SITE_RESOURCES.ads as readonly Site[]) {
    fastify.get(
      `/${site}/ads`,
      {
        helmet: false,
        schema: {
          tags: ["public"],
          querystring: adsQuery,
          response: { 200: successOf(z.array(publicAdSchema)), 400: errorBody },
        },
      },
      async (request, reply) => {
        const page = request.query.page || undefined;
        checkAdPage(site, page);
        const text = await cache.get(`${site}:ads:${page ?? ""}`, async () => ({
          status: "success",
          // The public schema keeps only what visitors' pages need (zod drops the other fields).
          data: (await adsRepository(fastify.db, site).list({ page, activeOnly: true })).map((ad) =>
            publicAdSchema.parse(ad),
          ),
        }));
        return sendCached(reply, text);
      },
    );
  }

  for (const site of SITE_RESOURCES.locker as readonly Site[]) {
    fastify.get(
      `/${site}/locker`,
      { helmet: false, schema: { tags: ["public"], response: { 200: successOf(publicLockerSchema) } } },
      async (_request, reply) => {
        const text = await cache.get(`${site}:locker`, async () => {
          const locker = await lockersRepository(fastify.db, site).find();
          const data = locker
            ? { type: locker.type, seconds: locker.seconds, isActive: locker.isActive }
            : DEFAULT_LOCKER;
          return { status: "success", data };
        });
        return sendCached(reply, text);
      },
    );
  }

  fastify.get(
    "/apkw/apps",
    {
      helmet: false,
      schema: {
        tags: ["public"],
        querystring: appsQuery,
        response: { 200: successOf(z.array(appSchema)), 400: errorBody },
      },
    },
    async (request, reply) => {
      const { category } = request.query;
      const text = await cache.get(`apkw:apps:${category ?? ""}`, async () => ({
        status: "success",
        data: await appsRepository(fastify.db).list(category),
      }));
      return sendCached(reply, text);
    },
  );

  for (const site of SITE_RESOURCES.emails as readonly Site[]) {
    fastify.post(
      `/${site}/emails`,
      {
        bodyLimit: PUBLIC_BODY_LIMIT,
        config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
        schema: {
          tags: ["public"],
          body: subscribeBody,
          response: { 200: messageBody, 201: messageBody, 400: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        const url = request.body.url || request.headers.referer || null;
        // The insert returns only after the database has committed it.
        const created = await emailsRepository(fastify.db, site).subscribe(request.body.email, url);
        return reply.code(created ? 201 : 200).send({
          status: "success" as const,
          message: created ? "Subscribed successfully" : "Already subscribed",
        });
      },
    );
  }
};

export default publicRoutes;
