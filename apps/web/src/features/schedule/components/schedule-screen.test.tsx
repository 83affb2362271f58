import type { ScheduledChange, WindowMoment, WindowOverlap } from "@backoffice/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, configWithZone, fakeApi, renderAt, type ShownToast } from "@/lib/screen.testing";
import { ScheduleScreen } from "./schedule-screen";

// The Schedule screen (docs/PRODUCT-RULES.md#scheduled-changes): pending changes with Apply now,
// Reschedule and Cancel, the changes not applied with both versions, and the next 14 days by day,
// in the site's time zone (Paris is UTC+1 in November).
const TIME_ZONE = "Europe/Paris";

const change = (id: string, fields: Partial<ScheduledChange> = {}): ScheduledChange => ({
  _id: id,
  kind: "ads",
  recordId: "a".repeat(24),
  recordName: "https://ads.example/banner",
  changes: { url: "https://ads.example/tonight", isActive: true },
  applyAt: "2026-11-28T19:00:00.000Z",
  status: "pending",
  outcome: null,
  author: "editor@example.com",
  createdAt: "2026-11-27T10:00:00.000Z",
  appliedAt: null,
  ...fields,
});
const moment = (fields: Partial<WindowMoment>): WindowMoment => ({
  kind: "servers",
  recordId: "b".repeat(24),
  recordName: "Server 2",
  flag: null,
  moment: "starts",
  at: "2026-11-29T17:30:00.000Z",
  ...fields,
});

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

const api = (
  data: {
    pending?: ScheduledChange[];
    conflicts?: ScheduledChange[];
    windows?: WindowMoment[];
    overlaps?: WindowOverlap[];
  },
  routes = {},
) =>
  fakeApi({
    "GET /config": configWithZone(TIME_ZONE),
    "GET /sportbn/schedule": {
      body: { status: "success", data: { pending: [], conflicts: [], windows: [], overlaps: [], ...data } },
    },
    ...routes,
  });

describe("the Schedule", () => {
  it("lists the pending changes and the next 14 days by day, in the site's time zone", async () => {
    api({
      pending: [change("c1")],
      windows: [moment({}), moment({ moment: "ends", at: "2026-11-29T21:00:00.000Z" })],
    });
    renderAt("/sportbn/schedule", <ScheduleScreen />);
    const pending = await screen.findByRole("list", { name: "Pending changes" });
    expect(
      await within(pending).findByText(
        `Applies 28/11/2026 20:00 (${TIME_ZONE}) · scheduled by editor@example.com`,
      ),
    ).toBeInTheDocument();
    expect(within(pending).getByRole("rowheader", { name: "url" })).toBeInTheDocument();
    const timeline = screen.getByRole("list", { name: "Next 14 days" });
    const days = within(timeline)
      .getAllByRole("heading", { level: 3 })
      .map((day) => day.textContent);
    expect(days).toEqual(["28/11/2026", "29/11/2026"]);
    expect(
      within(timeline).getByText("Change to https://ads.example/banner (Ads) applies"),
    ).toBeInTheDocument();
    expect(within(timeline).getByText("Server 2 (Servers) starts")).toBeInTheDocument();
    expect(within(timeline).getByText("22:00")).toBeInTheDocument();
  });

  it("cancels a change after a confirmation naming it, with Undo in the toast", async () => {
    const calls = api(
      { pending: [change("c1")] },
      {
        "DELETE /sportbn/schedule/c1": {
          body: { status: "success", message: "Scheduled change cancelled" },
          headers: { "x-undo-token": "undo-1" },
        },
      },
    );
    renderAt("/sportbn/schedule", <ScheduleScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent("Cancel the scheduled change to https://ads.example/banner (Ads)?");
    await userEvent.click(within(confirm).getByRole("button", { name: "Cancel change" }));
    await waitFor(() => expect(calls.some((call) => call.method === "DELETE")).toBe(true));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: "Scheduled change cancelled" }));
    expect(toasts.at(-1)?.action?.label).toBe("Undo");
  });

  it("applies a change now", async () => {
    const calls = api(
      { pending: [change("c1")] },
      {
        "POST /sportbn/schedule/c1/apply": {
          body: { status: "success", data: change("c1", { status: "applied" }), message: "Change applied" },
        },
      },
    );
    renderAt("/sportbn/schedule", <ScheduleScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Apply now" }));
    await waitFor(() => expect(calls.some((call) => call.path === "/sportbn/schedule/c1/apply")).toBe(true));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: "Change applied" }));
  });

  it("shows a conflict with the scheduled values beside the record's, and offers Dismiss", async () => {
    api({
      conflicts: [
        change("c2", {
          status: "conflict",
          outcome: {
            message: "The record changed after this change was scheduled",
            current: { url: "https://ads.example/meanwhile", is_active: false },
          },
        }),
      ],
    });
    renderAt("/sportbn/schedule", <ScheduleScreen />);
    const item = within(await screen.findByRole("list", { name: "Not applied" })).getByRole("listitem");
    expect(item).toHaveTextContent("Conflict");
    expect(item).toHaveTextContent("The record changed after this change was scheduled");
    const row = within(item).getByRole("rowheader", { name: "url" }).closest("tr")!;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["https://ads.example/tonight", "https://ads.example/meanwhile"]);
    expect(within(item).getByRole("button", { name: "Dismiss" })).toBeInTheDocument();
    expect(within(item).queryByRole("button", { name: "Apply now" })).toBeNull();
  });

  it("says when nothing is scheduled", async () => {
    api({});
    renderAt("/sportbn/schedule", <ScheduleScreen />);
    expect(await screen.findByText("Nothing scheduled")).toBeInTheDocument();
  });

  it("flags windows that make no sense: two at once on one page, a server outside its match's day", async () => {
    api({
      overlaps: [
        {
          reason: "sameSlot",
          kind: "ads",
          recordId: "a".repeat(24),
          recordName: "https://ads.example/one",
          other: { kind: "ads", id: "c".repeat(24), name: "https://ads.example/two" },
          slot: "home",
          from: "2026-11-28T19:00:00.000Z",
          until: "2026-11-28T22:00:00.000Z",
        },
        {
          reason: "outsideDay",
          kind: "servers",
          recordId: "b".repeat(24),
          recordName: "Server 2",
          other: { kind: "matches", id: "d".repeat(24), name: "Arsenal vs Chelsea" },
          slot: "2026-12-01",
          from: "2026-12-02T12:00:00.000Z",
          until: null,
        },
      ],
    });
    renderAt("/sportbn/schedule", <ScheduleScreen />);
    const list = await screen.findByRole("list", { name: "Windows that make no sense" });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole("listitem")
          .map((item) => item.textContent),
      ).toEqual([
        `https://ads.example/one and https://ads.example/two both run on home from 28/11/2026 20:00 until 28/11/2026 23:00 (${TIME_ZONE}).`,
        "Server 2 is live outside the day of Arsenal vs Chelsea (01/12/2026).",
      ]),
    );
  });
});
