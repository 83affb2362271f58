import { randomUUID } from "node:crypto";
import type { Site } from "@backoffice/contracts";
import type { LiveEvent } from "@backoffice/contracts/live";
import { type Database, loadPg } from "@backoffice/db";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";

/**
 * The path of live events between instances (docs/ARCHITECTURE.md, "Live updates"): Redis pub/sub
 * when `REDIS_URL` is set, else PostgreSQL LISTEN/NOTIFY on `DATABASE_URL`, else this process only
 * (the embedded database has one instance). An event published here reaches every instance's
 * listeners once, this one's included.
 */
export interface LiveBus {
  readonly transport: "redis" | "postgres" | "memory";
  /** Never fails: while the shared path is down the event still reaches this instance's streams. */
  publish(event: LiveEvent): void;
  /**
   * Counts an item of the public intake; the counts go out together at most once per
   * `INTAKE_FLUSH_MS` per site and resource (thousands of forms a second stay a few events).
   */
  intake(site: Site, resource: "emails" | "contacts"): void;
  listen(listener: (event: LiveEvent) => void): () => void;
  /** Listeners now: one per open stream of this instance. */
  listeners(): number;
  /**
   * A member's access changed or sessions of theirs ended: the streams it names end on every
   * instance. This instance's have ended when it returns; it resolves once the others are told (a
   * failure to tell them is logged, never thrown: their heartbeat check ends those streams then).
   * Awaited before the change's answer, so that no event sent after the answer reaches those streams.
   */
  accessChanged(change: AccessChange): Promise<void>;
  /**
   * Hears every access change, this instance's and the others'; `null` when changes may have been
   * missed (the link to the other instances was lost and is back): every stream's session is read again.
   */
  onAccessChange(listener: (change: AccessChange | null) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = "bo:live";
/** PostgreSQL channel names are identifiers. */
const PG_CHANNEL = "bo_live";
export const INTAKE_FLUSH_MS = 250;

/**
 * A message of the instances among themselves (docs/PRODUCT-RULES.md#live-updates): a member's access
 * changed (level, sites, disabled, removed) or sessions of theirs ended (signed out, revoked). It is no
 * `LiveEvent`: `publish` cannot send it and no stream ever writes it.
 */
export interface AccessChange {
  userId: string;
  /** Only the streams of these sessions end; without it (and `except`), every stream of the member. */
  sessions?: string[];
  /** Every stream of the member but this session's (the member signed out their other sessions). */
  except?: string;
}

/** Whether `change` ends a stream of session `sessionId` of member `userId`. */
export const endsStream = (change: AccessChange, userId: string, sessionId: string): boolean =>
  change.userId === userId &&
  (change.sessions ? change.sessions.includes(sessionId) : change.except !== sessionId);

/** How an access change travels between instances: apart from the events by its `type`. */
interface AccessMessage {
  type: "access";
  /** The instance that sent it (it applied it already), or `cli`. */
  origin: string;
  change: AccessChange;
}

interface Shared {
  db: Database;
  databaseUrl?: string | undefined;
  redis?: Redis | null | undefined;
}

/** How this deployment shares a message with every instance, or undefined when it has only one. */
function sharing(options: Shared): ((text: string) => Promise<unknown>) | undefined {
  const { redis, databaseUrl, db } = options;
  if (redis) return (text) => redis.publish(CHANNEL, text);
  // NOTIFY through the api's pool: delivered to every listening session, this one's included.
  if (databaseUrl) return (text) => db.query("select pg_notify($1, $2)", [PG_CHANNEL, text]);
  return undefined;
}

/**
 * An access change made outside the api (the `user` command line, apps/api/src/cli/user.ts): the
 * running instances end the member's streams. With neither Redis nor PostgreSQL there is no running
 * instance to tell (the embedded database is the server's alone while it runs). False when it could
 * not be told (Redis away): the instances' heartbeat check ends those streams then.
 */
export async function shareAccessChange(options: Shared, change: AccessChange): Promise<boolean> {
  const message: AccessMessage = { type: "access", origin: "cli", change };
  return Promise.resolve(sharing(options)?.(JSON.stringify(message))).then(
    () => true,
    () => false,
  );
}

export function createLiveBus(options: Shared & { log: FastifyBaseLogger }): LiveBus {
  const { log } = options;
  const listeners = new Set<(event: LiveEvent) => void>();
  const accessListeners = new Set<(change: AccessChange | null) => void>();
  // This instance's own access changes come back from Redis and PostgreSQL: applied once, when made.
  const origin = randomUUID();
  const emit = (event: LiveEvent) => {
    for (const listener of listeners) listener(event);
  };
  const changeAccess = (change: AccessChange | null) => {
    for (const listener of accessListeners) listener(change);
  };
  const receive = (text: string) => {
    let message: LiveEvent | AccessMessage;
    try {
      message = JSON.parse(text) as LiveEvent | AccessMessage;
    } catch (error) {
      log.warn({ err: error }, "live event not understood");
      return;
    }
    if (message.type !== "access") emit(message);
    else if (message.origin !== origin) changeAccess(message.change);
  };
  // Once the shared path is back after a loss, events of that gap never arrive: streams refetch,
  // and the access changes of the gap are read from the database.
  let lost = false;
  const down = () => {
    lost = true;
  };
  const up = () => {
    if (lost) {
      emit({ type: "resync" });
      changeAccess(null);
    }
    lost = false;
  };

  const send = sharing(options) ?? (async (text: string) => receive(text));
  let closeTransport = async () => {};
  let transport: LiveBus["transport"] = "memory";

  if (options.redis) {
    transport = "redis";
    const redis = options.redis;
    // As public-cache.ts: the subscription waits for its connection, publishes fail at once.
    const subscriber = redis.duplicate({ enableOfflineQueue: true });
    subscriber.on("message", (_channel, text: string) => receive(text));
    subscriber.on("ready", () => void subscriber.subscribe(CHANNEL).then(up, () => {}));
    subscriber.on("close", down);
    subscriber.on("error", () => {}); // the main connection logs the outage (lib/redis.ts)
    subscriber.connect().catch(() => {});
    closeTransport = async () => subscriber.disconnect();
  } else if (options.databaseUrl) {
    transport = "postgres";
    const url = options.databaseUrl;
    let client: import("pg").Client | undefined;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      const pg = await loadPg();
      const next = new pg.Client({ connectionString: url });
      next.on("notification", (message) => message.payload && receive(message.payload));
      const lose = () => {
        if (client !== next) return;
        client = undefined;
        down();
        next.end().catch(() => {});
        if (!closed) retry = setTimeout(reconnect, 1000);
      };
      next.on("error", lose);
      next.on("end", lose);
      client = next;
      try {
        await next.connect();
        await next.query(`listen ${PG_CHANNEL}`);
        up();
      } catch (error) {
        lose();
        throw error;
      }
    };
    const reconnect = () => void connect().catch(() => {});
    reconnect();
    closeTransport = async () => {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    };
  }

  const publish = (event: LiveEvent) => {
    const text = JSON.stringify(event);
    if (transport === "memory") return receive(text);
    // A lost publish must not fail the write that made it: this instance's streams still get it.
    send(text).catch((error) => {
      log.warn({ err: error, event: "live event not shared" }, "live event reached this instance only");
      receive(text);
    });
  };

  const counts = new Map<string, number>();
  let flush: NodeJS.Timeout | undefined;
  const flushIntake = () => {
    flush = undefined;
    for (const [key, count] of counts) {
      const [site, resource] = key.split(":") as [Site, "emails" | "contacts"];
      publish({ type: "intake", site, resource, count });
    }
    counts.clear();
  };

  return {
    get transport() {
      return transport;
    },
    publish,
    intake(site, resource) {
      const key = `${site}:${resource}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      flush ??= setTimeout(flushIntake, INTAKE_FLUSH_MS);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listeners: () => listeners.size,
    async accessChanged(change) {
      changeAccess(change);
      if (transport === "memory") return;
      const message: AccessMessage = { type: "access", origin, change };
      await send(JSON.stringify(message)).catch((error) =>
        log.warn(
          { err: error, event: "access change not shared", userId: change.userId },
          "streams of the member end on the other instances at their next heartbeat",
        ),
      );
    },
    onAccessChange(listener) {
      accessListeners.add(listener);
      return () => accessListeners.delete(listener);
    },
    async close() {
      if (flush) {
        clearTimeout(flush);
        flushIntake();
      }
      listeners.clear();
      accessListeners.clear();
      await closeTransport();
    },
  };
}
