import { SITE_RESOURCES, type Site, type SiteResource } from "@backoffice/contracts";
import type { FastifyPluginAsync } from "fastify";
import { requireAdmin } from "../../plugins/auth.ts";
import adsRoutes from "../ads/admin.ts";
import appsRoutes from "../apps/admin.ts";
import catalogRoutes from "../catalog/admin.ts";
import contactsRoutes from "../contacts/admin.ts";
import emailsRoutes from "../emails/admin.ts";
import feedRoutes from "../feed/admin.ts";
import lockerRoutes from "../locker/admin.ts";
import matchesRoutes from "../matches/admin.ts";
import otherServersRoutes from "../other-servers/admin.ts";

/**
 * Each resource's admin routes (routes/<resource>/admin.ts), mounted on the sites that have the
 * resource (`SITE_RESOURCES`); a new resource adds one line.
 */
const modules: [SiteResource, FastifyPluginAsync<{ site: Site }>][] = [
  ["ads", adsRoutes],
  ["emails", emailsRoutes],
  ["locker", lockerRoutes],
  ["apps", appsRoutes],
  ["matches", matchesRoutes],
  ["matches", otherServersRoutes],
  ["matches", feedRoutes],
  ["catalog", catalogRoutes],
  ["contacts", contactsRoutes],
];

/** The admin resources under /api/v1/{site}, each mounted only on the sites that have it. */
const siteRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.addHook("onRequest", requireAdmin);
  for (const [resource, routes] of modules) {
    for (const site of SITE_RESOURCES[resource]) {
      await fastify.register(routes, { prefix: `/api/v1/${site}`, site });
    }
  }
};

export default siteRoutes;
