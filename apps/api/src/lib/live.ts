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
  close(): Promise<void>;
}

const CHANNEL = "bo:live";
/** PostgreSQL channel names are identifiers. */
const PG_CHANNEL = "bo_live";
export const INTAKE_FLUSH_MS = 250;

export function createLiveBus(options: {
  db: Database;
  databaseUrl?: string | undefined;
  redis?: Redis | null | undefined;
  log: FastifyBaseLogger;
}): LiveBus {
  const { log } = options;
  const listeners = new Set<(event: LiveEvent) => void>();
  const emit = (event: LiveEvent) => {
    for (const listener of listeners) listener(event);
  };
  const receive = (text: string) => {
    try {
      emit(JSON.parse(text) as LiveEvent);
    } catch (error) {
      log.warn({ err: error }, "live event not understood");
    }
  };
  // Once the shared path is back after a loss, events of that gap never arrive: streams refetch.
  let lost = false;
  const down = () => {
    lost = true;
  };
  const up = () => {
    if (lost) emit({ type: "resync" });
    lost = false;
  };

  let send: (text: string) => Promise<unknown> = async (text) => receive(text);
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
    send = (text) => redis.publish(CHANNEL, text);
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
    // NOTIFY through the api's pool: delivered to every listening session, this one's included.
    send = (text) => options.db.query("select pg_notify($1, $2)", [PG_CHANNEL, text]);
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
    async close() {
      if (flush) {
        clearTimeout(flush);
        flushIntake();
      }
      listeners.clear();
      await closeTransport();
    },
  };
}
