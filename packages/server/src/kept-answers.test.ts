import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createKeptAnswers } from "./kept-answers.ts";

const request = {
  method: "GET",
  url: "/api/v1/public/sportbn/matches",
  rawHeaders: [],
} as unknown as IncomingMessage;
const response = () => {
  const sent: { status?: number; body?: unknown } = {};
  const res = {
    writeHead(status: number) {
      sent.status = status;
    },
    end(body?: unknown) {
      sent.body = body;
    },
  } as unknown as ServerResponse;
  return { res, sent };
};

afterEach(() => vi.useRealTimers());

describe("kept answers", () => {
  it("answers a kept read until its expires header, then lets the route answer", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.parse("2026-11-25T10:00:00Z"));
    const kept = createKeptAnswers();
    kept.keep(request, kept.generation(), { etag: '"a"', expires: "Wed, 25 Nov 2026 11:00:00 GMT" }, "[]");
    const before = response();
    expect(kept.answer(request, before.res)).toBe(true);
    expect(before.sent.status).toBe(200);
    vi.setSystemTime(Date.parse("2026-11-25T11:00:00Z"));
    expect(kept.answer(request, response().res)).toBe(false);
  });

  it("clears only the answers read under a prefix, and those that say nothing of what they read", () => {
    const at = (url: string) => ({ ...request, url }) as IncomingMessage;
    const kept = createKeptAnswers();
    kept.keep(at("/sportbn/ads"), kept.generation(), { etag: '"s"' }, "[]", "sportbn:ads:Home");
    kept.keep(at("/apkw/ads"), kept.generation(), { etag: '"a"' }, "[]", "apkw:ads:Home");
    kept.keep(at("/movies"), kept.generation(), { etag: '"m"' }, "[]");
    kept.clear("apkw:ads:");
    expect(kept.answer(at("/sportbn/ads"), response().res)).toBe(true);
    expect(kept.answer(at("/apkw/ads"), response().res)).toBe(false);
    expect(kept.answer(at("/movies"), response().res)).toBe(false);
    kept.clear("sportbn:");
    expect(kept.answer(at("/sportbn/ads"), response().res)).toBe(false);
  });

  it("refuses an answer begun before a clear of what it read, not one begun before another's", () => {
    const kept = createKeptAnswers();
    const began = kept.generation();
    kept.clear("apkw:ads:");
    kept.keep(request, began, { etag: '"s"' }, "[]", "sportbn:matches:");
    expect(kept.answer(request, response().res)).toBe(true);
    const again = kept.generation();
    kept.clear("sportbn:matches:");
    kept.keep(request, again, { etag: '"s"' }, "[]", "sportbn:matches:");
    expect(kept.answer(request, response().res)).toBe(false);
    // Begun before more clears than are remembered: refused whatever they were.
    const long = kept.generation();
    for (let i = 0; i < 100; i++) kept.clear("apkw:");
    kept.keep(request, long, { etag: '"s"' }, "[]", "sportbn:matches:");
    expect(kept.answer(request, response().res)).toBe(false);
  });

  it("answers 304 with the validator and caching headers only, 200 with the whole answer", () => {
    const kept = createKeptAnswers();
    const headers = {
      etag: '"e"',
      "cache-control": "public, max-age=30",
      "content-type": "application/json",
    };
    kept.keep(request, kept.generation(), headers, '{"a":1}', "sportbn:matches:");
    const conditional = {
      ...request,
      rawHeaders: ["If-None-Match", '"e"'],
    } as unknown as IncomingMessage;
    const heads: unknown[] = [];
    const capture = () => {
      const { res, sent } = response();
      (res as unknown as { writeHead: (status: number, head: unknown) => void }).writeHead = (
        status,
        head,
      ) => {
        sent.status = status;
        heads.push(head);
      };
      return { res, sent };
    };
    const notModified = capture();
    expect(kept.answer(conditional, notModified.res)).toBe(true);
    expect(notModified.sent).toEqual({ status: 304, body: undefined });
    expect(heads[0]).toEqual({
      etag: '"e"',
      "cache-control": "public, max-age=30",
      "x-request-id": expect.any(String),
    });
    const whole = capture();
    expect(kept.answer(request, whole.res)).toBe(true);
    expect(whole.sent.status).toBe(200);
    expect(String(whole.sent.body)).toBe('{"a":1}');
    expect(heads[1]).toMatchObject({ "content-type": "application/json", "content-length": 7 });
  });

  it("keeps an answer without expires until cleared", () => {
    const kept = createKeptAnswers();
    kept.keep(request, kept.generation(), { etag: '"a"' }, "[]");
    expect(kept.answer(request, response().res)).toBe(true);
    kept.clear();
    expect(kept.answer(request, response().res)).toBe(false);
  });
});
