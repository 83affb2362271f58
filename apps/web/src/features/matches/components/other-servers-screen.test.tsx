import type { Match } from "@backoffice/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt } from "@/lib/screen.testing";
import { matchesApi, matchOf } from "./match.testing";
import { MatchesScreen } from "./matches-screen";
import { OtherServersScreen } from "./other-servers-screen";

/**
 * Other Servers and Manage Matches: the sport is an icon that ships with the product, named for
 * screen readers (no emoji, which shows as an empty box without a colour-emoji font); every empty
 * state offers Clear filters or the way to the missing matches. The layout of long URLs is checked
 * in a browser: e2e/long-text.e2e.ts.
 */

const match = (id: string, type: Match["type"], home: string): Match =>
  matchOf({ _id: id, type, home, away: "Visitors", logos: false, league: { name: "League", logo: "" } });

const EMOJI = /\p{Extended_Pictographic}/u;

function api(matches: Match[]) {
  fakeApi({
    "GET /sportbn/matches": matchesApi(matches),
    "GET /sportbn/other-servers/all": { body: { status: "success", data: [] } },
  });
}

beforeEach(() => {
  captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe("the sport of a match", () => {
  it("Manage Matches: an icon named for screen readers, no emoji", async () => {
    api([match("m1", "basketball", "Lakers"), match("m2", "AM-football", "Packers")]);
    renderAt("/sportbn/matches", <MatchesScreen />);
    const lakers = await screen.findByRole("article", { name: "Lakers vs Visitors" });
    expect(within(lakers).getByRole("img", { name: "Basketball" }).tagName.toLowerCase()).toBe("svg");
    const packers = screen.getByRole("article", { name: "Packers vs Visitors" });
    expect(within(packers).getByRole("img", { name: "American Football" })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(EMOJI);
  });

  it("Other Servers: an icon beside the sport's name, no emoji", async () => {
    api([match("m1", "tennis", "Nadal")]);
    renderAt("/sportbn/servers", <OtherServersScreen />);
    const card = await screen.findByRole("article", { name: "Nadal vs Visitors" });
    expect(card.querySelector('[data-slot="sport-icon"][data-sport="tennis"]')).not.toBeNull();
    expect(within(card).getByText("Tennis")).toBeInTheDocument();
    expect(card.textContent).not.toMatch(EMOJI);
  });
});

describe("Other Servers' empty states", () => {
  it("filters that hide every match offer Clear filters", async () => {
    api([match("m1", "football", "Arsenal")]);
    const at = renderAt("/sportbn/servers?q=nobody", <OtherServersScreen />);
    expect(await screen.findByText("No matches found")).toBeInTheDocument();
    expect(screen.getByText("Try adjusting your search or filter criteria.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(at.location()).toBe("/sportbn/servers"));
    expect(await screen.findByRole("article", { name: "Arsenal vs Visitors" })).toBeInTheDocument();
  });

  it("without any match, the way to Manage Matches", async () => {
    api([]);
    renderAt("/sportbn/servers", <OtherServersScreen />);
    expect(await screen.findByText("No matches found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Manage Matches" })).toHaveAttribute(
      "href",
      "/sportbn/matches",
    );
  });
});
