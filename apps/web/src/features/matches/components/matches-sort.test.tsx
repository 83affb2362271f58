import type { Match } from "@backoffice/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt } from "@/lib/screen.testing";
import { matchesApi, matchOf } from "./match.testing";
import { MatchesScreen } from "./matches-screen";

/** Manage Matches sorts by kick-off, latest or earliest first, kept in the URL with the filters. */

const match = (id: string, home: string, date: string, time: string): Match =>
  matchOf({ _id: id, home, away: "Away", date, time });
// In the server's order: latest kick-off first.
const matches: Match[] = [
  match("m3", "Cologne", "2026-12-22", "20:30"),
  match("m2", "Bremen", "2026-12-22", "18:00"),
  { ...match("m1", "Augsburg", "2026-12-01", "21:00"), status: "finished" as const },
];

beforeEach(() => {
  captureToasts();
  fakeApi({ "GET /sportbn/matches": matchesApi(matches) });
});
afterEach(() => vi.unstubAllGlobals());

const homes = () =>
  within(screen.getByRole("list", { name: "Matches" }))
    .getAllByRole("heading", { level: 2 })
    .map((heading) => heading.textContent?.split(" vs ")[0]);
const sortBy = () => screen.getByRole("combobox", { name: "Sort by" });

describe("sorting the matches", () => {
  it("latest first by default; ?sort=earliest puts the earliest kick-off first", async () => {
    renderAt("/sportbn/matches", <MatchesScreen />);
    await waitFor(() => expect(homes()).toEqual(["Cologne", "Bremen", "Augsburg"]));
    expect(sortBy()).toHaveTextContent("Sort: Latest first");
  });

  it("opened with ?sort=earliest and a filter, it keeps both", async () => {
    renderAt("/sportbn/matches?status=upcoming&sort=earliest", <MatchesScreen />);
    await waitFor(() => expect(homes()).toEqual(["Bremen", "Cologne"]));
    expect(sortBy()).toHaveTextContent("Sort: Earliest first");
  });

  it("choosing an order puts it in the URL beside the filters", async () => {
    const user = userEvent.setup();
    const at = renderAt("/sportbn/matches?sport=football", <MatchesScreen />);
    await waitFor(() => expect(homes()).toHaveLength(3));
    await user.click(sortBy());
    await user.click(await screen.findByRole("option", { name: "Sort: Earliest first" }));
    await waitFor(() => expect(at.location()).toBe("/sportbn/matches?sport=football&sort=earliest"));
    expect(homes()).toEqual(["Augsburg", "Bremen", "Cologne"]);
  });
});
