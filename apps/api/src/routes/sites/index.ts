import { SITE_RESOURCES } from "@backoffice/contracts";
import type { FastifyPluginAsync } from "fastify";
import { auditWrites } from "../../plugins/audit.ts";
import { requireAdmin } from "../../plugins/auth.ts";
import { idempotentWrites } from "../../plugins/idempotency.ts";
import { invalidateDeclaredReads } from "../../plugins/invalidation.ts";
import { MODULES } from "../modules.ts";
import { purgeExpiredTrash } from "../trash/repository.ts";

/** The admin resources under /api/v1/{site} (routes/modules.ts), each mounted only on the sites that have it. */
const siteRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.addHook("onRequest", requireAdmin);
  auditWrites(fastify);
  // After the audit hooks: a replayed delete carries the Undo token its first answer had.
  idempotentWrites(fastify);
  invalidateDeclaredReads(fastify);
  // Deleted records are kept TRASH_DAYS; what is older goes once an hour (and at start).
  const purge = () =>
    purgeExpiredTrash(fastify.db).catch((error) =>
      fastify.log.error({ err: error }, "could not purge the trash"),
    );
  const purging = setInterval(purge, 3_600_000).unref();
  fastify.addHook("onReady", purge);
  fastify.addHook("onClose", async () => clearInterval(purging));
  for (const { resource, admin } of MODULES) {
    for (const site of SITE_RESOURCES[resource]) {
      await fastify.register(admin, { prefix: `/api/v1/${site}`, site });
    }
  }
};

export default siteRoutes;
