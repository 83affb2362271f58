import type { Match } from "@backoffice/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, configWithZone, fakeApi, renderAt } from "@/lib/screen.testing";
import { matchesApi, matchOf } from "./match.testing";
import { MatchesScreen } from "./matches-screen";

/** Add Match proposes the status the clock gives (docs/PRODUCT-RULES.md#matches-and-the-sports-feed). */

// UTC+1 in December: a time read as UTC would be an hour off.
const config = configWithZone("Europe/Berlin");

beforeEach(() => {
  captureToasts();
  vi.useFakeTimers({ toFake: ["Date"] });
  // 20:30 in Berlin.
  vi.setSystemTime(Date.parse("2026-12-22T19:30:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const summary = (label: string) =>
  [...document.querySelectorAll('[data-slot="summary-item"]')].find((item) =>
    item.textContent?.includes(label),
  );

async function typeInto(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.type(field, text);
}

describe("Add Match: the proposed status", () => {
  it("follows the clock for the day and times entered, in the site's time zone, until one is chosen", async () => {
    const calls = fakeApi({
      "GET /config": config,
      "GET /sportbn/matches": matchesApi([]),
      "GET /sportbn/other-servers/all": { body: { status: "success", data: [] } },
    });
    renderAt("/sportbn/matches", <MatchesScreen />);
    await userEvent.click((await screen.findAllByRole("button", { name: "Add Match" }))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Add Match" });
    const status = within(dialog).getByLabelText("Status *");
    expect(status).toHaveTextContent("upcoming");

    await typeInto(within(dialog).getByLabelText("Date *"), "22/12/2026");
    await typeInto(within(dialog).getByLabelText("Time *"), "20:00");
    expect(status).toHaveTextContent("live");
    await typeInto(within(dialog).getByLabelText("Time *"), "21:00");
    expect(status).toHaveTextContent("upcoming");
    await typeInto(within(dialog).getByLabelText("End time *"), "20:15");
    // An end earlier than the kick-off is the next day: still upcoming. 19:00 to 20:15 is over.
    expect(status).toHaveTextContent("upcoming");
    await typeInto(within(dialog).getByLabelText("Time *"), "19:00");
    expect(status).toHaveTextContent("finished");

    // A status the admin picks stays.
    await userEvent.click(status);
    await userEvent.click(await screen.findByRole("option", { name: "live" }));
    expect(status).toHaveTextContent("live");
    await typeInto(within(dialog).getByLabelText("Date *"), "25/12/2026");
    expect(status).toHaveTextContent("live");
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);
  });
});

describe("Manage Matches: statuses of the current minute", () => {
  it("asks the server again every minute, so cards and the Match Summary follow the clock unsaved", async () => {
    vi.useFakeTimers({
      toFake: ["Date", "setInterval", "clearInterval", "setTimeout", "clearTimeout"],
      shouldAdvanceTime: true,
    });
    let status: Match["status"] = "upcoming";
    fakeApi({
      "GET /config": config,
      "GET /sportbn/matches": matchesApi(() => [matchOf({ status, time: "20:30", end_time: "22:30" })]),
      "GET /sportbn/other-servers/all": { body: { status: "success", data: [] } },
    });
    renderAt("/sportbn/matches", <MatchesScreen />);
    const card = await screen.findByRole("article", { name: "Bayern vs Hertha" });
    expect(within(card).getByText("upcoming")).toBeInTheDocument();
    expect(summary("Live")).toHaveTextContent("0");
    // Kick-off passes on the server; nobody saves anything.
    status = "live";
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await within(card).findByText("live")).toBeInTheDocument();
    expect(summary("Live")).toHaveTextContent("1");
    expect(summary("Upcoming")).toHaveTextContent("0");
  });
});
