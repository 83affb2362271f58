import type { FastifyInstance } from "fastify";

/**
 * Webhooks are sent by the job runner every minute (what a crash or a restart left is sent then), and
 * sooner after each write (app.ts kicks a pass: lib/webhooks.ts).
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
}
