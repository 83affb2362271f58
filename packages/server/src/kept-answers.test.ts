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

  it("keeps an answer without expires until cleared", () => {
    const kept = createKeptAnswers();
    kept.keep(request, kept.generation(), { etag: '"a"' }, "[]");
    expect(kept.answer(request, response().res)).toBe(true);
    kept.clear();
    expect(kept.answer(request, response().res)).toBe(false);
  });
});
