import type { Site, TokenResource } from "@backoffice/contracts";
import type { ApiToken, Delivery, Webhook } from "@backoffice/contracts/integrations";
import { newId, type Queryable } from "@backoffice/db";
import { iso } from "../../lib/rows.ts";

interface TokenRow {
  id: string;
  name: string;
  sites: Site[];
  access: "read" | "write";
  resources: TokenResource[] | null;
  prefix: string;
  created_by: string | null;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  last_used_address: string | null;
}

const toToken = (row: TokenRow): ApiToken => ({
  _id: row.id,
  name: row.name,
  sites: row.sites,
  access: row.access,
  resources: row.resources,
  prefix: row.prefix,
  createdAt: iso(row.created_at),
  createdBy: row.created_by,
  expiresAt: row.expires_at ? iso(row.expires_at) : null,
  lastUsedAt: row.last_used_at ? iso(row.last_used_at) : null,
  lastUsedAddress: row.last_used_address,
});

const TOKEN_COLUMNS =
  "id, name, sites, access, resources, prefix, created_by, created_at, expires_at, last_used_at, last_used_address";

/** Last used time and address are written at most once a minute per token and address (not on every request). */
const USED_EVERY = "1 minute";

export function tokensRepository(db: Queryable) {
  return {
    async list(): Promise<ApiToken[]> {
      const rows = await db.query<TokenRow>(
        `select ${TOKEN_COLUMNS} from api_tokens where revoked_at is null order by created_at desc, id desc`,
      );
      return rows.map(toToken);
    },
    async create(token: {
      name: string;
      sites: Site[];
      access: "read" | "write";
      resources: TokenResource[] | null;
      prefix: string;
      hash: string;
      createdBy: string | null;
      expiresAt: Date | null;
    }): Promise<ApiToken> {
      const [row] = await db.query<TokenRow>(
        `insert into api_tokens (id, name, sites, access, resources, prefix, token_hash, created_by, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning ${TOKEN_COLUMNS}`,
        [
          newId(),
          token.name,
          token.sites,
          token.access,
          token.resources,
          token.prefix,
          token.hash,
          token.createdBy,
          token.expiresAt,
        ],
      );
      return toToken(row!);
    },
    async revoke(id: string): Promise<ApiToken | undefined> {
      const [row] = await db.query<TokenRow>(
        `update api_tokens set revoked_at = now() where id = $1 and revoked_at is null returning ${TOKEN_COLUMNS}`,
        [id],
      );
      return row && toToken(row);
    },
    /** The token of this hash, unless revoked or expired at `now`. */
    /** A token neither revoked nor expired at `now`, by its hash (`by: "hash"`) or its id. */
    async findLive(key: string, now: Date, by: "hash" | "id" = "hash") {
      const [row] = await db.query<TokenRow>(
        `select ${TOKEN_COLUMNS} from api_tokens
         where ${by === "hash" ? "token_hash" : "id::text"} = $1 and revoked_at is null
           and (expires_at is null or expires_at > $2)`,
        [key, now],
      );
      return row;
    },
    async markUsed(id: string, address: string): Promise<void> {
      await db.query(
        `update api_tokens set last_used_at = now(), last_used_address = $2
         where id = $1 and (last_used_at is null or last_used_at < now() - interval '${USED_EVERY}'
           or last_used_address is distinct from $2)`,
        [id, address],
      );
    },
  };
}

export interface EndpointRow {
  id: string;
  url: string;
  sites: Site[];
  events: string[];
  active: boolean;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
  failing_since: Date | null;
  disabled_reason: string | null;
  created_at: Date;
}

export const toWebhook = (row: EndpointRow): Webhook => ({
  _id: row.id,
  url: row.url,
  sites: row.sites,
  events: row.events,
  active: row.active,
  disabledReason: row.disabled_reason,
  failingSince: row.failing_since ? iso(row.failing_since) : null,
  createdAt: iso(row.created_at),
  previousSecretUntil:
    row.previous_secret_until && row.previous_secret_until > new Date()
      ? iso(row.previous_secret_until)
      : null,
});

interface DeliveryRow {
  id: string;
  message_id: string;
  event: string;
  status: Delivery["status"];
  attempts: number;
  response_status: number | null;
  latency_ms: number | null;
  response: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
}

const toDelivery = (row: DeliveryRow): Delivery => ({
  _id: String(row.id),
  messageId: row.message_id,
  event: row.event,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.response_status,
  latencyMs: row.latency_ms,
  response: row.response,
  createdAt: iso(row.created_at),
  lastAttemptAt: row.last_attempt_at ? iso(row.last_attempt_at) : null,
  nextAttemptAt: row.status === "pending" && row.next_attempt_at ? iso(row.next_attempt_at) : null,
});

const DELIVERY_COLUMNS = `id::text as id, message_id, event, status, attempts, response_status, latency_ms,
  response, created_at, last_attempt_at, next_attempt_at`;

/** How many deliveries the log shows (the newest). */
export const DELIVERIES_SHOWN = 100;

export function webhooksRepository(db: Queryable) {
  return {
    async list(): Promise<EndpointRow[]> {
      return db.query<EndpointRow>("select * from webhook_endpoints order by created_at desc, id desc");
    },
    async get(id: string): Promise<EndpointRow | undefined> {
      const [row] = await db.query<EndpointRow>("select * from webhook_endpoints where id = $1", [id]);
      return row;
    },
    async create(endpoint: {
      url: string;
      sites: Site[];
      events: string[];
      secret: string;
      createdBy: string | null;
    }): Promise<EndpointRow> {
      const [row] = await db.query<EndpointRow>(
        `insert into webhook_endpoints (id, url, sites, events, secret, created_by)
         values ($1, $2, $3, $4, $5, $6) returning *`,
        [newId(), endpoint.url, endpoint.sites, endpoint.events, endpoint.secret, endpoint.createdBy],
      );
      return row!;
    },
    /** Switching on again clears the failure state; a change of url, sites or events keeps it. */
    async update(
      id: string,
      patch: {
        url?: string | undefined;
        sites?: Site[] | undefined;
        events?: string[] | undefined;
        active?: boolean | undefined;
      },
    ): Promise<EndpointRow | undefined> {
      const [row] = await db.query<EndpointRow>(
        `update webhook_endpoints set url = coalesce($2, url), sites = coalesce($3, sites),
           events = coalesce($4, events), active = coalesce($5, active),
           failing_since = case when $5 then null else failing_since end,
           disabled_reason = case when $5 then null else disabled_reason end
         where id = $1 returning *`,
        [id, patch.url ?? null, patch.sites ?? null, patch.events ?? null, patch.active ?? null],
      );
      return row;
    },
    async rotate(id: string, secret: string, keepOldUntil: Date): Promise<EndpointRow | undefined> {
      const [row] = await db.query<EndpointRow>(
        `update webhook_endpoints set previous_secret = secret, previous_secret_until = $3, secret = $2
         where id = $1 returning *`,
        [id, secret, keepOldUntil],
      );
      return row;
    },
    async remove(id: string): Promise<boolean> {
      const rows = await db.query("delete from webhook_endpoints where id = $1 returning id", [id]);
      return rows.length > 0;
    },
    async deliveries(endpointId: string): Promise<Delivery[]> {
      const rows = await db.query<DeliveryRow>(
        `select ${DELIVERY_COLUMNS} from webhook_deliveries where endpoint_id = $1 order by id desc limit ${DELIVERIES_SHOWN}`,
        [endpointId],
      );
      return rows.map(toDelivery);
    },
    /** Sends a delivery again now (a new try, its attempts counted on). */
    async redeliver(endpointId: string, deliveryId: string): Promise<Delivery | undefined> {
      const [row] = await db.query<DeliveryRow>(
        `update webhook_deliveries set status = 'pending', next_attempt_at = now(), locked_until = null
         where endpoint_id = $1 and id = $2 returning ${DELIVERY_COLUMNS}`,
        [endpointId, deliveryId],
      );
      return row && toDelivery(row);
    },
    async addTest(endpointId: string, messageId: string, payload: object): Promise<Delivery> {
      const [row] = await db.query<DeliveryRow>(
        `insert into webhook_deliveries (endpoint_id, message_id, event, payload)
         values ($1, $2, 'webhook.test', $3) returning ${DELIVERY_COLUMNS}`,
        [endpointId, messageId, JSON.stringify(payload)],
      );
      return toDelivery(row!);
    },
  };
}
