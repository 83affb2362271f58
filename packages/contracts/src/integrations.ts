import { z } from "zod";
import { httpUrl, successOf } from "./common.ts";
import { coded } from "./field-errors.ts";
import { HISTORY_RESOURCES, RECORD_KINDS, SITE_RESOURCES, TOKEN_RESOURCES } from "./resources.ts";
import { SITES } from "./site-rules.ts";

/**
 * Integrations (docs/INTEGRATIONS.md, DESIGN §11): API tokens that machines send as
 * `Authorization: Bearer bo_…` on site routes, and webhooks signed per Standard Webhooks 1.0.
 */

/** Every API token starts with this, so a request's bearer names which kind of credential it is. */
export const API_TOKEN_PREFIX = "bo_";
/** How many characters of a token stay visible in the list (the prefix and 8 more). */
export const API_TOKEN_SHOWN = API_TOKEN_PREFIX.length + 8;
export const TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
export const TOKEN_ACCESS = ["read", "write"] as const;

export const INTEGRATION_MESSAGES = {
  tokenOnSiteRoutesOnly: "API tokens work on site routes only (/api/v1/{site}/…)",
  tokenInvalid: "This API token is unknown, revoked or expired",
  tokenRateLimited: "Too many requests with this API token; try again later",
  tokenNotFound: "API token not found",
  tokenRevoked: "API token revoked",
  tokenOwnMarker: "An API token cannot mark messages as seen",
  tokenResourceForbidden:
    "This API token is limited to other resources (History, Trash, Schedule and Overview need a token for every resource)",
  webhookNotFound: "Webhook endpoint not found",
  deliveryNotFound: "Delivery not found",
  webhookDeleted: "Webhook endpoint deleted",
  redeliveryQueued: "Delivery queued again",
  testQueued: "Test event queued",
  retentionSaved: "History retention saved",
  blockedDestination: "url must be a public address (no loopback, private or metadata address)",
} as const;

const sites = z
  .array(z.enum(SITES, { error: `sites must be some of ${SITES.join(", ")}` }), {
    error: "sites must be a list of sites",
  })
  .min(1, { error: "sites must include at least one site", ...coded("required") })
  .max(SITES.length)
  .refine((list) => new Set(list).size === list.length, "sites must not repeat a site");

/**
 * The resources a token is limited to (docs/INTEGRATIONS.md#resource-limited-tokens), or null (the
 * field left out) for every resource of its sites. Each must be on at least one of the token's sites.
 */
const tokenResources = z
  .array(z.enum(TOKEN_RESOURCES, { error: `resources must be some of ${TOKEN_RESOURCES.join(", ")}` }), {
    error: "resources must be a list of resources, or null for every resource",
  })
  .min(1, { error: "resources must include at least one resource, or be null for every resource" })
  .max(TOKEN_RESOURCES.length)
  .refine((list) => new Set(list).size === list.length, "resources must not repeat a resource")
  .nullable();

export const apiTokenSchema = z.object({
  _id: z.string(),
  name: z.string(),
  sites: z.array(z.enum(SITES)),
  access: z.enum(TOKEN_ACCESS),
  /** The resources it is limited to; null for every resource of its sites. */
  resources: z.array(z.enum(TOKEN_RESOURCES)).nullable(),
  /** The first characters of the token (`bo_` and 8 more), to tell tokens apart. */
  prefix: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedAddress: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const createTokenBody = z
  .strictObject({
    name: z
      .string({ error: "name is required" })
      .trim()
      .min(1, { error: "name is required", ...coded("required") })
      .max(100, "name must be at most 100 characters"),
    sites,
    access: z.enum(TOKEN_ACCESS, { error: "access must be read or write" }),
    resources: tokenResources.optional(),
    expiresInDays: z
      .union(
        TOKEN_EXPIRY_DAYS.map((days) => z.literal(days)),
        { error: "expiresInDays must be 30, 90, 365 or null (never)" },
      )
      .nullable()
      .optional(),
  })
  // A resource none of its sites has would open nothing: refused rather than kept.
  .superRefine((body, context) => {
    if (body.sites.length === 0) return;
    body.resources?.forEach((resource, index) => {
      if (!SITE_RESOURCES[resource].some((site) => body.sites.includes(site)))
        context.addIssue({
          code: "custom",
          path: ["resources", index],
          message: `resources must be on the token's sites (${resource} is on ${SITE_RESOURCES[resource].join(", ")})`,
          ...coded("not_allowed"),
        });
    });
  });
export type CreateTokenBody = z.infer<typeof createTokenBody>;

export const tokensAnswer = successOf(z.array(apiTokenSchema));
/** The created token, with the whole `token`: answered this once, never stored. */
export const createdTokenAnswer = successOf(apiTokenSchema.extend({ token: z.string() }));

/** Record kinds of the sites' own data (account kinds are not sent): the `<kind>` of `<kind>.<created|updated|deleted>`. */
export const WEBHOOK_KINDS = HISTORY_RESOURCES.filter((kind) => RECORD_KINDS[kind].resource !== "account");
export const RECORD_ACTIONS = ["created", "updated", "deleted"] as const;
export const OTHER_EVENTS = [
  "match.status",
  "window.opened",
  "window.closed",
  "link.failing",
  "job.failed",
  "contact.received",
] as const;
export const WEBHOOK_EVENTS = [
  ...WEBHOOK_KINDS.flatMap((kind) => RECORD_ACTIONS.map((action) => `${kind}.${action}`)),
  ...OTHER_EVENTS,
] as readonly string[];
/** The event every test delivery carries (`POST /webhooks/{id}/test`). */
export const TEST_EVENT = "webhook.test";

const events = z
  .array(
    z.string().refine((name) => WEBHOOK_EVENTS.includes(name), {
      message: "events must be event names such as ads.created or contact.received",
      ...coded("not_allowed"),
    }),
    { error: "events must be a list of event names" },
  )
  .min(1, { error: "events must include at least one event", ...coded("required") })
  .max(WEBHOOK_EVENTS.length);

export const webhookSchema = z.object({
  _id: z.string(),
  url: z.string(),
  sites: z.array(z.enum(SITES)),
  events: z.array(z.string()),
  active: z.boolean(),
  /** Why the endpoint is off when the product switched it off (failing for 24 h); null otherwise. */
  disabledReason: z.string().nullable(),
  /** Since when deliveries fail without a success in between; null while it answers. */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
  /** Until when the secret before the last rotation still signs too. */
  previousSecretUntil: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const createWebhookBody = z.strictObject({ url: httpUrl("url"), sites, events });
export const updateWebhookBody = z
  .strictObject({
    url: httpUrl("url").optional(),
    sites: sites.optional(),
    events: events.optional(),
    active: z.boolean({ error: "active must be true or false" }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "Send at least one of url, sites, events, active");

export const webhooksAnswer = successOf(z.array(webhookSchema));
export const webhookAnswer = successOf(webhookSchema);
/** A created endpoint or a rotation: the `secret` (`whsec_…`) is answered this once. */
export const webhookSecretAnswer = successOf(webhookSchema.extend({ secret: z.string() }));

export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export const deliverySchema = z.object({
  _id: z.string(),
  /** The `webhook-id` header: the same on every attempt of this delivery. */
  messageId: z.string(),
  event: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The last attempt's HTTP status, null when no answer came (refused, timed out, blocked). */
  responseStatus: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  /** The first bytes of the last answer, or why there was none. */
  response: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveriesAnswer = successOf(z.array(deliverySchema));
export const deliveryAnswer = successOf(deliverySchema);

export const webhookIdParams = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{24}$/, "id must be 24 hexadecimal digits"),
});
export const deliveryIdParams = webhookIdParams.extend({
  deliveryId: z.string().regex(/^[0-9]{1,18}$/, "deliveryId must be a number"),
});
