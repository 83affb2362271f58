import type { MemberLevel, MemberSecondFactor, Site, SiteResource } from "@backoffice/contracts";
import type { Database } from "@backoffice/db";
import type { FastifyReply } from "fastify";
import type { Redis } from "ioredis";
import type { Config } from "./config.ts";
import type { Counters } from "./lib/counters.ts";
import type { Jobs } from "./lib/jobs.ts";
import type { LiveBus } from "./lib/live.ts";
import type { Mailer } from "./lib/mailer.ts";
import type { MediaStorage } from "./lib/media-storage.ts";
import type { Metrics } from "./lib/metrics.ts";
import type { PublicCache } from "./lib/public-cache.ts";
import type { WebhookDelivery } from "./lib/webhooks.ts";

export interface AuthSession {
  id: string;
  userId: string;
  email: string;
  role: string;
  /** The member's level (migration 0018): owner, editor or viewer. */
  level: MemberLevel;
  /** The sites given to the member; null means every site. */
  sites: Site[] | null;
  /** An API token's resources (plugins/api-token.ts); null or absent: every resource of its sites. */
  resources?: SiteResource[] | null;
  /** The member's second factor and the Owner's rule, read with the session (`findLive`). */
  secondFactor: MemberSecondFactor;
  /** The bearer token as sent; the CSRF token is derived from it. */
  token: string;
  /** Set when the request is not the member's own: a scheduled change applied for them. */
  via?: "scheduler";
}

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Database;
    counters: Counters;
    mailer: Mailer;
    publicCache: PublicCache;
    /** The shared Redis when `REDIS_URL` is set (lib/redis.ts). */
    redis: Redis | null;
    metrics: Metrics;
    /** Live events between instances and to the members' streams (lib/live.ts). */
    live: LiveBus;
    /** Webhook fan-out and sending (lib/webhooks.ts). */
    webhooks: WebhookDelivery;
    /** The durable job runner (lib/jobs.ts), in the admin routes' scope: `jobs.define` there. */
    jobs: Jobs;
    /** Where media files live: DATA_DIR/media or an S3-compatible bucket (lib/media-storage.ts). */
    mediaStorage: MediaStorage;
    /** Set when the built dashboard is served: answers a client route with index.html. */
    sendSpaIndex?: (reply: FastifyReply) => FastifyReply;
  }
  interface FastifyRequest {
    session: AuthSession | null;
  }
}
