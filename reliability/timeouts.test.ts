import { connect } from "node:net";
import { TIMEOUTS } from "@backoffice/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FULL, report, type Stack, startStack } from "./support.ts";

let stack: Stack;
let port: number;
beforeAll(async () => {
  stack = await startStack();
  await stack.api.app.listen({ port: 0, host: "127.0.0.1" });
  port = (stack.api.app.server.address() as { port: number }).port;
}, 120_000);
afterAll(() => stack.close());

/** Opens a socket, writes `text`, and resolves with how long the server kept it open and what it said. */
function hold(text: string): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const began = Date.now();
    let answer = "";
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve({ closedAfterMs: Date.now() - began, answer }));
    setTimeout(
      () => reject(new Error("the server kept the socket open")),
      TIMEOUTS.requestMs + 15_000,
    ).unref();
  });
}

describe("slow and silent clients", () => {
  it("closes a connection whose headers never finish", { timeout: 60_000 }, async () => {
    const silent = await hold("POST /api/v1/public/apkw/emails HTTP/1.1\r\nHost: x\r\n");
    expect(silent.closedAfterMs).toBeLessThan(TIMEOUTS.headersMs + 5_000);
    report("timeouts-headers", { closedAfterMs: silent.closedAfterMs, limitMs: TIMEOUTS.headersMs });
  });

  it.runIf(FULL)(
    "closes a request whose body never finishes, with a 408 in the envelope",
    { timeout: 90_000 },
    async () => {
      const slow = await hold(
        'POST /api/v1/public/apkw/emails HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
      );
      expect(slow.closedAfterMs).toBeLessThan(TIMEOUTS.requestMs + 5_000);
      expect(slow.answer).toMatch(/^HTTP\/1\.1 408/);
      expect(slow.answer).toContain('"status":"fail"');
      report("timeouts-body", { closedAfterMs: slow.closedAfterMs, limitMs: TIMEOUTS.requestMs });
    },
  );
});
