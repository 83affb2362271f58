import { SITE_RESOURCES, type Site, type SiteResource } from "@backoffice/contracts";
import type { FastifyPluginAsync } from "fastify";
import { auditWrites } from "../../plugins/audit.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import adsRoutes from "../ads/admin.ts";
import appsRoutes from "../apps/admin.ts";
import catalogRoutes from "../catalog/admin.ts";
import contactsRoutes from "../contacts/admin.ts";
import emailsRoutes from "../emails/admin.ts";
import feedRoutes from "../feed/admin.ts";
import historyRoutes from "../history/admin.ts";
import lockerRoutes from "../locker/admin.ts";
import matchesRoutes from "../matches/admin.ts";
import otherServersRoutes from "../other-servers/admin.ts";
import trashRoutes from "../trash/admin.ts";
import { purgeExpiredTrash } from "../trash/repository.ts";

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
  ["history", historyRoutes],
  ["history", trashRoutes],
];

/** The admin resources under /api/v1/{site}, each mounted only on the sites that have it. */
const siteRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.addHook("onRequest", requireAdmin);
  auditWrites(fastify);
  // Deleted records are kept TRASH_DAYS; what is older goes once an hour (and at start).
  const purge = () =>
    purgeExpiredTrash(fastify.db).catch((error) =>
      fastify.log.error({ err: error }, "could not purge the trash"),
    );
  const purging = setInterval(purge, 3_600_000).unref();
  fastify.addHook("onReady", purge);
  fastify.addHook("onClose", async () => clearInterval(purging));
  for (const [resource, routes] of modules) {
    for (const site of SITE_RESOURCES[resource]) {
      await fastify.register(routes, { prefix: `/api/v1/${site}`, site });
    }
  }
};

export default siteRoutes;
