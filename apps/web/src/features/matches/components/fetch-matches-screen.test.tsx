import type { Match } from "@backoffice/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, type Routes, renderAt, type ShownToast } from "@/lib/screen.testing";
import { FetchMatchesScreen } from "./fetch-matches-screen";
import { matchOf } from "./match.testing";

/**
 * Fetch Matches when the feed fails (the cause with Try again, never the empty state), fixtures
 * already in Manage Matches shown as Accepted on load, and Accept selected with one summary toast.
 */

/** A football fixture as API-Sports answers it. */
const fixture = (id: number, home: string, away: string) => ({
  fixture: { id, date: "2026-12-22T19:00:00+00:00", status: { short: "NS" }, venue: { name: "Arena" } },
  league: { name: "Bundesliga", country: "Germany", logo: "" },
  teams: { home: { name: home, logo: "" }, away: { name: away, logo: "" } },
  goals: { home: null, away: null },
});
const feed = (response: unknown[] = []) => ({
  body: { status: "success", response, quota: { remaining: 90, limit: 100 } },
});
const down = (message: string) => ({ status: 502, body: { status: "error", message } });
/** A match Manage Matches holds (as the server reads it back). */
const stored = (home: string, away: string, date = "2026-12-22"): Match =>
  matchOf({ _id: `m-${home}`, home, away, date, time: "19:00", logos: false });

const api = (routes: Routes) =>
  fakeApi({
    "GET /config": { body: { status: "success", data: { sites: {} } } },
    "GET /sportbn/matches": { body: { status: "success", data: [] } },
    "GET /sportbn/connect/football": feed(),
    "GET /sportbn/connect/basketball": feed(),
    "GET /sportbn/connect/hockey": feed(),
    "GET /sportbn/connect/am-football": feed(),
    ...routes,
  });

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe("Fetch Matches with the feed down", () => {
  it("shows the cause with Try again, not the empty state, and Try again asks the failed sports again", async () => {
    const calls = api({
      "GET /sportbn/connect/football": down("Football feed could not be reached"),
      "GET /sportbn/connect/basketball": down("Basketball feed could not be reached"),
      "GET /sportbn/connect/hockey": down("Hockey feed could not be reached"),
      "GET /sportbn/connect/am-football": down("American football feed failed (503)"),
    });
    renderAt("/sportbn/fetch-matches", <FetchMatchesScreen />);
    expect(await screen.findByText("The sports feed could not be loaded")).toBeInTheDocument();
    expect(
      screen.getByText(
        "Football feed could not be reached. Basketball feed could not be reached. Hockey feed could not be reached. American football feed failed (503).",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText("No matches found. Try adjusting your filters.")).toBeNull();
    // Each tile says its own cause.
    const tiles = within(screen.getByRole("list", { name: "Feed progress" })).getAllByRole("listitem");
    expect(tiles[3]).toHaveTextContent("American football feed failed (503)");
    const asked = () => calls.filter((c) => c.path === "/sportbn/connect/football").length;
    const before = asked();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(asked()).toBe(before + 1));
  });

  it("one sport down: the others' fixtures show, with the failed sport's cause above them", async () => {
    api({
      "GET /sportbn/connect/football": feed([fixture(1, "Bayern", "Hertha")]),
      "GET /sportbn/connect/hockey": down("Hockey feed did not answer in time"),
    });
    renderAt("/sportbn/fetch-matches", <FetchMatchesScreen />);
    expect(await screen.findByRole("article", { name: "Bayern vs Hertha" })).toBeInTheDocument();
    expect(await screen.findByText("Some sports could not be loaded")).toBeInTheDocument();
    expect(screen.getByText("Hockey feed did not answer in time.")).toBeInTheDocument();
  });
});

describe("Fetch Matches: accepting", () => {
  it("marks fixtures already in Manage Matches as Accepted on load (same sport, teams and day)", async () => {
    api({
      "GET /sportbn/matches": { body: { status: "success", data: [stored("bayern", "HERTHA")] } },
      "GET /sportbn/connect/football": feed([fixture(1, "Bayern", "Hertha"), fixture(2, "Werder", "Koln")]),
    });
    renderAt("/sportbn/fetch-matches", <FetchMatchesScreen />);
    expect(await screen.findByRole("button", { name: "Accepted Bayern vs Hertha" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Accept Werder vs Koln" })).toBeEnabled();
    // Nothing to select on an accepted fixture.
    expect(screen.queryByRole("checkbox", { name: "Select Bayern vs Hertha" })).toBeNull();
  });

  it("Accept selected accepts the chosen fixtures and says how it went in one toast", async () => {
    const calls = api({
      "GET /sportbn/connect/football": feed([
        fixture(1, "Bayern", "Hertha"),
        fixture(2, "Werder", "Koln"),
        fixture(3, "Mainz", "Bochum"),
        fixture(4, "Union", "Hoffenheim"),
      ]),
      "POST /sportbn/matches": (call) =>
        (call.body as { homeTeam_name: string }).homeTeam_name === "Mainz"
          ? { status: 409, body: { status: "fail", message: "This match already exists" } }
          : { status: 201, body: { status: "success", message: "Match created successfully" } },
    });
    renderAt("/sportbn/fetch-matches", <FetchMatchesScreen />);
    await screen.findByRole("article", { name: "Bayern vs Hertha" });
    expect(screen.queryByRole("button", { name: /Accept selected/ })).toBeNull();
    for (const name of ["Bayern vs Hertha", "Werder vs Koln", "Mainz vs Bochum"])
      await userEvent.click(screen.getByRole("checkbox", { name: `Select ${name}` }));
    await userEvent.click(screen.getByRole("button", { name: "Accept selected (3)" }));
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({
          title: "Matches accepted",
          description: "2 matches accepted, 1 match already in Manage Matches.",
        }),
      ]),
    );
    const posted = calls
      .filter((c) => c.method === "POST")
      .map((c) => (c.body as { homeTeam_name: string }).homeTeam_name);
    expect(posted).toEqual(["Bayern", "Werder", "Mainz"]);
    expect(screen.queryByRole("button", { name: /Accept selected/ })).toBeNull();
  });
});
