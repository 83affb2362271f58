import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { installErrorHandlers } from "./error-handler.ts";

/** An error as node-postgres or Node's sockets raise it: a message and, often, a code. */
const failure = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

async function answerTo(error: Error) {
  const fastify = Fastify({ logger: false });
  installErrorHandlers(fastify);
  fastify.get("/", async () => {
    throw error;
  });
  const answer = await fastify.inject({ method: "GET", url: "/" });
  await fastify.close();
  return answer;
}

describe("the database away (docs/DEPLOYMENT.md, When PostgreSQL goes away)", () => {
  it.each([
    ["refused", failure("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a restart ending the session", failure("terminating connection due to administrator command", "57P01")],
    ["still starting", failure("the database system is starting up", "57P03")],
    ["a connection exception", failure("connection failure", "08006")],
    ["the connection lost mid-query", failure("Connection terminated unexpectedly")],
    ["no connection within the pool's timeout", failure("timeout exceeded when trying to connect")],
  ])("%s: 503 in the envelope with Retry-After, never a 500", async (_, error) => {
    const answer = await answerTo(error);
    expect(answer.statusCode).toBe(503);
    expect(answer.headers["retry-after"]).toBe("5");
    expect(answer.json()).toEqual({
      status: "error",
      message: "The database is unavailable. Try again in a moment.",
    });
  });

  it("any other failure stays a 500 with no detail (a bug, not an outage)", async () => {
    for (const error of [failure("duplicate key value", "23505"), failure("boom")]) {
      const answer = await answerTo(error);
      expect(answer.statusCode).toBe(500);
      expect(answer.headers["retry-after"]).toBeUndefined();
      expect(answer.json().message).toBe("Something went wrong. Please try again.");
    }
  });
});
