import { randomUUID } from "node:crypto";
import {
  applyAtQuery,
  type HistoryResource,
  isSite,
  RECORD_KINDS,
  SCHEDULE_MESSAGES,
  type Site,
  scheduledChangeSchema,
  successOf,
} from "@backoffice/contracts";
import { conflict, notFound } from "@backoffice/server";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodObject } from "zod";
import { ofSite, recordNameOf } from "../../lib/windows.ts";
import { siteOfUrl } from "../../plugins/audit.ts";
import { schedulerHeaders } from "../../plugins/scheduler-session.ts";
import { changeAnswer, type StoredChange, scheduleRepository } from "./repository.ts";

// Scheduled changes (docs/PRODUCT-RULES.md#scheduled-changes). An edit route that says which kind of
// record it edits (`config: { schedules: "ads" }`) takes `?applyAt=<instant>`: the edit, checked by
// the route's schemas, waits as a pending change and the answer is 202 with it. At its time one
// instance claims it and replays it through the same route as its author, so every rule of the route
// holds then; a record changed since it was scheduled is a conflict instead.

declare module "fastify" {
  interface FastifyContextConfig {
    /** The record kind the route edits (its `:id`): the edit can be scheduled with `?applyAt=`. */
    schedules?: HistoryResource;
    /**
     * Whether the record exists, for a kind kept outside the api's database (titles: no `table` in
     * its descriptor); the others are looked up in their table.
     */
    recordExists?: (request: FastifyRequest, id: string) => Promise<boolean>;
  }
  interface FastifyInstance {
    /** Applies the scheduled changes at their time (in the admin routes' scope). */
    scheduler: Scheduler;
  }
}

export interface Scheduler {
  /** Applies one pending change now (Apply now); undefined when it is not pending. */
  applyNow(site: Site, id: string): Promise<StoredChange | undefined>;
  /** Looks again for the next change due (one was scheduled, moved or cancelled). */
  rearm(): void;
}

/** A claim older than this was left by an instance that stopped: it is settled or released. */
const CLAIM_STALE_MS = 120_000;
/** How often an instance looks for changes due even when it knows of none (others may schedule). */
const LOOK_EVERY_MS = 60_000;

/** Adds `?applyAt=` and the 202 to each schedulable edit route, and keeps such edits for later. */
export function scheduleEdits(fastify: FastifyInstance): void {
  fastify.addHook("onRoute", (route) => {
    if (!route.config?.schedules) return;
    const schema = route.schema ?? {};
    const query = schema.querystring as ZodObject | undefined;
    route.schema = {
      ...schema,
      querystring: query ? query.extend(applyAtQuery.shape) : applyAtQuery,
      response: { ...(schema.response as object), 202: successOf(scheduledChangeSchema) },
    };
  });

  const changes = scheduleRepository(fastify.db);
  fastify.addHook("preHandler", async (request, reply) => {
    const kind = request.routeOptions.config.schedules;
    const applyAt = (request.query as { applyAt?: string } | undefined)?.applyAt;
    if (!kind || applyAt === undefined || !request.session) return;
    const site = siteOfUrl(request.url);
    const recordId = (request.params as { id: string }).id;
    if (!isSite(site)) return;
    const table = RECORD_KINDS[kind].table;
    const { recordExists } = request.routeOptions.config;
    const exists = table
      ? (
          await fastify.db.query(`select 1 from ${table} t where ${ofSite("t")} and id = $2`, [
            site,
            recordId,
          ])
        ).length > 0
      : await recordExists!(request, recordId);
    if (!exists) throw notFound(SCHEDULE_MESSAGES.recordGone);
    if (!(await changes.roomFor(site))) throw conflict(SCHEDULE_MESSAGES.tooMany);
    const change = await changes.create({
      id: randomUUID(),
      site,
      kind,
      recordId,
      method: request.method,
      path: request.url.split("?")[0]!,
      body: request.body,
      basedOn: await changes.newestEntry(kind, recordId),
      applyAt,
      authorId: request.session.userId,
      authorEmail: request.session.email,
    });
    fastify.scheduler.rearm();
    await reply
      .code(202)
      .send({ status: "success", data: changeAnswer(change), message: SCHEDULE_MESSAGES.scheduled });
    return reply;
  });
}

/** The applier of one process: a timer at the next change due, at most a minute away. */
export function createScheduler(fastify: FastifyInstance): Scheduler & { start(): void; stop(): void } {
  const changes = scheduleRepository(fastify.db);
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let looking: Promise<void> | undefined;

  const notify = (change: StoredChange) => {
    if (!isSite(change.site)) return;
    fastify.live.publish({
      type: "record",
      site: change.site,
      resource: "scheduled",
      id: change.id,
      action: "update",
      actor: { id: change.author_id, email: change.author_email, job: "scheduler" },
    });
  };

  /** The author and the Owners hear of a change that could not be applied (by mail when SMTP is set). */
  async function tellOfRefusal(change: StoredChange, message: string) {
    if (!fastify.mailer.smtp) return;
    const owners = await fastify.db.query<{ email: string }>(
      "select email from users where level = 'owner' and disabled_at is null",
    );
    const to = new Set([change.author_email, ...owners.map((owner) => owner.email)]);
    const what = `${recordNameOf(change.kind, change.record)} (${change.site})`;
    for (const address of to) {
      await fastify.mailer
        .send({
          to: address,
          subject: `A scheduled change was not applied: ${what}`,
          text: `${message}.\n\nThe change scheduled by ${change.author_email} for ${what} waits on the site's Schedule screen.`,
        })
        .catch((error) => fastify.log.warn({ err: error }, "scheduled change: mail not sent"));
    }
  }

  async function refuse(change: StoredChange, status: "conflict" | "failed", message: string) {
    // A conflict shows the record as it is now: its newest History entry, read with the claim.
    const current = status === "conflict" ? change.record : null;
    await changes.settle(change.id, status, { message, current });
    notify(change);
    await tellOfRefusal(change, message);
  }

  async function apply(change: StoredChange): Promise<void> {
    try {
      if (await changes.changedSince(change))
        return await refuse(change, "conflict", SCHEDULE_MESSAGES.conflict);
      const answer = await fastify.inject({
        method: change.method as "PUT",
        url: change.path,
        payload: change.body,
        headers: { ...schedulerHeaders(change.id, change.author_id), "content-type": "application/json" },
      });
      if (answer.statusCode < 300) {
        await changes.settle(change.id, "applied", null);
        notify(change);
        return;
      }
      const message =
        (answer.json() as { message?: string }).message ?? `The edit was refused (${answer.statusCode})`;
      await refuse(change, answer.statusCode === 409 ? "conflict" : "failed", message);
    } catch (error) {
      fastify.log.error({ err: error, change: change.id }, "scheduled change: not applied");
      await refuse(change, "failed", error instanceof Error ? error.message : String(error)).catch(() => {});
    }
  }

  async function applyDue(): Promise<void> {
    const now = new Date();
    await changes.recover(new Date(now.getTime() - CLAIM_STALE_MS));
    for (const change of await changes.claim(now)) await apply(change);
  }

  function arm() {
    if (stopped) return;
    looking ??= (async () => {
      try {
        await applyDue();
        const next = await changes.nextDue();
        if (stopped) return;
        clearTimeout(timer);
        const wait = next ? Math.max(0, next.getTime() - Date.now()) : LOOK_EVERY_MS;
        timer = setTimeout(arm, Math.min(wait, LOOK_EVERY_MS));
        timer.unref();
      } catch (error) {
        if (stopped) return;
        fastify.log.warn({ err: error }, "scheduled changes: looking again in a minute");
        timer = setTimeout(arm, LOOK_EVERY_MS);
        timer.unref();
      } finally {
        looking = undefined;
      }
    })();
  }

  return {
    start() {
      stopped = false;
      arm();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
    rearm() {
      if (looking) void looking.then(arm);
      else arm();
    },
    async applyNow(site, id) {
      const [change] = await changes.claim(new Date(), id, site);
      if (!change) return undefined;
      await apply(change);
      return changes.get(site, id);
    },
  };
}
