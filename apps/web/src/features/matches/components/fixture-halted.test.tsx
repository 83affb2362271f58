import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt } from "@/lib/screen.testing";
import { FetchMatchesScreen } from "./fetch-matches-screen";

/** Postponed, cancelled and abandoned fixtures say so (docs/PRODUCT-RULES.md#matches-and-the-sports-feed). */

const fixture = (id: number, home: string, short: string) => ({
  fixture: { id, date: "2026-12-22T19:00:00+00:00", status: { short }, venue: { name: "Arena" } },
  league: { name: "Bundesliga", country: "Germany", logo: "https://media.example/bl.png" },
  teams: { home: { name: home, logo: "" }, away: { name: "Away", logo: "" } },
  goals: { home: null, away: null },
});
const feed = (response: unknown[] = []) => ({
  body: { status: "success", response, quota: { remaining: 90, limit: 100 } },
});

beforeEach(() => {
  captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe("Fetch Matches: fixtures not played as planned", () => {
  it("show Postponed, Cancelled or Abandoned in a badge instead of their code, and never as live", async () => {
    fakeApi({
      "GET /config": { body: { status: "success", data: { sites: {} } } },
      "GET /sportbn/matches": { body: { status: "success", data: [] } },
      "GET /sportbn/connect/football": feed([
        fixture(1, "Postponed FC", "PST"),
        fixture(2, "Cancelled FC", "CANC"),
        fixture(3, "Abandoned FC", "ABD"),
        fixture(4, "Playing FC", "1H"),
      ]),
      "GET /sportbn/connect/basketball": feed(),
      "GET /sportbn/connect/hockey": feed(),
      "GET /sportbn/connect/am-football": feed(),
    });
    renderAt("/sportbn/fetch-matches", <FetchMatchesScreen />);
    const card = async (home: string) => screen.findByRole("article", { name: `${home} vs Away` });
    for (const [home, label, code] of [
      ["Postponed FC", "Postponed", "PST"],
      ["Cancelled FC", "Cancelled", "CANC"],
      ["Abandoned FC", "Abandoned", "ABD"],
    ] as const) {
      const badge = (await card(home)).querySelector('[data-slot="fixture-halted"]');
      expect(badge, home).toHaveTextContent(label);
      expect(within(await card(home)).queryByText(code)).toBeNull();
    }
    expect((await card("Playing FC")).querySelector('[data-slot="fixture-halted"]')).toBeNull();
    // Any other code in words (packages/contracts FEED_STATUS_WORDS).
    expect(within(await card("Playing FC")).getByText("1st half")).toBeInTheDocument();
  });
});
