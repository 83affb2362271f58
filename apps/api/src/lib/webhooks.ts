import { randomBytes, randomUUID } from "node:crypto";
import { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { performance } from "node:perf_hooks";
import { type HistoryResource, RECORD_KINDS, SITES } from "@backoffice/contracts";
import { WEBHOOK_KINDS } from "@backoffice/contracts/integrations";
import type { Database, Queryable } from "@backoffice/db";
import type { FastifyBaseLogger } from "fastify";
import ipaddr from "ipaddr.js";
import { Webhook } from "standardwebhooks";
import { camelKeys } from "../routes/history/repository.ts";
import type { EndpointRow } from "../routes/integrations/repository.ts";
import { BlockedError, eachLimit, guardedLookup, isBlockedAddress } from "./link-probe.ts";
import { windowMomentsBetween } from "./windows.ts";

/**
 * Webhook delivery (docs/INTEGRATIONS.md#webhooks, docs/decisions/022-webhook-outbox.md).
 *
 * 1. Fan-out: History rows (audit_log, written in each change's own transaction) whose transaction
 *    is below the oldest transaction still running (FINAL_LINE) have all been committed or rolled back for good;
 *    each becomes one delivery per endpoint that wants its event, in the same transaction that moves
 *    the cursor (webhook_outbox). A rolled-back write has no row: nothing is sent.
 * 2. Sending: due deliveries are taken (locked for a while, so instances never send one twice at
 *    once), POSTed signed per Standard Webhooks, and retried after RETRY_AFTER_S until the last, which
 *    fails the delivery. An endpoint failing for 24 h without a success is switched off and says why.
 * At least once: a delivery is marked done only after its 2xx, so a crash re-sends it (same
 * `webhook-id`, which receivers use to drop the duplicate).
 */

/** Waits between attempts (Standard Webhooks' schedule): 8 attempts over about 27 hours. */
export const RETRY_AFTER_S = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600];
/** An endpoint failing this long without a success is switched off. */
export const DISABLE_AFTER_MS = 24 * 3600_000;
/** How much of an answer the delivery log keeps. */
export const RESPONSE_KEPT_BYTES = 1024;
export const SWITCHED_OFF = "Switched off: deliveries failed for 24 hours";
const FAN_OUT_BATCH = 1000;
const SEND_BATCH = 50;
const SEND_CONCURRENCY = 8;
const TIMEOUT_MS = 15_000;
/**
 * A pass holds the deliveries it sends this long: past the send's timeout, so two instances never
 * send one at once; short, so a delivery whose instance died mid-send (kill -9) is sent again soon.
 */
const LEASE_S = 45;
const USER_AGENT = "backoffice-webhooks/1";

/** A fresh endpoint secret: `whsec_` and the base64 of 24 random bytes (Standard Webhooks). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64")}`;
export const newMessageId = () => `msg_${randomUUID().replaceAll("-", "")}`;

const PAST_TENSE = { create: "created", restore: "created", update: "updated", delete: "deleted" } as const;

interface AuditRow {
  id: string;
  tx: string;
  at: Date;
  site: string;
  resource: HistoryResource;
  record_id: string | null;
  action: keyof typeof PAST_TENSE;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The event and payload a History row sends: `<kind>.<created|updated|deleted>`. */
export function eventOf(row: AuditRow) {
  const type = `${row.resource}.${PAST_TENSE[row.action]}`;
  const record = camelKeys(row.action === "delete" ? row.before : row.after);
  return {
    type,
    payload: {
      type,
      timestamp: new Date(row.at).toISOString(),
      data: {
        site: row.site,
        kind: row.resource,
        resource: RECORD_KINDS[row.resource].resource,
        id: row.record_id,
        historyId: row.id,
        record,
        ...(row.action === "update" ? { before: camelKeys(row.before) } : {}),
      },
    },
  };
}

/**
 * The events a History row sends: its `<kind>.<action>`, and `match.status` when a match's status
 * changed (the same row: the feed's or an editor's update of `status`).
 */
export function eventsOfHistory(row: AuditRow): { type: string; payload: object; suffix: string }[] {
  const events: { type: string; payload: object; suffix: string }[] = [{ ...eventOf(row), suffix: "" }];
  const from = row.before?.status;
  const to = row.after?.status;
  if (row.resource === "matches" && row.action === "update" && from !== to)
    events.push({
      type: "match.status",
      suffix: "_status",
      payload: {
        type: "match.status",
        timestamp: new Date(row.at).toISOString(),
        data: {
          site: row.site,
          id: row.record_id,
          historyId: row.id,
          from,
          to,
          record: camelKeys(row.after),
        },
      },
    });
  return events;
}

/** Whether a destination may be reached by address alone (a literal loopback or private address is refused). */
export function destinationAllowed(target: string, allowedHosts: readonly string[]): boolean {
  const url = new URL(target);
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (allowedHosts.includes(host)) return true;
  if (ipaddr.isValid(host)) return !isBlockedAddress(host);
  return host !== "localhost" && !host.endsWith(".localhost");
}

interface Attempt {
  status: number | null;
  latencyMs: number | null;
  response: string;
}

/** One POST through the link probe's address guard; never throws. */
function post(
  target: string,
  body: string,
  headers: Record<string, string>,
  allowedHosts: readonly string[],
): Promise<Attempt> {
  const started = performance.now();
  return new Promise<Attempt>((resolve) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return resolve({ status: null, latencyMs: null, response: "Not a valid URL" });
    }
    const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
    const allowed = allowedHosts.includes(host);
    if (!destinationAllowed(target, allowedHosts))
      return resolve({ status: null, latencyMs: null, response: `${host} is a blocked address` });
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(
      url,
      {
        method: "POST",
        lookup: guardedLookup(dnsLookup as LookupFunction, allowed),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": USER_AGENT,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          resolve({
            status: response.statusCode ?? 0,
            latencyMs: Math.round(performance.now() - started),
            response: Buffer.concat(chunks).subarray(0, RESPONSE_KEPT_BYTES).toString("utf8"),
          });
        response.on("data", (chunk: Buffer) => {
          if (size < RESPONSE_KEPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_KEPT_BYTES) {
            response.destroy();
            done();
          }
        });
        response.on("end", done);
        response.on("error", done);
      },
    );
    request.on("error", (error) => {
      const reason =
        error instanceof BlockedError
          ? error.message
          : error.name === "AbortError" || error.name === "TimeoutError"
            ? "Timed out"
            : ((error as { code?: string }).code ?? error.message);
      resolve({ status: null, latencyMs: null, response: reason });
    });
    request.end(body);
  });
}

export interface WebhookDelivery {
  /** One fan-out and one sending round; answers how many it fanned out and sent. */
  pass(): Promise<{ queued: number; sent: number }>;
  /** A pass soon (debounced) after a write, while an endpoint is active. */
  kick(): void;
  /** A pass soon whatever the last one saw: an endpoint was added or switched on, a test, a redelivery. */
  wake(): void;
  close(): void;
}

export interface WebhookDeliveryOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** Hosts reachable although they are loopback or private (LINK_PROBE_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
  /** How long a kick waits to gather the writes of a burst. */
  debounceMs?: number;
  /** Tells the Owners that the endpoint at this URL was switched off (a mail). */
  tellOwners?: (url: string) => Promise<void>;
}

/**
 * The transaction id below which every transaction of this database has ended: the oldest one still
 * running here (pg_locks holds each running transaction's own id; matched on its low 32 bits), else
 * the snapshot's xmax. Not pg_snapshot_xmin alone: that counts every database of the server, so a
 * long transaction elsewhere (another app, a test run) would hold deliveries back.
 */
const FINAL_LINE = `with snap as (select pg_current_snapshot() as s),
  ours as (select l.transactionid::text::bigint as x from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'transactionid' and l.mode = 'ExclusiveLock' and a.datname = current_database())
  select coalesce(
    (select min(x) from snap, pg_snapshot_xip(snap.s) as x where x::text::bigint % 4294967296 in (select x from ours)),
    (select pg_snapshot_xmax(s) from snap))::text as line`;

interface EventRow {
  id: string;
  tx: string;
  at: Date;
  /** Null for an event of no site (`job.failed`): every endpoint that wants it. */
  site: string | null;
  event: string;
  record_id: string | null;
  data: Record<string, unknown>;
}

/** An event that is not a History row (webhook_events, migrations 0052 and 0090): `contact.received`, `link.failing`, `job.failed`, `window.opened|closed`. */
const payloadOfEvent = (row: EventRow) => ({
  type: row.event,
  timestamp: new Date(row.at).toISOString(),
  data: { site: row.site, id: row.record_id, eventId: row.id, record: row.data },
});

interface Source<Row extends { id: string; tx: string; site: string | null }> {
  /** The cursor's columns in webhook_outbox. */
  horizon: string;
  afterId: string;
  /** Rows after ($1 tx, $2 id), below $3, in (tx, id) order (the kinds are our own names, written in). */
  select: string;
  /** The delivery column naming the row (unique per endpoint). */
  key: "audit_id" | "event_id";
  messageId: (row: Row) => string;
  eventsOf: (row: Row) => { type: string; payload: object; suffix: string }[];
}

const HISTORY: Source<AuditRow> = {
  horizon: "horizon",
  afterId: "after_id",
  select: `select id::text as id, tx::text as tx, at, site, resource, record_id, action, before, after
    from audit_log where (tx > $1::xid8 or (tx = $1::xid8 and id > $2::bigint)) and tx < $3::xid8
      and site is not null and resource in (${WEBHOOK_KINDS.map((kind) => `'${kind}'`).join(", ")})
    order by tx, id limit ${FAN_OUT_BATCH}`,
  key: "audit_id",
  messageId: (row) => `msg_h${row.id}`,
  eventsOf: eventsOfHistory,
};

const OTHER: Source<EventRow> = {
  horizon: "events_horizon",
  afterId: "events_after_id",
  select: `select id::text as id, tx::text as tx, at, site, event, record_id, data
    from webhook_events where (tx > $1::xid8 or (tx = $1::xid8 and id > $2::bigint)) and tx < $3::xid8
    order by tx, id limit ${FAN_OUT_BATCH}`,
  key: "event_id",
  messageId: (row) => `msg_e${row.id}`,
  eventsOf: (row) => [{ type: row.event, payload: payloadOfEvent(row), suffix: "" }],
};

/** Turns one source's final rows into deliveries and moves its cursor (inside the pass's transaction). */
async function fanOutSource<Row extends { id: string; tx: string; site: string | null }>(
  tx: Queryable,
  source: Source<Row>,
  line: string,
): Promise<number> {
  const [cursor] = await tx.query<{ horizon: string | null; after_id: string }>(
    `select ${source.horizon}::text as horizon, ${source.afterId}::text as after_id from webhook_outbox`,
  );
  if (!cursor?.horizon) {
    // Never set: what happened before webhooks existed is not sent.
    await tx.query(`update webhook_outbox set ${source.horizon} = $1::xid8, ${source.afterId} = 0`, [line]);
    return 0;
  }
  const rows = await tx.query<Row>(source.select, [cursor.horizon, cursor.after_id, line]);
  let queued = 0;
  if (rows.length > 0) {
    const endpoints = await tx.query<Pick<EndpointRow, "id" | "sites" | "events">>(
      "select id, sites, events from webhook_endpoints where active",
    );
    for (const row of rows)
      for (const { type, payload, suffix } of source.eventsOf(row)) {
        const wanted = endpoints.filter(
          (endpoint) =>
            (row.site === null || endpoint.sites.includes(row.site as never)) &&
            endpoint.events.includes(type),
        );
        for (const endpoint of wanted) {
          const inserted = await tx.query(
            `insert into webhook_deliveries (endpoint_id, ${source.key}, message_id, event, payload)
             values ($1, $2, $3, $4, $5) on conflict do nothing returning id`,
            [endpoint.id, row.id, source.messageId(row) + suffix, type, JSON.stringify(payload)],
          );
          queued += inserted.length;
        }
      }
  }
  // A full batch stops at its last row; otherwise every row below the line has been read.
  const last = rows.length === FAN_OUT_BATCH ? rows.at(-1) : undefined;
  await tx.query(`update webhook_outbox set ${source.horizon} = $1::xid8, ${source.afterId} = $2`, [
    last ? last.tx : line,
    last ? last.id : 0,
  ]);
  return queued;
}

const WINDOW_EVENTS = ["window.opened", "window.closed"];
/** Whether an active endpoint wants the window events (which no write makes: the pass writes them). */
const WINDOWS_WANTED = `select exists (select 1 from webhook_endpoints where active and events && '{${WINDOW_EVENTS}}')
  as wanted`;

/**
 * Writes `window.opened` / `window.closed` for the starts and ends of switched-on records' windows
 * since the last pass (`windows_until`) up to `now`, each once: the next pass sends them. The first
 * pass, or one while nobody wants them, only moves the mark (what happened before is not sent).
 */
async function writeWindowEvents(tx: Queryable, now: Date): Promise<number> {
  const [{ wanted } = { wanted: false }] = await tx.query<{ wanted: boolean }>(WINDOWS_WANTED);
  const [mark] = await tx.query<{ until: Date | null }>("select windows_until as until from webhook_outbox");
  await tx.query("update webhook_outbox set windows_until = $1", [now]);
  if (!wanted || !mark?.until || mark.until >= now) return 0;
  const from = new Date(mark.until.getTime() + 1);
  let written = 0;
  for (const site of SITES)
    for (const moment of await windowMomentsBetween(tx, site, from, now, { switchedOn: true })) {
      await tx.query("insert into webhook_events (site, event, record_id, data) values ($1, $2, $3, $4)", [
        site,
        moment.moment === "starts" ? "window.opened" : "window.closed",
        moment.recordId,
        JSON.stringify({ kind: moment.kind, name: moment.recordName, flag: moment.flag, at: moment.at }),
      ]);
      written++;
    }
  return written;
}

/** The next window start or end of a switched-on record within `ms`, while an endpoint wants them: when a pass must run. */
async function nextWindowMoment(db: Queryable, ms: number): Promise<number | null> {
  const [{ wanted } = { wanted: false }] = await db.query<{ wanted: boolean }>(WINDOWS_WANTED);
  if (!wanted) return null;
  const now = Date.now();
  let next: number | null = null;
  for (const site of SITES) {
    const [first] = await windowMomentsBetween(db, site, new Date(now), new Date(now + ms), {
      switchedOn: true,
    });
    if (first) next = Math.min(next ?? Infinity, Date.parse(first.at) - now);
  }
  return next;
}

/**
 * Queues what is final for the endpoints; `listening` says whether any endpoint is active, `written`
 * how many window events this pass wrote for the next to send.
 */
async function fanOut(db: Database): Promise<{ queued: number; listening: boolean; written: number }> {
  return db.transaction(async (tx) => {
    // One pass at a time across instances: the cursor row stays locked until this transaction ends.
    await tx.query("select 1 from webhook_outbox for update");
    const [{ line } = { line: "0" }] = await tx.query<{ line: string }>(FINAL_LINE);
    const [{ wanted } = { wanted: false }] = await tx.query<{ wanted: boolean }>(
      "select exists (select 1 from webhook_endpoints where active) as wanted",
    );
    const written = await writeWindowEvents(tx, new Date());
    if (!wanted) {
      // Nobody listens: the cursors move to the line without reading what is below it.
      await tx.query(
        "update webhook_outbox set horizon = $1::xid8, after_id = 0, events_horizon = $1::xid8, events_after_id = 0",
        [line],
      );
      return { queued: 0, listening: false, written };
    }
    const queued = (await fanOutSource(tx, HISTORY, line)) + (await fanOutSource(tx, OTHER, line));
    return { queued, listening: true, written };
  });
}

interface DueRow {
  id: string;
  message_id: string;
  payload: unknown;
  attempts: number;
  endpoint_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
}

/** The `webhook-signature` header: the current secret's, and the former one's while it is still valid. */
export function signatureOf(
  endpoint: Pick<DueRow, "secret" | "previous_secret" | "previous_secret_until">,
  messageId: string,
  at: Date,
  body: string,
) {
  const secrets = [endpoint.secret];
  if (endpoint.previous_secret && endpoint.previous_secret_until && endpoint.previous_secret_until > at)
    secrets.push(endpoint.previous_secret);
  return secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(" ");
}

async function recordAttempt(
  db: Queryable,
  log: FastifyBaseLogger,
  due: DueRow,
  attempt: Attempt,
  tellOwners: ((url: string) => Promise<void>) | undefined,
) {
  const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
  const attempts = due.attempts + 1;
  const retryAfter = RETRY_AFTER_S[attempts - 1];
  await db.query(
    `update webhook_deliveries set attempts = $2, status = $3, response_status = $4, latency_ms = $5,
       response = $6, last_attempt_at = now(), locked_until = null,
       next_attempt_at = case when $7::int is null then null else now() + make_interval(secs => $7::int) end
     where id = $1`,
    [
      due.id,
      attempts,
      ok ? "delivered" : retryAfter === undefined ? "failed" : "pending",
      attempt.status,
      attempt.latencyMs,
      attempt.response,
      ok ? null : (retryAfter ?? null),
    ],
  );
  if (ok) {
    await db.query(
      "update webhook_endpoints set failing_since = null where id = $1 and failing_since is not null",
      [due.endpoint_id],
    );
    return;
  }
  await db.query(
    "update webhook_endpoints set failing_since = coalesce(failing_since, now()) where id = $1",
    [due.endpoint_id],
  );
  const [switched] = await db.query<{ url: string }>(
    `update webhook_endpoints set active = false, disabled_reason = $3
     where id = $1 and active and failing_since <= now() - make_interval(secs => $2) returning url`,
    [due.endpoint_id, DISABLE_AFTER_MS / 1000, SWITCHED_OFF],
  );
  if (switched) {
    log.warn(
      { event: "webhook endpoint switched off", endpointId: due.endpoint_id, url: switched.url },
      "webhook endpoint failed for 24 hours and was switched off; an Owner can switch it on again",
    );
    await tellOwners?.(switched.url).catch((error) =>
      log.error({ err: error }, "could not tell the Owners that a webhook endpoint was switched off"),
    );
  }
}

async function sendDue(
  db: Database,
  log: FastifyBaseLogger,
  allowedHosts: readonly string[],
  tellOwners: ((url: string) => Promise<void>) | undefined,
) {
  const due = await db.query<DueRow>(
    `with taken as (
       update webhook_deliveries set locked_until = now() + make_interval(secs => ${LEASE_S})
       where id in (
         select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
         where d.status = 'pending' and d.next_attempt_at <= now() and e.active
           and (d.locked_until is null or d.locked_until < now())
         order by d.next_attempt_at, d.id limit ${SEND_BATCH}
         for update of d skip locked)
       returning id, message_id, payload, attempts, endpoint_id)
     select taken.id::text as id, taken.message_id, taken.payload, taken.attempts, taken.endpoint_id,
       e.url, e.secret, e.previous_secret, e.previous_secret_until
     from taken join webhook_endpoints e on e.id = taken.endpoint_id order by taken.id`,
  );
  await eachLimit(due, SEND_CONCURRENCY, async (delivery) => {
    const body = JSON.stringify(delivery.payload);
    const at = new Date();
    const attempt = await post(
      delivery.url,
      body,
      {
        "webhook-id": delivery.message_id,
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": signatureOf(delivery, delivery.message_id, at, body),
      },
      allowedHosts,
    );
    await recordAttempt(db, log, delivery, attempt, tellOwners);
  });
  return due.length;
}

export function createWebhookDelivery(options: WebhookDeliveryOptions): WebhookDelivery {
  const { db, log, allowedHosts, debounceMs = 100, tellOwners } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<{ queued: number; sent: number }> | undefined;
  let again = false;
  let closed = false;
  // Whether an endpoint is active, as the last pass saw: while none is, a write kicks no pass (the
  // public intake pays nothing); creating or switching one on wakes them (another instance's
  // endpoints are seen at the job's next round).
  let listening = true;

  async function once() {
    const { queued, listening: anyone, written } = await fanOut(db);
    listening = anyone;
    // Window events written by this pass are final once it commits: the next pass sends them.
    if (written > 0) again = true;
    const sent = await sendDue(db, log, allowedHosts, tellOwners);
    return { queued, sent };
  }

  /** One pass at a time in this process; a pass asked for while one runs follows it. */
  async function pass() {
    if (running) {
      again = true;
      return running;
    }
    running = once().finally(() => {
      running = undefined;
    });
    const result = await running;
    if (again) {
      again = false;
      kick();
    }
    return result;
  }

  async function soonest() {
    // The next retry (or a lease left by a dead instance) due within the minute is sent on time;
    // later ones wait for the job's next round.
    const [next] = await db.query<{ ms: number }>(
      `select greatest(0, extract(epoch from (min(due) - now())) * 1000)::int as ms
       from (select greatest(d.next_attempt_at, coalesce(d.locked_until, d.next_attempt_at)) as due
         from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
         where d.status = 'pending' and e.active) pending
       where due < now() + interval '1 minute'`,
    );
    const window = await nextWindowMoment(db, 60_000);
    if (window === null) return next?.ms ?? null;
    return Math.min(next?.ms ?? Infinity, window + 1);
  }

  function kick(delay = debounceMs) {
    if (closed || timer || !listening) return;
    timer = setTimeout(() => {
      timer = undefined;
      pass()
        .then(async () => {
          const ms = await soonest();
          if (ms !== null) kick(Math.max(ms, debounceMs));
        })
        .catch((error) => log.error({ err: error }, "webhook delivery pass failed"));
    }, delay);
    timer.unref();
  }

  return {
    pass,
    kick: () => kick(),
    wake() {
      listening = true;
      kick();
    },
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
