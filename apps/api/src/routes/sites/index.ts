import { SITE_RESOURCES, type Site, type SiteResource } from "@backoffice/contracts";
import type { FastifyPluginAsync } from "fastify";
import { requireAdmin } from "../../plugins/auth.ts";
import adsRoutes from "../ads/admin.ts";
import appsRoutes from "../apps/admin.ts";
import emailsRoutes from "../emails/admin.ts";
import lockerRoutes from "../locker/admin.ts";

/** Each resource's admin routes (routes/<resource>/admin.ts); a new resource adds one line. */
const modules: Partial<Record<SiteResource, FastifyPluginAsync<{ site: Site }>>> = {
  ads: adsRoutes,
  emails: emailsRoutes,
  locker: lockerRoutes,
  apps: appsRoutes,
};

/** The admin resources under /api/v1/{site}, each mounted only on the sites that have it. */
const siteRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.addHook("onRequest", requireAdmin);
  for (const [resource, routes] of Object.entries(modules) as [
    SiteResource,
    FastifyPluginAsync<{ site: Site }>,
  ][]) {
    for (const site of SITE_RESOURCES[resource]) {
      await fastify.register(routes, { prefix: `/api/v1/${site}`, site });
    }
  }
};

export default siteRoutes;
