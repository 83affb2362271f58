import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt, setWidth } from "@/lib/screen.testing";
import { matchesApi, matchOf } from "./match.testing";
import { MatchesScreen } from "./matches-screen";

/**
 * Manage Matches on a phone (under 640 px, docs/PRODUCT-RULES.md#shortened-text-and-breakpoints):
 * the search stays, the sport, status and league filters fold behind Filters (saying how many are
 * set), so the first match shows without scrolling. The layout itself is measured in
 * e2e/layout-shift.e2e.ts.
 */

const selects = () => ["Sport", "Status", "League"].map((name) => screen.queryByRole("combobox", { name }));

beforeEach(() => {
  captureToasts();
  fakeApi({
    "GET /sportbn/matches": matchesApi([matchOf({ home: "Bayern", away: "Hertha" })]),
    "GET /sportbn/other-servers/all": { body: { status: "success", data: [] } },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setWidth(1280);
});

describe("Manage Matches' filters", () => {
  it("fold behind Filters on a phone, which opens them and counts those set", async () => {
    setWidth(390);
    renderAt("/sportbn/matches?sport=football", <MatchesScreen />);
    await screen.findByRole("article", { name: "Bayern vs Hertha" });
    expect(screen.getByRole("searchbox", { name: "Search matches" })).toBeInTheDocument();
    expect(selects()).toEqual([null, null, null]);
    const toggle = screen.getByRole("button", { name: "Filters (1)" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(selects().every((select) => select !== null)).toBe(true);
  });

  it("show in full from 640 px, with no Filters button", async () => {
    renderAt("/sportbn/matches", <MatchesScreen />);
    await screen.findByRole("article", { name: "Bayern vs Hertha" });
    expect(selects().every((select) => select !== null)).toBe(true);
    expect(screen.queryByRole("button", { name: /^Filters/ })).toBeNull();
  });
});
