import type { FastifyInstance } from "fastify";
import { WRITE_METHODS } from "../../plugins/auth.ts";

/**
 * Webhooks are sent by the job runner every minute (what a crash or a restart left is sent then), and
 * sooner after each site write that succeeded: its History rows are committed by then, so a pass
 * a moment later fans them out (lib/webhooks.ts).
 */
export function defineWebhookDelivery(fastify: FastifyInstance): void {
  fastify.jobs.define({
    name: "webhook-delivery",
    title: "Send webhooks: changes to the endpoints that want them, retries when due",
    site: "all",
    schedule: "* * * * *",
    retryLimit: 0,
    async run() {
      const { queued, sent } = await fastify.webhooks.pass();
      return queued || sent ? `${queued} queued, ${sent} sent` : "";
    },
  });
  fastify.addHook("onResponse", async (request, reply) => {
    if (WRITE_METHODS.has(request.method) && request.session && reply.statusCode < 300)
      fastify.webhooks.kick();
  });
}
