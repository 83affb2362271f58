import { type Match, UNDO_HEADER } from "@backoffice/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt, setWidth } from "@/lib/screen.testing";
import { FetchMatchesScreen } from "./fetch-matches-screen";
import { matchesApi, matchOf } from "./match.testing";
import { MatchesScreen } from "./matches-screen";

/**
 * Team names shortened under 992 px (docs/PRODUCT-RULES.md#shortened-text-and-breakpoints): Manage
 * Matches cuts them to 10 characters, Fetch Matches to 15, each plus "…", the whole name kept for
 * hover, focus and screen readers; and the match dialog's required message. The journeys through
 * the real server are e2e/matches.e2e.ts.
 */

const match = (home: string, away: string): Match => matchOf({ home, away });

/** A football fixture as API-Sports answers it. */
const fixture = (id: number, home: string, away: string) => ({
  fixture: { id, date: "2026-12-22T19:00:00+00:00", status: { short: "NS" }, venue: { name: "Arena" } },
  league: { name: "Bundesliga", country: "Germany", logo: "https://media.example/bl.png" },
  teams: { home: { name: home, logo: "" }, away: { name: away, logo: "" } },
  goals: { home: null, away: null },
});
const feed = (response: unknown[] = []) => ({
  body: { status: "success", response, quota: { remaining: 90, limit: 100 } },
});

const slot = (name: string) => document.querySelector(`[data-slot="${name}"]`);

beforeEach(() => {
  captureToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setWidth(1280);
});

describe("Manage Matches: team names", () => {
  const matches = () =>
    fakeApi({
      "GET /sportbn/matches": matchesApi([match("Borussia Monchengladbach", "Eintracht Frankfurt")]),
    });

  it("under 992 px they are cut to 10 characters, whole for screen readers and on focus", async () => {
    setWidth(900);
    matches();
    renderAt("/sportbn/matches", <MatchesScreen />);
    const card = await screen.findByRole("article", {
      name: "Borussia Monchengladbach vs Eintracht Frankfurt",
    });
    expect(slot("match-home")?.textContent).toBe("Borussia M…");
    expect(slot("match-away")?.textContent).toBe("Eintracht …");
    expect(within(card).getByText("Borussia Monchengladbach")).toHaveClass("sr-only");
    await userEvent.tab();
    while (!document.activeElement?.contains(slot("match-home"))) await userEvent.tab();
    await waitFor(() => expect(slot("match-home-full")).toHaveTextContent("Borussia Monchengladbach"));
  });

  it("from 992 px they are whole", async () => {
    setWidth(1280);
    matches();
    renderAt("/sportbn/matches", <MatchesScreen />);
    await screen.findByRole("article", { name: "Borussia Monchengladbach vs Eintracht Frankfurt" });
    expect(slot("match-home")?.textContent).toBe("Borussia Monchengladbach");
  });
});

describe("Manage Matches: the dialog", () => {
  it("Create Match with empty fields says Please fill all the fields and sends nothing", async () => {
    const calls = fakeApi({ "GET /sportbn/matches": matchesApi([]) });
    renderAt("/sportbn/matches", <MatchesScreen />);
    await userEvent.click((await screen.findAllByRole("button", { name: "Add Match" }))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Add Match" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Match" }));
    expect((await within(dialog).findAllByText("Please fill all the fields")).length).toBeGreaterThan(0);
    expect(within(dialog).getByLabelText("Home team *")).toHaveAttribute("aria-invalid", "true");
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });
});

describe("Manage Matches: deleting", () => {
  it("a bulk delete of 2 matches says 2 matches deleted, and its Undo 2 matches restored (not their servers too)", async () => {
    const toasts = captureToasts();
    const token = "0b7e2a4c-3f5d-4e8a-9c1b-2d6f8a0e4b71";
    const calls = fakeApi({
      "GET /sportbn/matches": matchesApi([
        matchOf({ home: "Bayern", away: "Hertha" }),
        matchOf({ _id: "m2", home: "Ajax", away: "PSV" }),
      ]),
      "GET /sportbn/other-servers/all": { body: { status: "success", data: [] } },
      "DELETE /sportbn/matches": {
        body: { status: "success", message: "Match deleted successfully" },
        headers: { [UNDO_HEADER]: token },
      },
      // Each match came back with its server: 4 trash items.
      "POST /sportbn/trash/undo": {
        body: { status: "success", message: "4 items restored", restored: 4, skipped: 0 },
      },
    });
    renderAt("/sportbn/matches", <MatchesScreen />);
    await userEvent.click(await screen.findByRole("checkbox", { name: "Select Bayern vs Hertha" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Select Ajax vs PSV" }));
    await userEvent.click(screen.getByRole("button", { name: "Delete Selected (2)" }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(calls.find((c) => c.method === "DELETE")?.body).toEqual({ ids: ["m1", "m2"] });
    expect(toasts[0]).toMatchObject({ title: "2 matches deleted" });
    expect(toasts[0]!.description).not.toMatch(/^2 matches/);
    await act(async () => toasts[0]!.action!.onClick());
    await waitFor(() =>
      expect(toasts[1]).toMatchObject({ title: "Restored", description: "2 matches restored" }),
    );
  });
});

describe("Fetch Matches: team names", () => {
  const feedOf = () =>
    fakeApi({
      "GET /config": { body: { status: "success", data: { sites: {} } } },
      "GET /sportbn/connect/football": feed([
        fixture(1, "Borussia Monchengladbach", "Bayern"),
        fixture(2, "Werder Bremen 1899", "Hertha"),
      ]),
      "GET /sportbn/connect/basketball": feed(),
      "GET /sportbn/connect/hockey": feed(),
      "GET /sportbn/connect/am-football": feed(),
    });
  const names = () =>
    [...document.querySelectorAll('[data-slot="fixture-home"], [data-slot="fixture-away"]')].map(
      (name) => name.textContent,
    );

  it("under 992 px they are cut to 15 characters plus an ellipsis, whole for screen readers", async () => {
    setWidth(900);
    feedOf();
    renderAt("/sportbn/fetch-matches", <FetchMatchesScreen />);
    const card = await screen.findByRole("article", { name: "Borussia Monchengladbach vs Bayern" });
    expect(names()).toEqual(["Borussia Monche…", "Bayern", "Werder Bremen 1…", "Hertha"]);
    expect(within(card).getByText("Borussia Monchengladbach")).toHaveClass("sr-only");
  });

  it("from 992 px they are whole", async () => {
    setWidth(1280);
    feedOf();
    renderAt("/sportbn/fetch-matches", <FetchMatchesScreen />);
    await screen.findByRole("article", { name: "Borussia Monchengladbach vs Bayern" });
    expect(names()).toEqual(["Borussia Monchengladbach", "Bayern", "Werder Bremen 1899", "Hertha"]);
  });

  it("the search and the sport filter narrow the fixtures; Clear Filters shows them all again", async () => {
    feedOf();
    const at = renderAt("/sportbn/fetch-matches", <FetchMatchesScreen />);
    await screen.findByRole("heading", { name: "Matches (2)" });
    await userEvent.type(screen.getByRole("searchbox", { name: "Search fixtures" }), "bremen");
    await screen.findByRole("heading", { name: "Matches (1)" });
    await userEvent.click(screen.getByRole("combobox", { name: "Sport" }));
    await userEvent.click(await screen.findByRole("option", { name: "Basketball" }));
    expect(await screen.findByText("No matches found. Try adjusting your filters.")).toBeInTheDocument();
    await waitFor(() => expect(at.location()).toMatch(/sport=basketball/));
    // The empty state offers Clear Filters too, beside the filters' own.
    const empty = document.querySelector<HTMLElement>('[data-slot="empty-state"]')!;
    await userEvent.click(within(empty).getByRole("button", { name: "Clear Filters" }));
    await screen.findByRole("heading", { name: "Matches (2)" });
    expect(screen.getByRole("searchbox", { name: "Search fixtures" })).toHaveValue("");
    expect(at.location()).toBe("/sportbn/fetch-matches");
  });
});
