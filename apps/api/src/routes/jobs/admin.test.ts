// The Jobs API (routes/jobs/admin.ts) on each engine: all sites' jobs with their last and next run,
// Run now, pause and resume, for admins only and with the CSRF token on writes.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/helpers.ts";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = await t.login();
});
afterAll(() => t?.close());

const list = async () => {
  const response = await t.as(token, { method: "GET", url: "/api/v1/jobs" });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    name: string;
    paused: boolean;
    nextRunAt: string | null;
    lastRun: unknown;
  }[];
};
const trashPurge = async () => (await list()).find((job) => job.name === "trash-purge")!;

describe("jobs", () => {
  it("lists the housekeeping jobs of all sites with their schedule and next run", async () => {
    const jobs = await list();
    expect(jobs.map((job) => job.name)).toEqual(
      expect.arrayContaining(["trash-purge", "expired-sign-ins", "idempotency-keys-purge"]),
    );
    const job = await trashPurge();
    expect(job).toMatchObject({
      title: "Empty expired trash",
      site: "all",
      schedule: "0 * * * *",
      paused: false,
    });
    expect(new Date(job.nextRunAt!).getUTCMinutes()).toBe(0);
    expect(new Date(job.nextRunAt!).getTime()).toBeGreaterThan(Date.now());
  });

  it("Run now runs the job at once and records the run", async () => {
    const response = await t.as(token, { method: "POST", url: "/api/v1/jobs/trash-purge/run" });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe("Empty expired trash will run in a few seconds.");
    await vi.waitFor(
      async () =>
        expect((await trashPurge()).lastRun).toMatchObject({
          result: "succeeded",
          trigger: "manual",
          summary: "0 items older than 30 days removed.",
          error: null,
        }),
      { timeout: 10_000, interval: 100 },
    );
  });

  it("pauses and resumes a job's schedule", async () => {
    const paused = await t.as(token, { method: "POST", url: "/api/v1/jobs/trash-purge/pause" });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().message).toBe(
      "Empty expired trash is paused: it will not run on its schedule until resumed.",
    );
    expect(await trashPurge()).toMatchObject({ paused: true, nextRunAt: null });
    const resumed = await t.as(token, { method: "POST", url: "/api/v1/jobs/trash-purge/resume" });
    expect(resumed.json().message).toBe("Empty expired trash runs on its schedule again.");
    expect(await trashPurge()).toMatchObject({ paused: false, nextRunAt: expect.any(String) });
  });

  it("answers 404 for an unknown job and 400 naming the field for a malformed name", async () => {
    const unknown = await t.as(token, { method: "POST", url: "/api/v1/jobs/nothing-here/run" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: "fail", message: "Job not found." });
    const bad = await t.as(token, { method: "POST", url: "/api/v1/jobs/Not%20a%20name/pause" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/name/);
  });

  it("is for signed-in admins, with the CSRF token on writes", async () => {
    expect((await t.inject({ method: "GET", url: "/api/v1/jobs" })).statusCode).toBe(401);
    const noCsrf = await t.inject({
      method: "POST",
      url: "/api/v1/jobs/trash-purge/run",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});
