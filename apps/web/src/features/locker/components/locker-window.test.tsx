import type { Locker } from "@backoffice/contracts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, configWithZone, fakeApi, renderAt } from "@/lib/screen.testing";
import { LockerScreen } from "./locker-screen";

// The locker's window (docs/PRODUCT-RULES.md#windows): Active only when switched on and within it,
// said by the indicator and the summary, which change at the boundary; Starts and Ends in the site's
// time zone (Tokyo, UTC+9).
const TIME_ZONE = "Asia/Tokyo";
// 19:00 in Tokyo.
const NOW = Date.parse("2026-11-28T10:00:00.000Z");
const config = configWithZone(TIME_ZONE);
const stored = (values: Partial<Locker> = {}): Locker => ({
  _id: "sportbn-locker",
  site: "sportbn",
  type: "js",
  seconds: 30,
  isActive: true,
  startsAt: null,
  endsAt: null,
  createdAt: "2026-11-20T10:00:00Z",
  updatedAt: "2026-11-20T10:00:00Z",
  ...values,
});

let toasts: ReturnType<typeof captureToasts>;
beforeEach(() => {
  toasts = captureToasts();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const indicator = () => document.querySelector('[data-slot="locker-status"]');
const badge = () => document.querySelector('[data-slot="window-badge"]');

describe("the locker's window", () => {
  it("is Inactive before its window opens, says when it starts, and turns Active at the start without a reload", async () => {
    const starts = NOW + 400;
    fakeApi({
      "GET /config": config,
      "GET /sportbn/locker": {
        body: { status: "success", data: [stored({ startsAt: new Date(starts).toISOString() })] },
      },
    });
    renderAt("/sportbn/locker", <LockerScreen />);
    await waitFor(() => expect(indicator()).toHaveTextContent("Locker is Inactive"));
    expect(document.querySelector('[data-slot="summary-status"]')).toHaveTextContent("Inactive");
    await waitFor(() => expect(badge()).toHaveTextContent("Starts 28/11/2026 19:00"));
    vi.setSystemTime(starts);
    await waitFor(() => expect(indicator()).toHaveTextContent("Locker is Active"), { timeout: 2000 });
    expect(badge()).toBeNull();
  });

  it("saves Starts and Ends typed in the site's time zone as instants", async () => {
    const calls = fakeApi({
      "GET /config": config,
      "GET /sportbn/locker": { body: { status: "success", data: [stored()] } },
      "PUT /sportbn/locker/sportbn-locker": {
        body: {
          status: "success",
          data: stored({ startsAt: "2026-11-28T11:00:00.000Z", endsAt: "2026-11-28T14:00:00.000Z" }),
        },
      },
    });
    renderAt("/sportbn/locker", <LockerScreen />);
    await waitFor(() => expect(screen.getByLabelText("Timer (seconds)")).toHaveValue(30));
    expect(await screen.findAllByText(TIME_ZONE)).toHaveLength(2);
    await userEvent.type(screen.getByLabelText("Starts"), "28/11/2026");
    await userEvent.type(screen.getByLabelText("Starts time"), "20:00");
    await userEvent.type(screen.getByLabelText("Ends"), "28/11/2026");
    await userEvent.type(screen.getByLabelText("Ends time"), "23:00");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({
      startsAt: "2026-11-28T11:00:00.000Z",
      endsAt: "2026-11-28T14:00:00.000Z",
    });
    await waitFor(() => expect(badge()).toHaveTextContent("Starts 28/11/2026 20:00"));
    expect(indicator()).toHaveTextContent("Locker is Inactive");
  });

  it("Apply at… schedules the change at a time in the site's time zone and keeps the stored values", async () => {
    const calls = fakeApi({
      "GET /config": config,
      "GET /sportbn/locker": { body: { status: "success", data: [stored()] } },
      "PUT /sportbn/locker/sportbn-locker": {
        status: 202,
        body: { status: "success", data: {}, message: "Change scheduled" },
      },
    });
    renderAt("/sportbn/locker", <LockerScreen />);
    await waitFor(() => expect(screen.getByLabelText("Timer (seconds)")).toHaveValue(30));
    await userEvent.clear(screen.getByLabelText("Timer (seconds)"));
    await userEvent.type(screen.getByLabelText("Timer (seconds)"), "60");
    await userEvent.click(screen.getByRole("button", { name: "Apply at…" }));
    await userEvent.type(screen.getByLabelText("Apply at"), "28/11/2026");
    await userEvent.type(screen.getByLabelText("Apply at time"), "20:00");
    await userEvent.click(screen.getByRole("button", { name: "Schedule change" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    const put = calls.find((call) => call.method === "PUT")!;
    expect(put.query.get("applyAt")).toBe("2026-11-28T11:00:00.000Z");
    expect(put.body).toMatchObject({ seconds: 60 });
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({
          title: "Change scheduled",
          description: `The locker changes at 28/11/2026 20:00 (${TIME_ZONE}).`,
        }),
      ]),
    );
    // Until the change applies, the form and the summary show what is stored.
    expect(screen.getByLabelText("Timer (seconds)")).toHaveValue(30);
    expect(screen.getByRole("button", { name: "Save Settings" })).toBeInTheDocument();
  });
});
