import { SITE_RESOURCES } from "@backoffice/contracts";
import type { FastifyPluginAsync } from "fastify";
import { requireAdmin } from "../../plugins/auth.ts";
import adsRoutes from "./ads.ts";
import appsRoutes from "./apps.ts";
import emailsRoutes from "./emails.ts";
import lockerRoutes from "./locker.ts";

const modules = { ads: adsRoutes, emails: emailsRoutes, locker: lockerRoutes, apps: appsRoutes };

/** The admin resources under /api/v1/{site}, each mounted only on the sites that have it. */
const siteRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.addHook("onRequest", requireAdmin);
  for (const [resource, routes] of Object.entries(modules) as [
    keyof typeof modules,
    (typeof modules)[keyof typeof modules],
  ][]) {
    for (const site of SITE_RESOURCES[resource]) {
      await fastify.register(routes, { prefix: `/api/v1/${site}`, site });
    }
  }
};

export default siteRoutes;
