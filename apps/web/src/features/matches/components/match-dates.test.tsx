import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, configWithZone, fakeApi, renderAt } from "@/lib/screen.testing";
import { FetchMatchesScreen } from "./fetch-matches-screen";
import { matchesApi, matchOf } from "./match.testing";
import { MatchesScreen } from "./matches-screen";
import { OtherServersScreen } from "./other-servers-screen";

/** Match days and times as the product shows and reads them: dd/mm/yyyy, 24-hour, the zone named. */

const match = matchOf();
const config = configWithZone("Europe/Berlin");

let toasts: ReturnType<typeof captureToasts>;
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe("match days and times", () => {
  it("cards show dd/mm/yyyy · HH:mm with the time zone, on Manage Matches and Other Servers", async () => {
    fakeApi({
      "GET /config": config,
      "GET /sportbn/matches": matchesApi([match]),
      "GET /sportbn/other-servers/all": { body: { status: "success", data: [] } },
    });
    renderAt("/sportbn/matches", <MatchesScreen />);
    const card = await screen.findByRole("article", { name: "Bayern vs Hertha" });
    expect(await within(card).findByText("22/12/2026 · 20:00 Europe/Berlin")).toBeInTheDocument();
    renderAt("/sportbn/servers", <OtherServersScreen />);
    await waitFor(() =>
      expect(document.querySelector('[data-slot="servers-card"]')).toHaveTextContent(
        "22/12/2026 · 20:00 Europe/Berlin",
      ),
    );
  });

  it("Edit Match shows and reads dd/mm/yyyy and HH:mm, refusing the US order at the field", async () => {
    const calls = fakeApi({
      "GET /config": config,
      "GET /sportbn/matches": matchesApi([match]),
      "GET /sportbn/other-servers/all": { body: { status: "success", data: [] } },
      "PUT /sportbn/matches/m1": {
        body: { status: "success", data: match, message: "Match updated successfully" },
      },
    });
    renderAt("/sportbn/matches", <MatchesScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Edit Bayern vs Hertha" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Match" });
    const date = within(dialog).getByLabelText("Date *");
    const time = within(dialog).getByLabelText("Time *");
    expect(date).toHaveValue("22/12/2026");
    expect(date).not.toHaveAttribute("type", "date");
    expect(time).toHaveValue("20:00");
    expect(time).not.toHaveAttribute("type", "time");
    await waitFor(() => expect(time).toHaveAccessibleDescription(/HH:mm, Europe\/Berlin/));

    await userEvent.clear(date);
    await userEvent.type(date, "12/23/2026");
    await userEvent.clear(time);
    await userEvent.type(time, "8 PM");
    await userEvent.click(within(dialog).getByRole("button", { name: "Update Match" }));
    expect(await within(dialog).findByText("Enter the date as dd/mm/yyyy")).toBeInTheDocument();
    expect(within(dialog).getByText("Enter the time as HH:mm (24-hour clock)")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    await userEvent.clear(date);
    await userEvent.type(date, "23/12/2026");
    await userEvent.clear(time);
    await userEvent.type(time, "8:30");
    await userEvent.click(within(dialog).getByRole("button", { name: "Update Match" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
        date: "2026-12-23",
        time: "08:30",
        end_time: "23:59",
      }),
    );
  });

  it("Edit Match's Apply at… schedules the edit at a time in the site's zone instead of saving it", async () => {
    const calls = fakeApi({
      "GET /config": config,
      "GET /sportbn/matches": matchesApi([match]),
      "GET /sportbn/other-servers/all": { body: { status: "success", data: [] } },
      "PUT /sportbn/matches/m1": {
        status: 202,
        body: { status: "success", data: {}, message: "Change scheduled" },
      },
    });
    renderAt("/sportbn/matches", <MatchesScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Edit Bayern vs Hertha" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Match" });
    await userEvent.type(within(dialog).getByLabelText("Home score"), "2");
    await userEvent.click(within(dialog).getByRole("button", { name: "Apply at…" }));
    await userEvent.type(within(dialog).getByLabelText("Apply at"), "22/12/2026");
    await userEvent.type(within(dialog).getByLabelText("Apply at time"), "18:00");
    await userEvent.click(within(dialog).getByRole("button", { name: "Schedule change" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    const put = calls.find((c) => c.method === "PUT")!;
    expect(put.query.get("applyAt")).toBe("2026-12-22T17:00:00.000Z");
    // Only what changed: the Schedule lists the fields the change sets.
    expect(Object.keys(put.body as object)).toEqual(["homeTeam_score"]);
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({
          title: "Change scheduled",
          description: "Bayern vs Hertha changes at 22/12/2026 18:00 (Europe/Berlin).",
        }),
      ]),
    );
  });

  it("Fetch Matches' fixtures show their day and time in the feed's zone, named", async () => {
    const fixture = {
      fixture: { id: 1, date: "2026-12-22T19:00:00+00:00", status: { short: "NS" }, venue: { name: "" } },
      league: { name: "Bundesliga", country: "Germany", logo: "" },
      teams: { home: { name: "Bayern", logo: "" }, away: { name: "Hertha", logo: "" } },
      goals: { home: null, away: null },
    };
    const feed = (response: unknown[] = []) => ({
      body: { status: "success", response, quota: { remaining: 90, limit: 100 } },
    });
    fakeApi({
      "GET /config": config,
      "GET /sportbn/matches": matchesApi([]),
      "GET /sportbn/connect/football": feed([fixture]),
      "GET /sportbn/connect/basketball": feed(),
      "GET /sportbn/connect/hockey": feed(),
      "GET /sportbn/connect/am-football": feed(),
    });
    renderAt("/sportbn/fetch-matches", <FetchMatchesScreen />);
    const card = await screen.findByRole("article", { name: "Bayern vs Hertha" });
    expect(within(card).getByText("22/12/2026 · 19:00 UTC")).toBeInTheDocument();
  });
});
