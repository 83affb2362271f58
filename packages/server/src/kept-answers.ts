import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    /** The kept answers' generation when the request began (`keepAnswers`). */
    keptAnswersGeneration: number;
  }
}

type Headers = Record<string, string | number | string[] | undefined>;

/**
 * Whole answers to public reads, kept for the server's front door (`FrontDoor`): a repeated GET (same
 * URL and Origin) gets the same bytes and headers, with a fresh request id, before Fastify's routing,
 * hooks and serialization, which cost about a third of a cached read's throughput (`npm run bench`).
 */
export interface KeptAnswers {
  /** Counts `clear` calls: an answer built before one is refused by `keep`. */
  generation(): number;
  keep(request: IncomingMessage, generation: number, headers: Headers, body: string): void;
  /** Writes the kept answer and returns true, or returns false when there is none. */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
  /** Drops every kept answer: call it whenever the data behind them may have changed. */
  clear(): void;
  /** Requests answered at the front door so far. */
  answered(): number;
}

// CORS answers differ by Origin; nothing else in a public read's request changes its answer. The raw
// header list is read because `request.headers` builds an object of them all on first use.
function answerKey(request: IncomingMessage): string {
  const raw = request.rawHeaders;
  for (let index = 0; index < raw.length; index += 2)
    if (raw[index]!.length === 6 && raw[index]!.toLowerCase() === "origin")
      return `${request.url}\n${raw[index + 1]}`;
  return `${request.url}\n`;
}

export function createKeptAnswers(maxEntries = 5000): KeptAnswers {
  const answers = new Map<string, { headers: Headers; body: Buffer }>();
  let generation = 0;
  let answered = 0;
  return {
    generation: () => generation,
    keep(request, since, headers, body) {
      if (since !== generation || request.method !== "GET") return;
      if (answers.size >= maxEntries) answers.delete(answers.keys().next().value!);
      const bytes = Buffer.from(body);
      const { date: _date, "x-request-id": _id, ...kept } = headers;
      answers.set(answerKey(request), { headers: { ...kept, "content-length": bytes.length }, body: bytes });
    },
    answer(request, response) {
      if (request.method !== "GET") return false;
      const kept = answers.get(answerKey(request));
      if (!kept) return false;
      answered += 1;
      response.writeHead(200, { ...kept.headers, "x-request-id": randomUUID() });
      response.end(kept.body);
      return true;
    },
    clear() {
      generation += 1;
      answers.clear();
    },
    answered: () => answered,
  };
}

/**
 * Keeps the 200 answers of this scope's GET routes that `keepable` accepts, unless `clear` was
 * called after the request began (what it loaded may be older than the change).
 */
export function keepAnswers(
  scope: FastifyInstance,
  kept: KeptAnswers,
  keepable: (reply: FastifyReply) => boolean,
) {
  scope.decorateRequest("keptAnswersGeneration", -1);
  scope.addHook("onRequest", async (request) => {
    request.keptAnswersGeneration = kept.generation();
  });
  scope.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode === 200 && typeof payload === "string" && keepable(reply))
      kept.keep(request.raw, request.keptAnswersGeneration, reply.getHeaders(), payload);
    return payload;
  });
}
