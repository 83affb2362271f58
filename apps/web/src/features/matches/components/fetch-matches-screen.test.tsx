import type { Match } from "@backoffice/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type Call,
  captureToasts,
  fakeApi,
  type Routes,
  renderAt,
  type ShownToast,
} from "@/lib/screen.testing";
import { FetchMatchesScreen } from "./fetch-matches-screen";
import { matchOf } from "./match.testing";

/**
 * Fetch Matches reads the fixtures the feed sync and Refresh kept (never the feed itself) with their
 * age; Refresh spends the feed's calls on purpose; codes in words, finished fixtures not offered;
 * a failure shows its cause with Try again (never the empty state); fixtures already in Manage
 * Matches shown as Accepted on load, and Accept selected with one summary toast.
 */

/** A football fixture as API-Sports answers it. */
const fixture = (id: number, home: string, away: string, short = "NS") => ({
  fixture: { id, date: "2026-12-22T19:00:00+00:00", status: { short }, venue: { name: "Arena" } },
  league: { name: "Bundesliga", country: "Germany", logo: "" },
  teams: { home: { name: home, logo: "" }, away: { name: away, logo: "" } },
  goals: { home: null, away: null },
});
/** A hockey game as API-Sports answers it (v1 games). */
const hockeyGame = (id: number, home: string, away: string, short: string) => ({
  id,
  date: "2026-12-22T19:00:00+00:00",
  timezone: "UTC",
  status: { short },
  league: { name: "NHL", logo: "" },
  country: { name: "USA" },
  teams: { home: { name: home, logo: "" }, away: { name: away, logo: "" } },
  scores: { home: 2, away: 1 },
});
const KEPT_AT = "2026-12-22T13:05:00.000Z";
/** What the api kept of a sport's day: its fixtures and when they were fetched (null: not today). */
const feed = (response: unknown[] = [], fetchedAt: string | null = KEPT_AT) => ({
  body: { status: "success", response, quota: { remaining: 90, limit: 100 }, fetchedAt },
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
    "GET /sportbn/feed/status": {
      body: { status: "success", quota: { used: 4, limit: 100, remaining: 96 }, lastSync: null },
    },
    ...routes,
  });
const SPORT_PATHS = ["football", "basketball", "hockey", "am-football"];
const posts = (calls: Call[]) => calls.filter((c) => c.method === "POST").map((c) => c.path);

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe("Fetch Matches reads what the feed sync keeps", () => {
  afterEach(() => vi.useRealTimers());

  it("shows the kept fixtures with their age on the 24-hour clock, and a visit asks the feed nothing", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 11, 22, 14, 17, 30));
    const at = new Date(2026, 11, 22, 14, 5).toISOString();
    const calls = api({
      "GET /sportbn/connect/football": feed([fixture(1, "Bayern", "Hertha")], at),
      "GET /sportbn/connect/basketball": feed([], at),
      "GET /sportbn/connect/hockey": feed([], at),
      "GET /sportbn/connect/am-football": feed([], at),
    });
    renderAt("/sportbn/fetch-matches", <FetchMatchesScreen />);
    expect(await screen.findByRole("article", { name: "Bayern vs Hertha" })).toBeInTheDocument();
    expect(screen.getByText("Fixtures as of 14:05, 12 minutes ago")).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });

  it("says when nothing was fetched today, with Refresh, instead of asking the feed", async () => {
    const calls = api(
      Object.fromEntries(SPORT_PATHS.map((sport) => [`GET /sportbn/connect/${sport}`, feed([], null)])),
    );
    renderAt("/sportbn/fetch-matches", <FetchMatchesScreen />);
    expect(await screen.findByText("Today's fixtures have not been fetched yet.")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Refresh fixtures" }).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Fixtures as of/)).toBeNull();
    const tiles = within(screen.getByRole("list", { name: "Feed progress" })).getAllByRole("listitem");
    expect(tiles[0]).toHaveTextContent("Not fetched today");
    expect(posts(calls)).toEqual([]);
  });

  it("Refresh spends the feed's calls on purpose: it says so with the calls left, and asks each sport once", async () => {
    const refreshed = new Date().toISOString();
    const calls = api({
      ...Object.fromEntries(SPORT_PATHS.map((sport) => [`GET /sportbn/connect/${sport}`, feed([], null)])),
      ...Object.fromEntries(
        SPORT_PATHS.map((sport) => [
          `POST /sportbn/connect/${sport}/refresh`,
          feed(sport === "football" ? [fixture(1, "Bayern", "Hertha")] : [], refreshed),
        ]),
      ),
    });
    renderAt("/sportbn/fetch-matches", <FetchMatchesScreen />);
    const [button] = await screen.findAllByRole("button", { name: "Refresh fixtures" });
    await waitFor(() =>
      expect(button).toHaveAccessibleDescription(
        "Refresh uses 4 of the sports feed's daily calls: 90 of 100 remain today.",
      ),
    );
    await userEvent.click(button!);
    expect(await screen.findByRole("article", { name: "Bayern vs Hertha" })).toBeInTheDocument();
    expect(posts(calls).sort()).toEqual(
      SPORT_PATHS.map((sport) => `/sportbn/connect/${sport}/refresh`).sort(),
    );
    expect(screen.getByText(/^Fixtures as of \d\d:\d\d, just now$/)).toBeInTheDocument();
  });

  it("a sport whose Refresh fails says why with Try again, which asks that sport only; the others stay", async () => {
    const calls = api({
      "GET /sportbn/connect/football": feed([fixture(1, "Bayern", "Hertha")]),
      ...Object.fromEntries(
        SPORT_PATHS.map((sport) => [
          `POST /sportbn/connect/${sport}/refresh`,
          sport === "hockey"
            ? down("Hockey feed did not answer in time")
            : feed(sport === "football" ? [fixture(1, "Bayern", "Hertha")] : []),
        ]),
      ),
    });
    renderAt("/sportbn/fetch-matches", <FetchMatchesScreen />);
    const [button] = await screen.findAllByRole("button", { name: "Refresh fixtures" });
    await userEvent.click(button!);
    expect(await screen.findByText("Some sports could not be refreshed")).toBeInTheDocument();
    expect(screen.getByText("Hockey feed did not answer in time.")).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Bayern vs Hertha" })).toBeInTheDocument();
    const before = posts(calls).length;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(posts(calls).slice(before)).toEqual(["/sportbn/connect/hockey/refresh"]));
  });
});

describe("Fetch Matches: the cards", () => {
  it("say the provider's status codes in words, whatever the sport", async () => {
    api({
      "GET /sportbn/connect/football": feed([
        fixture(1, "Bayern", "Hertha", "2H"),
        fixture(2, "Werder", "Koln", "HT"),
        fixture(3, "Mainz", "Bochum", "NS"),
      ]),
      "GET /sportbn/connect/hockey": feed([hockeyGame(7, "Bruins", "Leafs", "P3")]),
    });
    renderAt("/sportbn/fetch-matches", <FetchMatchesScreen />);
    for (const [name, words, code] of [
      ["Bayern vs Hertha", "2nd half", "2H"],
      ["Werder vs Koln", "Half-time", "HT"],
      ["Mainz vs Bochum", "Not started", "NS"],
      ["Bruins vs Leafs", "3rd period", "P3"],
    ] as const) {
      const card = await screen.findByRole("article", { name });
      expect(within(card).getByText(words)).toBeInTheDocument();
      expect(within(card).queryByText(code)).toBeNull();
    }
  });

  it("offer no Accept for a finished fixture", async () => {
    api({
      "GET /sportbn/connect/football": feed([
        fixture(1, "Bayern", "Hertha", "FT"),
        fixture(2, "Werder", "Koln", "PEN"),
        fixture(3, "Mainz", "Bochum", "1H"),
      ]),
      "GET /sportbn/connect/hockey": feed([hockeyGame(7, "Bruins", "Leafs", "AOT")]),
    });
    renderAt("/sportbn/fetch-matches", <FetchMatchesScreen />);
    for (const name of ["Bayern vs Hertha", "Werder vs Koln", "Bruins vs Leafs"]) {
      const card = await screen.findByRole("article", { name });
      expect(within(card).queryByRole("button", { name: /Accept/ })).toBeNull();
      expect(within(card).queryByRole("checkbox")).toBeNull();
      expect(within(card).getByText("Finished: not offered for Accept")).toBeInTheDocument();
    }
    expect(screen.getByRole("button", { name: "Accept Mainz vs Bochum" })).toBeEnabled();
  });

  it("line up in a row whatever the sport: the same four sections in every card, on the row's shared tracks", async () => {
    api({
      "GET /sportbn/connect/football": feed([
        fixture(1, "Borussia Monchengladbach", "Hertha", "FT"),
        fixture(2, "Werder", "Koln"),
      ]),
      "GET /sportbn/connect/hockey": feed([hockeyGame(7, "Bruins", "Leafs", "P3")]),
    });
    renderAt("/sportbn/fetch-matches", <FetchMatchesScreen />);
    await screen.findByRole("article", { name: "Bruins vs Leafs" });
    const cards = screen.getAllByRole("article");
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect([...card.children].map((child) => child.getAttribute("data-slot"))).toEqual([
        "fixture-head",
        "fixture-teams",
        "fixture-league",
        "fixture-actions",
      ]);
      // Each card and its list item span four rows of the list's grid and take its tracks
      // (CSS subgrid), so a section is as tall as the tallest of its row in every card.
      expect(card).toHaveClass("row-span-4", "grid-rows-subgrid");
      expect(card.closest("li")).toHaveClass("row-span-4", "grid-rows-subgrid");
    }
  });
});

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
