import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { validApp } from "../apps/api/src/routes/apps/app.testing.ts";
import { type ApiProcess, spawnApi, stopApi } from "./api-process.ts";
import { ADMIN, adminSession, engine, sleep } from "./faults.ts";
import { FULL, report } from "./support.ts";

// Webhooks through kill -9 (issue 36, docs/INTEGRATIONS.md#delivery-guarantees): the api on its
// embedded database sends apps.created to a receiver that fails for its first seconds; the api is
// killed with SIGKILL in the middle of the writes and started again on the same data. Every
// committed app reaches the receiver with a valid signature: 0 lost (duplicates, the same
// webhook-id again, are allowed: at least once).
const WRITES = FULL ? 60 : 20;
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * Standard Webhooks' check as docs/INTEGRATIONS.md spells it for a receiver without the library:
 * HMAC-SHA256 of `id.timestamp.body` under the base64 key after `whsec_`, any one `v1,` signature.
 */
function signedBy(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const text = `${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${body}`;
  const expected = Buffer.from(
    `v1,${createHmac("sha256", Buffer.from(secret.slice("whsec_".length), "base64"))
      .update(text)
      .digest("base64")}`,
  );
  return String(headers["webhook-signature"] ?? "")
    .split(" ")
    .some(
      (signature) =>
        signature.length === expected.length && timingSafeEqual(Buffer.from(signature), expected),
    );
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  accepted: boolean;
}

describe.runIf(engine === "pglite")("webhooks through kill -9", () => {
  it("delivers every committed write, signed, after a SIGKILL and a receiver that fails for a while", async () => {
    const received: Received[] = [];
    // The receiver is down for its first requests (first attempts): those deliveries wait for their
    // retry 5 s later (a second failure would put the next one 5 minutes away).
    const FAILED_ANSWERS = 3;
    const receiver = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        const accepted = received.length >= FAILED_ANSWERS;
        received.push({ headers: request.headers, body, accepted });
        response.writeHead(accepted ? 204 : 503).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => receiver.close(resolve)));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    const dataDir = mkdtempSync(join(tmpdir(), "backoffice-webhook-crash-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LINK_PROBE_ALLOWED_HOSTS: "127.0.0.1",
    };
    let api: ApiProcess = await spawnApi(env);
    cleanups.push(() => stopApi(api, "SIGKILL"));
    await api.ready();
    const headers = { ...(await adminSession(api.url)), "content-type": "application/json" };
    const created = await fetch(`${api.url}/api/v1/webhooks`, {
      method: "POST",
      headers,
      body: JSON.stringify({ url: hookUrl, sites: ["apkw"], events: ["apps.created"] }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { secret } = ((await created.json()) as { data: { secret: string } }).data;

    // Writes, with the api killed after half of them (acknowledged ones are committed: decision 008).
    const acknowledged = new Set<string>();
    for (let i = 0; i < WRITES; i += 1) {
      if (i === WRITES / 2) {
        api.child.kill("SIGKILL");
        await api.exited;
        api = await spawnApi(env);
        await api.ready();
      }
      const answer = await fetch(`${api.url}/api/v1/apkw/apps`, {
        method: "POST",
        headers,
        body: JSON.stringify(validApp({ title: `Crash app ${i}` })),
      });
      expect(answer.status).toBe(201);
      acknowledged.add(((await answer.json()) as { data: { _id: string } }).data._id);
    }

    // Retries come 5 s after a failure; a delivery cut by the kill waits for its lease (45 s).
    const delivered = new Set<string>();
    let badSignatures = 0;
    const began = Date.now();
    while (delivered.size < acknowledged.size && Date.now() - began < 150_000) {
      await sleep(250);
      delivered.clear();
      badSignatures = 0;
      for (const request of received) {
        if (!request.accepted) continue;
        if (signedBy(secret, request.headers, request.body))
          delivered.add((JSON.parse(request.body) as { data: { id: string } }).data.id);
        else badSignatures += 1;
      }
    }
    const lost = [...acknowledged].filter((id) => !delivered.has(id));
    const ids = received.map((request) => request.headers["webhook-id"]);
    report("webhook-crash", {
      writes: acknowledged.size,
      delivered: delivered.size,
      lost: lost.length,
      badSignatures,
      requests: received.length,
      duplicates: ids.length - new Set(ids).size,
      lastDeliveredAfterWritesS: Number(((Date.now() - began) / 1000).toFixed(1)),
    });
    expect(lost).toEqual([]);
    expect(badSignatures).toBe(0);
    expect(received.length).toBeGreaterThanOrEqual(acknowledged.size + FAILED_ANSWERS);
    // Nothing but what was committed: each delivery names an acknowledged app.
    expect([...delivered].every((id) => acknowledged.has(id))).toBe(true);
  }, 240_000);
});
