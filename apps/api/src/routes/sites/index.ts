import { SITE_RESOURCES } from "@backoffice/contracts";
import type { FastifyPluginAsync } from "fastify";
import type { Clock } from "pg-boss";
import { createJobs } from "../../lib/jobs.ts";
import { auditWrites } from "../../plugins/audit.ts";
import { requireAdmin, requireSite } from "../../plugins/auth.ts";
import { defineIdempotencyPurge, idempotentWrites } from "../../plugins/idempotency.ts";
import { invalidateDeclaredReads } from "../../plugins/invalidation.ts";
import meRoutes from "../auth/me.ts";
import backupsRoutes from "../backups/index.ts";
import { defineWebhookDelivery } from "../integrations/delivery-job.ts";
import jobsRoutes from "../jobs/admin.ts";
import { defineHousekeeping } from "../jobs/housekeeping.ts";
import { MODULES } from "../modules.ts";
import { createScheduler, scheduleEdits } from "../schedule/scheduled-edits.ts";

/**
 * The admin resources under /api/v1/{site} (routes/modules.ts), each mounted only on the sites that
 * have it, and the account-level routes of a signed-in member (/api/v1/auth/me, /api/v1/jobs).
 */
const siteRoutes: FastifyPluginAsync<{
  jobs?: "with-server" | "on-first-use";
  clock?: Clock | undefined;
}> = async (fastify, options) => {
  fastify.addHook("onRequest", requireAdmin);
  auditWrites(fastify);
  // The durable job runner (lib/jobs.ts): the resources define their jobs while they register, and
  // it starts once all have, beside the server rather than before it listens (pg-boss's start takes
  // 0.3-1.5 s; the Jobs routes wait for it); it stops first on close. The API tests' apps start it
  // at its first use instead (AppOptions.jobs).
  const startOnFirstUse = options.jobs === "on-first-use";
  const jobs = createJobs({
    db: fastify.db,
    url: fastify.config.DATABASE_URL,
    log: fastify.log,
    heartbeatSeconds: fastify.config.JOBS_HEARTBEAT_SECONDS,
    retryDelaySeconds: fastify.config.JOBS_RETRY_DELAY_SECONDS,
    startOnFirstUse,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  fastify.decorate("jobs", jobs);
  fastify.addHook("onReady", async () => {
    if (startOnFirstUse) return;
    jobs.start().catch((error) => fastify.log.error({ err: error }, "job runner did not start"));
  });
  fastify.addHook("onClose", () => jobs.stop());
  defineHousekeeping(jobs, fastify.db, fastify.mediaStorage, fastify.log);
  defineIdempotencyPurge(jobs, fastify.db);
  // After the audit hook: a scheduled edit is kept in its audit context (History logs the scheduling).
  scheduleEdits(fastify);
  const scheduler = createScheduler(fastify);
  fastify.decorate("scheduler", scheduler);
  fastify.addHook("onReady", async () => scheduler.start());
  fastify.addHook("onClose", async () => scheduler.stop());
  defineWebhookDelivery(fastify);
  // After the audit hooks: a replayed delete carries the Undo token its first answer had.
  idempotentWrites(fastify);
  invalidateDeclaredReads(fastify);
  // Every route of a site answers only its members, and a Viewer's write is refused
  // (docs/PRODUCT-RULES.md#team-and-access), and a resource-limited API token's route of another resource:
  // one hook per mounted resource, before its own hooks.
  for (const { resource, admin } of MODULES) {
    for (const site of SITE_RESOURCES[resource]) {
      await fastify.register(async (scope) => {
        scope.addHook("onRequest", requireSite(site, resource));
        await scope.register(admin, { prefix: `/api/v1/${site}`, site });
      });
    }
  }
  // Account-level routes of every member, in this signed-in scope: their own access and all sites' jobs.
  await fastify.register(meRoutes, { prefix: "/api/v1" });
  await fastify.register(jobsRoutes, { prefix: "/api/v1/jobs" });
  // Owners' backups and restore (docs/BACKUPS.md): the backup job is defined there.
  await fastify.register(backupsRoutes, { prefix: "/api/v1/backups" });
};

export default siteRoutes;
