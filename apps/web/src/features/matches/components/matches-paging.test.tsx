import type { Match } from "@backoffice/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Call, captureToasts, fakeApi, renderAt } from "@/lib/screen.testing";
import { matchesApi, matchOf } from "./match.testing";
import { MatchesScreen } from "./matches-screen";
import { OtherServersScreen } from "./other-servers-screen";

/**
 * Manage Matches and Other Servers are paged by the server (docs/PRODUCT-RULES.md#matches-and-the-sports-feed):
 * the page, filters and order in the URL, one page of 24 asked for, the servers of that page only,
 * and the matches finished earlier behind the Status filter's Finished earlier.
 */
const many = Array.from({ length: 30 }, (_, n) =>
  matchOf({
    _id: `m${n}`,
    home: `Home ${n}`,
    away: `Away ${n}`,
    date: `2026-12-${String(30 - n).padStart(2, "0")}`,
  }),
);
const older: Match[] = [matchOf({ _id: "old1", home: "Archived", away: "Rivals", status: "finished" })];

let calls: Call[];
beforeEach(() => {
  captureToasts();
  calls = fakeApi({
    "GET /sportbn/matches": matchesApi(many, older),
    "GET /sportbn/other-servers/all": { body: { status: "success", data: [] } },
  });
  // Radix Select measures and captures the pointer; happy-dom has neither.
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
});
afterEach(() => vi.unstubAllGlobals());

const listCalls = () => calls.filter((call) => call.path === "/sportbn/matches");
const lastQuery = () => Object.fromEntries(listCalls().at(-1)!.query);

describe("Manage Matches' pages", () => {
  it("asks the server for the URL's page of 24, shows its total and pages, and keeps the page in the URL", async () => {
    const user = userEvent.setup();
    const at = renderAt("/sportbn/matches", <MatchesScreen />);
    await screen.findByRole("article", { name: "Home 0 vs Away 0" });
    expect(lastQuery()).toEqual({ page: "1", limit: "24" });
    expect(screen.getByText("30 matches found")).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(24);
    // Only the servers of the matches shown are asked for.
    const servers = calls.find((call) => call.path === "/sportbn/other-servers/all")!;
    expect(servers.query.get("matches")!.split(",")).toHaveLength(24);

    await user.click(screen.getByRole("button", { name: "Page 2" }));
    expect(at.location()).toBe("/sportbn/matches?page=2");
    expect(await screen.findByRole("article", { name: "Home 24 vs Away 24" })).toBeInTheDocument();
    expect(lastQuery()).toEqual({ page: "2", limit: "24" });
    expect(screen.getAllByRole("article")).toHaveLength(6);
  });

  it("sends the filters and order of the URL, and a new filter goes back to the first page", async () => {
    const user = userEvent.setup();
    const at = renderAt("/sportbn/matches?page=2&q=home%201&sort=earliest", <MatchesScreen />);
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: "2", limit: "24", q: "home 1", sort: "earliest" }),
    );
    await user.click(screen.getByRole("combobox", { name: "Sport" }));
    await user.click(await screen.findByRole("option", { name: "Basketball" }));
    expect(at.location()).toBe("/sportbn/matches?q=home+1&sort=earliest&sport=basketball");
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        page: "1",
        limit: "24",
        q: "home 1",
        sport: "basketball",
        sort: "earliest",
      }),
    );
  });

  it("lists the matches finished earlier behind Status: Finished earlier", async () => {
    const user = userEvent.setup();
    const at = renderAt("/sportbn/matches", <MatchesScreen />);
    await screen.findByRole("article", { name: "Home 0 vs Away 0" });
    expect(screen.queryByRole("article", { name: "Archived vs Rivals" })).toBeNull();
    await user.click(screen.getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Finished earlier" }));
    expect(at.location()).toBe("/sportbn/matches?status=older");
    const card = await screen.findByRole("article", { name: "Archived vs Rivals" });
    expect(within(card).getByText("finished")).toBeInTheDocument();
    expect(lastQuery()).toEqual({ page: "1", limit: "24", status: "older" });
    expect(screen.getByText("1 match found")).toBeInTheDocument();
  });
});

describe("Other Servers' pages", () => {
  it("pages its matches through the server too, in the URL", async () => {
    const user = userEvent.setup();
    const at = renderAt("/sportbn/servers?q=home", <OtherServersScreen />);
    await screen.findByRole("article", { name: "Home 0 vs Away 0" });
    expect(lastQuery()).toEqual({ page: "1", limit: "24", q: "home" });
    await user.click(screen.getByRole("button", { name: "Page 2" }));
    expect(at.location()).toBe("/sportbn/servers?q=home&page=2");
    await waitFor(() => expect(lastQuery()).toEqual({ page: "2", limit: "24", q: "home" }));
  });
});
