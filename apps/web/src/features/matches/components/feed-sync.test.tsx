import type { Match } from "@backoffice/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatDateTime } from "@/lib/format";
import { captureToasts, fakeApi, renderAt, type ShownToast } from "@/lib/screen.testing";
import { FetchMatchesScreen } from "./fetch-matches-screen";
import { matchesApi, matchOf } from "./match.testing";
import { MatchesScreen } from "./matches-screen";

/** Feed sync on the screens (docs/PRODUCT-RULES.md#matches-and-the-sports-feed). */

const feed = { body: { status: "success", response: [], quota: { remaining: 90, limit: 100 } } };
const fetchScreenApi = {
  "GET /config": { body: { status: "success", data: { sites: {} } } },
  "GET /sportbn/matches": matchesApi([]),
  "GET /sportbn/connect/football": feed,
  "GET /sportbn/connect/basketball": feed,
  "GET /sportbn/connect/hockey": feed,
  "GET /sportbn/connect/am-football": feed,
};

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe("Fetch Matches: the feed sync", () => {
  it("shows the calls left today and the last sync, and Run now queues the feed-sync job", async () => {
    const lastSync = "2026-11-25T16:45:00.000Z";
    const calls = fakeApi({
      ...fetchScreenApi,
      "GET /sportbn/feed/status": {
        body: { status: "success", quota: { used: 12, limit: 100, remaining: 88 }, lastSync },
      },
      "POST /jobs/feed-sync/run": {
        body: { status: "success", message: "Update accepted fixtures will run in a few seconds." },
      },
    });
    renderAt("/sportbn/fetch-matches", <FetchMatchesScreen />);
    expect(
      await screen.findByText(
        `Feed quota: 88 of 100 calls left today · Last sync: ${formatDateTime(lastSync)}`,
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Run now" }));
    expect(calls.some((c) => c.method === "POST" && c.path === "/jobs/feed-sync/run")).toBe(true);
    expect(toasts).toContainEqual(
      expect.objectContaining({
        title: "Feed sync",
        description: "Update accepted fixtures will run in a few seconds.",
      }),
    );
  });

  it("shows one quota line: the provider's own figure when it has fewer calls left than we counted", async () => {
    fakeApi({
      ...fetchScreenApi,
      "GET /sportbn/feed/status": {
        body: { status: "success", quota: { used: 3, limit: 100, remaining: 97 }, lastSync: null },
      },
    });
    renderAt("/sportbn/fetch-matches", <FetchMatchesScreen />);
    // The four sports' answers said 90 left (another client of the key used some).
    expect(
      await screen.findByText("Feed quota: 90 of 100 calls left today · Last sync: never"),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/left today/)).toHaveLength(1);
  });

  it("says never before the first sync", async () => {
    fakeApi({
      ...fetchScreenApi,
      "GET /sportbn/feed/status": {
        body: { status: "success", quota: { used: 0, limit: 100, remaining: 100 }, lastSync: null },
      },
    });
    renderAt("/sportbn/fetch-matches", <FetchMatchesScreen />);
    // 90: the provider's figure of the kept answers (the test above).
    expect(
      await screen.findByText("Feed quota: 90 of 100 calls left today · Last sync: never"),
    ).toBeInTheDocument();
  });
});

const match = (id: string, home: string, status: Match["status"], feedStatus: string | null): Match =>
  matchOf({ _id: id, home, away: "Away", status, feedStatus });

describe("Manage Matches: accepted fixtures the feed halted", () => {
  it("say Postponed, Cancelled or Abandoned in a badge instead of their status", async () => {
    fakeApi({
      "GET /sportbn/matches": matchesApi([
        match("1", "Postponed FC", "upcoming", "PST"),
        match("2", "Cancelled FC", "finished", "CANC"),
        match("3", "Abandoned FC", "finished", "ABD"),
        match("4", "Playing FC", "live", "2H"),
        match("5", "Handmade FC", "upcoming", null),
      ]),
    });
    renderAt("/sportbn/matches", <MatchesScreen />);
    const card = async (home: string) => screen.findByRole("article", { name: new RegExp(home) });
    for (const [home, label] of [
      ["Postponed FC", "Postponed"],
      ["Cancelled FC", "Cancelled"],
      ["Abandoned FC", "Abandoned"],
    ] as const) {
      const shown = await card(home);
      expect(shown.querySelector('[data-slot="match-halted"]'), home).toHaveTextContent(label);
      expect(shown.querySelector('[data-slot="match-status"]')).toBeNull();
      expect(within(shown).queryByText("live")).toBeNull();
    }
    expect((await card("Playing FC")).querySelector('[data-slot="match-status"]')).toHaveTextContent("live");
    expect((await card("Handmade FC")).querySelector('[data-slot="match-halted"]')).toBeNull();
  });
});
