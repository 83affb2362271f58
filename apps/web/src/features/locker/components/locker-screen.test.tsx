import type { Locker } from "@backoffice/contracts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, type Routes, renderAt, type ShownToast } from "@/lib/screen.testing";
import { LockerScreen } from "./locker-screen";

/**
 * Manage Locker's rules per site: its heading, controls, summary and toasts' wording, the range
 * error at the field, Reset to Defaults changing the form only, the first save of a missing record.
 * The journey through the real server is e2e/locker.e2e.ts.
 */

const stored = (site: string, values: Partial<Locker> = {}): Locker => ({
  _id: `${site}-locker`,
  site,
  type: "js",
  seconds: 30,
  isActive: true,
  startsAt: null,
  endsAt: null,
  createdAt: "2026-11-20T10:00:00Z",
  updatedAt: "2026-11-20T10:00:00Z",
  ...values,
});

/** Each site's wording and calls, as its screen states them. */
const SITES = [
  {
    site: "sportbn",
    heading: "Manage Locker",
    hasTypeChoice: true,
    summary: { "locker-type": "JS", timer: "30 seconds", status: "Active" },
    savedOff: {
      title: "Locker settings saved",
      description: "Locker deactivated with 45 seconds for locker JS.",
    },
    savedOffBody: { type: "js", seconds: 45, isActive: "false", startsAt: null, endsAt: null },
    reset: { title: "Reset to Defaults", description: "Locker settings have been reset to default values." },
    loadQuery: null,
  },
  {
    site: "movies",
    heading: "Manage Locker — movies",
    hasTypeChoice: false,
    summary: { site: "movies", type: "JS", "timer-duration": "30 seconds", status: "Active" },
    savedOff: { title: "Locker settings (movies)", description: "Locker deactivated with 45s (JS)." },
    savedOffBody: { site: "movies", type: "js", seconds: 45, isActive: false, startsAt: null, endsAt: null },
    reset: { title: "Reset to Defaults (movies)", description: "Reset to 30s, active (JS)." },
    loadQuery: "movies",
  },
] as const;

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

const seconds = () => screen.getByLabelText("Timer (seconds)");
const enabled = () => screen.getByRole("switch", { name: "Locker status" });
const summaryValue = (name: string) => document.querySelector(`[data-slot="summary-${name}"]`);
const summary = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, summaryValue(name)?.textContent]));
const indicator = () => document.querySelector('[data-slot="locker-status"]');

describe.each(SITES)("Manage Locker on $site", (rules) => {
  const { site } = rules;
  const api = (routes: Routes = {}) =>
    fakeApi({
      [`GET /${site}/locker`]: { body: { status: "success", data: [stored(site)] } },
      // The server stores what it was sent (sportbn sends isActive as text).
      [`PUT /${site}/locker/${site}-locker`]: ({ body }) => {
        const sent = body as { type: Locker["type"]; seconds: number; isActive: boolean | string };
        const isActive = sent.isActive === true || sent.isActive === "true";
        return { body: { status: "success", data: stored(site, { ...sent, isActive }) } };
      },
      ...routes,
    });

  it("states its heading, the stored values, the range and the summary in its wording", async () => {
    const calls = api();
    renderAt(`/${site}/locker`, <LockerScreen />);
    expect(await screen.findByRole("heading", { level: 1, name: rules.heading })).toBeInTheDocument();
    await waitFor(() => expect(seconds()).toHaveValue(30));
    expect(calls[0]?.query.get("site")).toBe(rules.loadQuery);
    expect(seconds()).toHaveAttribute("min", "1");
    expect(seconds()).toHaveAttribute("max", "300");
    expect(screen.getByText("Range: 1-300 seconds")).toBeInTheDocument();
    expect(enabled()).toBeChecked();
    expect(document.querySelector('[data-slot="locker-switch-state"]')).toHaveTextContent("Enabled");
    expect(indicator()).toHaveTextContent("Locker is Active");
    expect(summary(Object.keys(rules.summary))).toEqual(rules.summary);
    if (rules.hasTypeChoice)
      expect(screen.getByRole("combobox", { name: "Locker Type" })).toHaveTextContent("JS");
    else expect(screen.queryByRole("combobox")).toBeNull();
  });

  it("saves with the site's body and toast; the summary and indicator follow", async () => {
    const calls = api();
    renderAt(`/${site}/locker`, <LockerScreen />);
    await waitFor(() => expect(seconds()).toHaveValue(30));
    await userEvent.clear(seconds());
    await userEvent.type(seconds(), "45");
    await userEvent.click(enabled());
    expect(document.querySelector('[data-slot="locker-switch-state"]')).toHaveTextContent("Disabled");
    expect(screen.getByText("Unsaved changes")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining(rules.savedOff)]));
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual(rules.savedOffBody);
    expect(indicator()).toHaveTextContent("Locker is Inactive");
    expect(summaryValue("status")).toHaveTextContent("Inactive");
    expect(screen.queryByText("Unsaved changes")).toBeNull();
  });

  it("Reset to Defaults sets 30 s and enabled in the form only, with the site's toast", async () => {
    const calls = api({
      [`GET /${site}/locker`]: {
        body: { status: "success", data: [stored(site, { seconds: 45, isActive: false })] },
      },
    });
    renderAt(`/${site}/locker`, <LockerScreen />);
    await waitFor(() => expect(seconds()).toHaveValue(45));
    await userEvent.click(screen.getByRole("button", { name: "Reset to Defaults" }));
    expect(toasts).toEqual([expect.objectContaining(rules.reset)]);
    expect(seconds()).toHaveValue(30);
    expect(enabled()).toBeChecked();
    expect(screen.getByText("Unsaved changes")).toBeInTheDocument();
    // The summary still says what the public site reads.
    expect(summary(["status"])).toEqual({ status: "Inactive" });
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it.each(["301", "0", "12.5", ""])("seconds %j: the range error at the field, nothing sent", async (bad) => {
    const calls = api();
    renderAt(`/${site}/locker`, <LockerScreen />);
    await waitFor(() => expect(seconds()).toHaveValue(30));
    await userEvent.clear(seconds());
    if (bad) await userEvent.type(seconds(), bad);
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Enter a whole number from 1 to 300.")).toBeInTheDocument();
    expect(seconds()).toHaveAttribute("aria-invalid", "true");
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("a failed load toasts Load failed with the server's message and offers Try again", async () => {
    let fail = true;
    api({
      [`GET /${site}/locker`]: () =>
        fail
          ? { status: 503, body: { status: "error", message: "Service unavailable" } }
          : { body: { status: "success", data: [stored(site)] } },
    });
    renderAt(`/${site}/locker`, <LockerScreen />);
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({ title: "Load failed", description: "Service unavailable" }),
      ]),
    );
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(seconds()).toHaveValue(30));
  });
});

describe("Manage Locker on movies without a record", () => {
  it("shows 30 s, active, says no setting is saved, and the first save POSTs", async () => {
    const calls = fakeApi({
      "GET /movies/locker": { body: { status: "success", data: [] } },
      "POST /movies/locker": { body: { status: "success", data: stored("movies") } },
    });
    renderAt("/movies/locker", <LockerScreen />);
    await waitFor(() => expect(seconds()).toHaveValue(30));
    expect(enabled()).toBeChecked();
    expect(document.querySelector('[data-slot="locker-summary"]')).toHaveTextContent("No setting saved yet");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({
          title: "Locker settings (movies)",
          description: "Locker activated with 30s (JS).",
        }),
      ]),
    );
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      site: "movies",
      type: "js",
      seconds: 30,
      isActive: true,
      startsAt: null,
      endsAt: null,
    });
  });
});
