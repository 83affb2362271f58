import type { Job } from "@backoffice/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, type Routes, renderAt, type ShownToast } from "@/lib/screen.testing";
import { JobsScreen } from "./jobs-screen";

const purge: Job = {
  name: "trash-purge",
  title: "Empty expired trash",
  site: "all",
  schedule: "0 * * * *",
  paused: false,
  lastRun: {
    at: "2026-11-20T10:05:00Z",
    durationMs: 850,
    result: "succeeded",
    trigger: "schedule",
    attempt: 1,
    summary: "3 items older than 30 days removed.",
    warning: false,
    error: null,
  },
  nextRunAt: "2026-11-20T11:00:00Z",
  progress: null,
};
const sync: Job = {
  name: "feed-sync",
  title: "Sync fixtures",
  site: "sportbn",
  schedule: "30 3 * * *",
  paused: true,
  lastRun: {
    at: "2026-11-19T03:30:00Z",
    durationMs: 12_400,
    result: "failed",
    trigger: "manual",
    attempt: 3,
    summary: null,
    warning: false,
    error: "The feed answered 503.",
  },
  nextRunAt: null,
  progress: null,
};
const listed = (data: Job[]) => ({ body: { status: "success", data } });

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

const api = (routes: Routes = {}) => fakeApi({ "GET /jobs": listed([purge, sync]), ...routes });
const card = async (title: string) => (await screen.findByRole("listitem", { name: title })) as HTMLElement;

describe("Jobs", () => {
  it("shows the schedule pg-boss holds, and this server's own setting beside it when the instances' settings differ", async () => {
    fakeApi({
      "GET /jobs": listed([
        { ...sync, paused: false, schedule: "*/30 * * * *", scheduleHere: "*/15 * * * *" },
        purge,
      ]),
    });
    renderAt("/settings/jobs", <JobsScreen />);
    const feed = await card("Sync fixtures");
    expect(within(feed).getByText("Every 30 minutes")).toBeInTheDocument();
    expect(
      within(feed).getByText("This server's setting says every 15 minutes: the instances' settings differ."),
    ).toBeInTheDocument();
    expect(within(await card("Empty expired trash")).queryByText(/instances' settings differ/)).toBeNull();
  });

  it("shows each job's schedule in words, last run (when, how long, result), next run and last error", async () => {
    api();
    renderAt("/settings/jobs", <JobsScreen />);
    expect(screen.getByRole("heading", { level: 1, name: "Jobs" })).toBeInTheDocument();
    const first = within(await card("Empty expired trash"));
    expect(first.getByText("All sites")).toBeInTheDocument();
    expect(first.getByText("Every hour at :00")).toBeInTheDocument();
    expect(first.getByText("20/11/2026 10:05")).toBeInTheDocument();
    expect(first.getByText("Succeeded")).toBeInTheDocument();
    expect(first.getByText("850 ms")).toBeInTheDocument();
    expect(first.getByText("20/11/2026 11:00")).toBeInTheDocument();
    expect(first.getByText("3 items older than 30 days removed.")).toBeInTheDocument();
    expect(first.getByRole("button", { name: "Pause" })).toBeInTheDocument();

    const second = within(await card("Sync fixtures"));
    expect(second.getByText("SportBN")).toBeInTheDocument();
    expect(second.getByText("Every day at 03:30 UTC")).toBeInTheDocument();
    expect(second.getByText("Failed")).toBeInTheDocument();
    expect(second.getByText("12.4 s")).toBeInTheDocument();
    expect(second.getAllByText("Paused")).toHaveLength(2); // the badge and the next run
    expect(second.getByText(/The feed answered 503\. \(attempt 3\)/)).toBeInTheDocument();
    expect(second.getByRole("button", { name: "Resume" })).toBeInTheDocument();
  });

  it("a run that succeeded with links failing needs attention: not a green Succeeded over 0 of 10 links OK", async () => {
    const links: Job = {
      ...purge,
      name: "link-health",
      title: "Check stream links of live and upcoming matches",
      site: "sportbn",
      lastRun: { ...purge.lastRun!, summary: "0 of 10 links OK.", warning: true },
    };
    fakeApi({ "GET /jobs": listed([links, purge]) });
    renderAt("/settings/jobs", <JobsScreen />);
    const job = within(await card("Check stream links of live and upcoming matches"));
    expect(job.queryByText("Succeeded")).toBeNull();
    const badge = job.getByText("Needs attention");
    expect(badge).toHaveAttribute("data-variant", "warning");
    const outcome = job.getByText("0 of 10 links OK.").closest("[data-tone]");
    expect(outcome).toHaveAttribute("data-tone", "warning");
    // A plain success stays green, its summary plain.
    const plain = within(await card("Empty expired trash"));
    expect(plain.getByText("Succeeded")).toHaveAttribute("data-variant", "success");
    expect(plain.getByText("3 items older than 30 days removed.").closest("[data-tone]")).toBeNull();
  });

  it("Run now queues a run and says so in a toast", async () => {
    const calls = api({
      "POST /jobs/trash-purge/run": {
        body: { status: "success", message: "Empty expired trash will run in a few seconds." },
      },
    });
    renderAt("/settings/jobs", <JobsScreen />);
    await userEvent.click(within(await card("Empty expired trash")).getByRole("button", { name: "Run now" }));
    expect(calls.some((c) => c.method === "POST" && c.path === "/jobs/trash-purge/run")).toBe(true);
    expect(toasts).toContainEqual(
      expect.objectContaining({
        title: "Run queued",
        description: "Empty expired trash will run in a few seconds.",
      }),
    );
  });

  it("pauses and resumes a job, and says when that failed", async () => {
    const calls = api({
      "POST /jobs/trash-purge/pause": {
        body: { status: "success", message: "Empty expired trash is paused." },
      },
      "POST /jobs/feed-sync/resume": { status: 500, body: { status: "error", message: "Internal error" } },
    });
    renderAt("/settings/jobs", <JobsScreen />);
    await userEvent.click(within(await card("Empty expired trash")).getByRole("button", { name: "Pause" }));
    expect(calls.some((c) => c.method === "POST" && c.path === "/jobs/trash-purge/pause")).toBe(true);
    expect(toasts).toContainEqual(
      expect.objectContaining({ title: "Job paused", description: "Empty expired trash is paused." }),
    );
    await userEvent.click(within(await card("Sync fixtures")).getByRole("button", { name: "Resume" }));
    expect(toasts.at(-1)?.title).toBe("Could not resume the job");
  });

  it("shows a running job's progress", async () => {
    api({
      "GET /jobs": listed([
        {
          ...purge,
          lastRun: { ...purge.lastRun!, result: "running", durationMs: null, summary: null },
          progress: 40,
        },
      ]),
    });
    renderAt("/settings/jobs", <JobsScreen />);
    const bar = await screen.findByRole("progressbar", { name: "Empty expired trash progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "40");
    expect(screen.getByText("Running 40%")).toBeInTheDocument();
  });

  it("says when there are no jobs, and offers Try again when they could not load", async () => {
    let fail = true;
    api({
      "GET /jobs": () => (fail ? { status: 500, body: { status: "error", message: "down" } } : listed([])),
    });
    renderAt("/settings/jobs", <JobsScreen />);
    expect(await screen.findByText("Could not load the jobs")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No jobs yet")).toBeInTheDocument();
  });
});

describe("Jobs for a member of some sites (docs/PRODUCT-RULES.md#team-and-access)", () => {
  it("an Editor of sportbn runs and pauses sportbn's jobs, not the all-sites ones", async () => {
    fakeApi(
      { "GET /jobs": listed([purge, sync]) },
      { email: "editor@example.com", role: "admin", level: "editor", sites: ["sportbn"] },
    );
    renderAt("/settings/jobs", <JobsScreen />);
    const sportbn = within(await card("Sync fixtures"));
    expect(sportbn.getByRole("button", { name: "Run now" })).toBeInTheDocument();
    expect(sportbn.getByRole("button", { name: "Resume" })).toBeInTheDocument();
    const all = within(await card("Empty expired trash"));
    expect(all.queryByRole("button", { name: "Run now" })).toBeNull();
    expect(all.queryByRole("button", { name: "Pause" })).toBeNull();
  });
});
