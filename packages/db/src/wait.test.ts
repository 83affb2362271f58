import { describe, expect, it } from "vitest";
import { notReachableYet, START_WAIT_MS, waitUntilReachable } from "./wait.ts";

/** A clock that only moves when the wait sleeps, and what the wait said. */
function fakeTime() {
  let now = 0;
  const slept: number[] = [];
  const lines: string[] = [];
  return {
    slept,
    lines,
    options: {
      now: () => now,
      sleep: async (ms: number) => {
        slept.push(ms);
        now += ms;
      },
      log: (line: string) => lines.push(line),
    },
  };
}

const refused = () =>
  Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("waiting at start-up for a service that does not answer yet", () => {
  it("tries again after 0.5, 1, 2, 4, 8, then 10 s, saying what it waits for, until it answers", async () => {
    const time = fakeTime();
    let calls = 0;
    const answer = await waitUntilReachable(
      async () => {
        calls += 1;
        if (calls < 8) throw new Error("timeout exceeded when trying to connect");
        return "ok";
      },
      { what: "PostgreSQL at db:5432/app", retryable: notReachableYet, ...time.options },
    );
    expect(answer).toBe("ok");
    expect(time.slept).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(time.lines[0]).toBe(
      "Waiting for PostgreSQL at db:5432/app: timeout exceeded when trying to connect (attempt 1); next try in 0.5 s, giving up 120 s after the first.",
    );
    expect(time.lines.at(-1)).toBe("PostgreSQL at db:5432/app answered (attempt 8, after 35.5 s).");
  });

  it("gives up at its limit with the last reason, and at once on an error no retry can fix", async () => {
    const time = fakeTime();
    await expect(
      waitUntilReachable(
        async () => {
          throw refused();
        },
        { what: "PostgreSQL at db:5432/app", retryable: notReachableYet, ...time.options },
      ),
    ).rejects.toThrow(
      /^PostgreSQL at db:5432\/app did not answer within 120 s \(\d+ attempts\): connect ECONNREFUSED/,
    );
    expect(time.slept.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(START_WAIT_MS);

    const wrongPassword = Object.assign(new Error('password authentication failed for user "app"'), {
      code: "28P01",
    });
    const quick = fakeTime();
    await expect(
      waitUntilReachable(
        async () => {
          throw wrongPassword;
        },
        { what: "PostgreSQL", retryable: notReachableYet, ...quick.options },
      ),
    ).rejects.toBe(wrongPassword);
    expect(quick.slept).toEqual([]);
  });

  it("counts as not reachable yet: refused or timed-out sockets, a name not resolved yet, PostgreSQL starting", () => {
    const coded = (code: string) => Object.assign(new Error(code), { code });
    for (const error of [
      refused(),
      coded("ETIMEDOUT"),
      coded("EAI_AGAIN"),
      coded("57P03"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Connection terminated due to connection timeout"),
      new AggregateError([refused(), refused()], ""),
    ])
      expect(notReachableYet(error), error.message).toBe(true);
    for (const error of [coded("28P01"), coded("3D000"), new Error("syntax error"), "text"])
      expect(notReachableYet(error)).toBe(false);
  });
});
