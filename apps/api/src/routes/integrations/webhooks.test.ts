import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { INTEGRATION_MESSAGES as M } from "@backoffice/contracts/integrations";
import { type Queryable, withAudit } from "@backoffice/db";
import { testDatabaseKind } from "@backoffice/db/testing";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";
import { SWITCHED_OFF } from "../../lib/webhooks.ts";
import { validApp } from "../apps/app.testing.ts";
import { validMatch } from "../matches/match.testing.ts";

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A public site's receiver on 127.0.0.1, port 0: records every delivery; `failing` answers 500 meanwhile. */
let receiver: Server;
let base = "";
const received: Received[] = [];
let failing = false;
beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body });
      response.writeHead(failing ? 500 : 204).end(failing ? "receiver is down for now" : undefined);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

// The test's receiver is on loopback: the address guard lets it through only because the setting says so.
const t = signedInApp(() => ({ LINK_PROBE_ALLOWED_HOSTS: "127.0.0.1" }));

const at = (path: string) => received.filter((request) => request.path === path);
/** Verifies a delivery as a public site would (Standard Webhooks), answering its payload. */
const verify = (secret: string, request: Received) =>
  new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as {
    type: string;
    data: Record<string, unknown>;
  };

async function createEndpoint(path: string, events: string[], sites = ["apkw"]) {
  const response = await t.admin("POST", "/api/v1/webhooks", { url: `${base}${path}`, sites, events });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; secret: string };
}
/** A write straight to the table, inside the caller's audited transaction. */
const insertApp = (tx: Queryable, id: string, title: string) =>
  tx.query(
    `insert into apps (id, title, type, icon_app, bg_app, content, rating, size, download, developer, category, supported_devices)
     values ($1, $2, 'Arcade', 'https://cdn.example/i.png', 'https://cdn.example/b.png', 'c', 4, '1 MB', '1+', 'd', 'games', '{}')`,
    [id, title],
  );
const pass = () => t.app.webhooks.pass();
/** Runs passes until `path` received `count` deliveries (the machine is slow and shared). */
async function waitFor(path: string, count: number) {
  for (let wait = 20; at(path).length < count && wait < 5000; wait *= 2) {
    await pass();
    if (at(path).length < count) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return at(path);
}
const deliveries = async (id: string) =>
  (await t.admin("GET", `/api/v1/webhooks/${id}/deliveries`)).json().data as {
    _id: string;
    messageId: string;
    status: string;
    attempts: number;
    responseStatus: number | null;
    response: string | null;
    latencyMs: number | null;
  }[];

describe("webhooks", () => {
  it("answers the secret once and refuses blocked or bad destinations naming the field", async () => {
    const endpoint = await createEndpoint("/once", ["apps.created"]);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const list = await t.admin("GET", "/api/v1/webhooks");
    expect(list.body).not.toContain(endpoint.secret);
    for (const [body, path] of [
      [{ url: "http://169.254.169.254/latest", sites: ["apkw"], events: ["apps.created"] }, "url"],
      [{ url: "http://10.0.0.5/hook", sites: ["apkw"], events: ["apps.created"] }, "url"],
      [{ url: "ftp://example.com/", sites: ["apkw"], events: ["apps.created"] }, "url"],
      [{ url: "https://example.com/", sites: ["apkw"], events: ["apps.exploded"] }, "events.0"],
      [{ url: "https://example.com/", sites: [], events: ["apps.created"] }, "sites"],
    ] as const) {
      const response = await t.admin("POST", "/api/v1/webhooks", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
    }
  });

  it("delivers a committed change signed per Standard Webhooks, only to endpoints that want its event and site", async () => {
    const endpoint = await createEndpoint("/apps", ["apps.created", "apps.deleted"]);
    const other = await createEndpoint("/matches-only", ["matches.created"], ["sportbn"]);
    const created = await t.admin("POST", "/api/v1/apkw/apps", validApp({ title: "Hooked" }));
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id as string;
    const [delivery] = await waitFor("/apps", 1);
    const payload = verify(endpoint.secret, delivery!);
    expect(payload).toMatchObject({ type: "apps.created", data: { site: "apkw", kind: "apps", id } });
    expect((payload.data.record as { title: string }).title).toBe("Hooked");
    expect(delivery!.headers["webhook-id"]).toMatch(/^msg_/);
    // A wrong secret fails verification.
    expect(() => verify("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", delivery!)).toThrow();

    // An update is not among its events; the other endpoint wants another site's kind.
    const updated = await t.admin("PUT", `/api/v1/apkw/apps/${id}`, { title: "Hooked again" });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await t.admin("DELETE", "/api/v1/apkw/apps", { ids: [id] })).statusCode).toBe(200);
    const all = await waitFor("/apps", 2);
    expect(all.map((request) => verify(endpoint.secret, request).type)).toEqual([
      "apps.created",
      "apps.deleted",
    ]);
    await pass();
    expect(at("/apps")).toHaveLength(2);
    expect(at("/matches-only")).toHaveLength(0);

    const log = await deliveries(endpoint._id);
    expect(log[0]).toMatchObject({ status: "delivered", attempts: 1, responseStatus: 204 });
    expect(log[0]!.latencyMs).not.toBeNull();
    expect((await deliveries(other._id)).length).toBe(0);
  });

  it("sends nothing for a rolled-back write", async () => {
    await createEndpoint("/rolled-back", ["apps.created"]);
    const context = {
      batch: crypto.randomUUID(),
      actorId: null,
      actorEmail: "x",
      address: null,
      site: "apkw",
    };
    await expect(
      withAudit(context, () =>
        t.app.db.transaction(async (tx) => {
          await insertApp(tx, "0000000000000000000000aa", "Rolled back");
          const [logged] = await tx.query("select 1 from audit_log where record_id = $1", [
            "0000000000000000000000aa",
          ]);
          expect(logged).toBeDefined();
          throw new Error("the write fails after its History row");
        }),
      ),
    ).rejects.toThrow("the write fails");
    // A committed write after it is delivered, and only it.
    await t.admin("POST", "/api/v1/apkw/apps", validApp({ title: "Committed" }));
    await waitFor("/rolled-back", 1);
    await pass();
    expect(at("/rolled-back").map((request) => JSON.parse(request.body).data.record.title)).toEqual([
      "Committed",
    ]);
  });

  it("retries a failing receiver with the same webhook-id, logs each answer, and redelivers on demand", async () => {
    const endpoint = await createEndpoint("/flaky", ["apps.created"]);
    failing = true;
    await t.admin("POST", "/api/v1/apkw/apps", validApp({ title: "Flaky" }));
    await waitFor("/flaky", 1);
    let [logged] = await deliveries(endpoint._id);
    expect(logged).toMatchObject({ status: "pending", attempts: 1, responseStatus: 500 });
    expect(logged!.response).toBe("receiver is down for now");
    const [webhook] = (await t.admin("GET", "/api/v1/webhooks"))
      .json()
      .data.filter((row: { _id: string }) => row._id === endpoint._id);
    expect(webhook.failingSince).not.toBeNull();

    // The retry is due (its wait, 5 s for the second attempt, has passed): the receiver is back.
    failing = false;
    await t.app.db.query("update webhook_deliveries set next_attempt_at = now() where endpoint_id = $1", [
      endpoint._id,
    ]);
    const both = await waitFor("/flaky", 2);
    expect(both[0]!.headers["webhook-id"]).toBe(both[1]!.headers["webhook-id"]);
    [logged] = await deliveries(endpoint._id);
    expect(logged).toMatchObject({ status: "delivered", attempts: 2, responseStatus: 204 });

    const again = await t.admin(
      "POST",
      `/api/v1/webhooks/${endpoint._id}/deliveries/${logged!._id}/redeliver`,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(M.redeliveryQueued);
    await waitFor("/flaky", 3);
    expect(verify(endpoint.secret, at("/flaky")[2]!).type).toBe("apps.created");
    expect(
      (await t.admin("POST", `/api/v1/webhooks/${endpoint._id}/deliveries/999999/redeliver`)).statusCode,
    ).toBe(404);
  });

  it("switches an endpoint off after failing for 24 hours, and on again by an Owner", async () => {
    const endpoint = await createEndpoint("/dead", ["apps.created"]);
    failing = true;
    await t.admin("POST", "/api/v1/apkw/apps", validApp({ title: "Dead" }));
    await waitFor("/dead", 1);
    await t.app.db.query(
      "update webhook_endpoints set failing_since = now() - interval '25 hours' where id = $1",
      [endpoint._id],
    );
    await t.app.db.query("update webhook_deliveries set next_attempt_at = now() where endpoint_id = $1", [
      endpoint._id,
    ]);
    await waitFor("/dead", 2);
    failing = false;
    const find = async () =>
      ((await t.admin("GET", "/api/v1/webhooks")).json().data as Record<string, unknown>[]).find(
        (row) => row._id === endpoint._id,
      )!;
    expect(await find()).toMatchObject({ active: false, disabledReason: SWITCHED_OFF });
    // The Owners are told by mail.
    expect(t.mails.at(-1)).toMatchObject({
      to: "admin@example.com",
      subject: "A webhook endpoint was switched off",
    });
    expect(t.mails.at(-1)!.text).toContain(`${base}/dead`);
    // Switched off: nothing is sent, even when due.
    await t.app.db.query("update webhook_deliveries set next_attempt_at = now() where endpoint_id = $1", [
      endpoint._id,
    ]);
    await pass();
    expect(at("/dead")).toHaveLength(2);
    const on = await t.admin("PATCH", `/api/v1/webhooks/${endpoint._id}`, { active: true });
    expect(on.json().data).toMatchObject({ active: true, disabledReason: null, failingSince: null });
    await waitFor("/dead", 3);
    expect((await deliveries(endpoint._id))[0]).toMatchObject({ status: "delivered", attempts: 3 });
  });

  it("signs with the old and the new secret for 24 hours after a rotation; sends test events", async () => {
    const endpoint = await createEndpoint("/rotate", ["apps.created"]);
    const rotated = await t.admin("POST", `/api/v1/webhooks/${endpoint._id}/rotate`);
    expect(rotated.statusCode).toBe(200);
    const secret = rotated.json().data.secret as string;
    expect(secret).not.toBe(endpoint.secret);
    expect(rotated.json().data.previousSecretUntil).not.toBeNull();

    const test = await t.admin("POST", `/api/v1/webhooks/${endpoint._id}/test`);
    expect(test.statusCode).toBe(201);
    const [delivery] = await waitFor("/rotate", 1);
    expect(String(delivery!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verify(secret, delivery!).type).toBe("webhook.test");
    expect(verify(endpoint.secret, delivery!).type).toBe("webhook.test");

    // Past the 24 hours, only the new secret signs.
    await t.app.db.query(
      "update webhook_endpoints set previous_secret_until = now() - interval '1 second' where id = $1",
      [endpoint._id],
    );
    await t.admin("POST", `/api/v1/webhooks/${endpoint._id}/test`);
    const [, later] = await waitFor("/rotate", 2);
    expect(verify(secret, later!).type).toBe("webhook.test");
    expect(() => verify(endpoint.secret, later!)).toThrow();

    expect((await t.admin("DELETE", `/api/v1/webhooks/${endpoint._id}`)).statusCode).toBe(200);
    expect((await t.admin("POST", `/api/v1/webhooks/${endpoint._id}/test`)).statusCode).toBe(404);
  });

  it("sends contact.received for a public form's message, to the endpoints of its site", async () => {
    const endpoint = await createEndpoint("/contacts", ["contact.received"], ["movies"]);
    await createEndpoint("/contacts-apkw", ["contact.received"], ["apkw"]);
    const sent = await t.inject({
      method: "POST",
      url: "/api/v1/public/movies/contacts",
      payload: { email: "ada@example.com", firstName: "Ada", subject: "Broken player", message: "It stops." },
      remoteAddress: "10.91.0.1",
    });
    expect(sent.statusCode).toBe(201);
    const [delivery] = await waitFor("/contacts", 1);
    expect(verify(endpoint.secret, delivery!)).toMatchObject({
      type: "contact.received",
      data: {
        site: "movies",
        record: { email: "ada@example.com", subject: "Broken player", message: "It stops." },
      },
    });
    await pass();
    expect(at("/contacts")).toHaveLength(1);
    expect(at("/contacts-apkw")).toHaveLength(0);
  });

  it("sends window.opened and window.closed at a switched-on record's window start and end, once each", async () => {
    const endpoint = await createEndpoint("/windows", ["window.opened", "window.closed"], ["sportbn"]);
    await pass(); // the first pass marks where window events start
    const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
    const ad = async (url: string, isActive: boolean) =>
      (
        await t.admin("POST", "/api/v1/sportbn/ads", {
          page: "Windows",
          url,
          isActive,
          startsAt: inMs(800),
          endsAt: inMs(1600),
        })
      ).json().data._id as string;
    const on = await ad("https://ads.example/window-on", true);
    await ad("https://ads.example/window-off", false);
    const both = await waitFor("/windows", 2);
    const events = both.map((request) => verify(endpoint.secret, request));
    expect(
      events.map((event) => [event.type, event.data.id, (event.data.record as { name: string }).name]),
    ).toEqual([
      ["window.opened", on, "https://ads.example/window-on"],
      ["window.closed", on, "https://ads.example/window-on"],
    ]);
    await pass();
    expect(at("/windows")).toHaveLength(2);
  });

  it("sends link.failing when a link turns failing (not on each failing check), and job.failed once per endpoint", async () => {
    const links = await createEndpoint("/links", ["link.failing"], ["sportbn"]);
    const jobs = await createEndpoint("/jobs", ["job.failed"], ["apkw", "movies"]);
    const match = (await t.admin("POST", "/api/v1/sportbn/matches", validMatch())).json().data;
    const check = (state: string) =>
      t.app.db.query(
        `insert into link_health (match_id, url, site, state, status, reason, checked_at, failing_since)
         values ($1, 'https://streams.example/one', 'sportbn', $2, 503, 'HTTP 503', now(), now())
         on conflict (match_id, url) do update set state = excluded.state`,
        [match._id, state],
      );
    await check("failing");
    await check("failing");
    await check("ok");
    await check("failing");
    await t.app.db.query(
      `insert into job_runs (name, trigger, started_at, finished_at, result, error)
       values ('feed-sync', 'schedule', now(), now(), 'failed', 'The feed answered 500')`,
    );
    expect(await waitFor("/links", 2)).toHaveLength(2);
    const [failing] = at("/links").map((request) => verify(links.secret, request));
    expect(failing).toMatchObject({
      type: "link.failing",
      data: { site: "sportbn", id: match._id, record: { url: "https://streams.example/one", status: 503 } },
    });
    const [job] = (await waitFor("/jobs", 1)).map((request) => verify(jobs.secret, request));
    expect(job).toMatchObject({
      type: "job.failed",
      data: { site: null, record: { job: "feed-sync", error: "The feed answered 500" } },
    });
    await pass();
    expect(at("/links")).toHaveLength(2);
    expect(at("/jobs")).toHaveLength(1);
  });

  it("sends match.status beside matches.updated when a match's status changed", async () => {
    const endpoint = await createEndpoint("/status", ["match.status", "matches.updated"], ["sportbn"]);
    // A History row as the triggers write it for an update of a match's status (the feed's or an editor's).
    await t.app.db.query(
      `insert into audit_log (site, resource, record_id, action, before, after)
       values ('sportbn', 'matches', '0000000000000000000000cc', 'update',
         '{"status": "upcoming", "home_name": "A"}', '{"status": "live", "home_name": "A"}')`,
    );
    const both = await waitFor("/status", 2);
    const events = both.map((request) => verify(endpoint.secret, request));
    expect(events.map((event) => event.type).sort()).toEqual(["match.status", "matches.updated"]);
    expect(events.find((event) => event.type === "match.status")!.data).toMatchObject({
      id: "0000000000000000000000cc",
      from: "upcoming",
      to: "live",
    });
    expect(new Set(both.map((request) => request.headers["webhook-id"])).size).toBe(2);
  });

  it.skipIf(testDatabaseKind() !== "postgres")(
    "delivers a change whose transaction committed after a later one's, once each",
    async () => {
      const endpoint = await createEndpoint("/order", ["apps.created", "ads.created"]);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const context = {
        batch: crypto.randomUUID(),
        actorId: null,
        actorEmail: "slow",
        address: null,
        site: "apkw",
      };
      // The slow transaction takes its History id first and commits last.
      const slow = withAudit(context, () =>
        t.app.db.transaction(async (tx) => {
          // Its History row only, of another kind: History's per-kind count row would make the
          // fast write of the same kind wait for this one.
          await tx.query(
            `insert into audit_log (site, resource, record_id, action, after)
             values ('apkw', 'ads', '0000000000000000000000bb', 'create', '{"title": "Slow"}')`,
          );
          await gate;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await t.admin("POST", "/api/v1/apkw/apps", validApp({ title: "Fast" }));
      await pass();
      await pass();
      // The fast one waits behind the running transaction: below its line nothing is final yet. An id
      // cursor would send it now and skip the slow one for good.
      expect(at("/order")).toHaveLength(0);
      release();
      await slow;
      const both = await waitFor("/order", 2);
      await pass();
      expect(
        both
          .map((request) => verify(endpoint.secret, request).data.record)
          .map((r) => (r as { title: string }).title)
          .sort(),
      ).toEqual(["Fast", "Slow"]);
      expect(at("/order")).toHaveLength(2);
    },
  );
});
