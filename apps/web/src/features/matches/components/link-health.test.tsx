import type { LinkHealth, OtherServer } from "@backoffice/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatDateTime } from "@/lib/format";
import { captureToasts, fakeApi, renderAt, type ShownToast } from "@/lib/screen.testing";
import { matchesApi, matchOf } from "./match.testing";
import { MatchesScreen } from "./matches-screen";
import { OtherServersScreen } from "./other-servers-screen";

/** Each stream link's health on Manage Matches and Other Servers (docs/PRODUCT-RULES.md#matches-and-the-sports-feed). */

const health = (overrides: Partial<LinkHealth>): LinkHealth => ({
  state: "unchecked",
  status: null,
  reason: null,
  checkedAt: null,
  failingSince: null,
  latencyMs: null,
  ...overrides,
});
const since = "2026-11-25T18:05:00Z";
const match = matchOf({
  logos: false,
  matchUrl: "https://sportbn.example/main",
  health: health({ state: "ok", status: 200, checkedAt: since, latencyMs: 120 }),
});
const server = (id: string, name: string, h: LinkHealth): OtherServer => ({
  _id: id,
  match_id: "m1",
  name,
  url: `https://streams.example/${id}`,
  startsAt: null,
  endsAt: null,
  createdAt: "2026-11-20T10:00:00Z",
  health: h,
});
const servers = [
  server("s1", "HD Server", health({ state: "ok", status: 200, checkedAt: since, latencyMs: 80 })),
  server(
    "s2",
    "Broken",
    health({ state: "failing", status: 500, checkedAt: since, failingSince: since, latencyMs: 30 }),
  ),
  server(
    "s3",
    "Slow",
    health({ state: "failing", reason: "timeout", checkedAt: since, failingSince: since }),
  ),
  server(
    "s4",
    "Inside",
    health({ state: "blocked", reason: "10.0.0.1 is a blocked address", checkedAt: since }),
  ),
  server("s5", "New", health({})),
];

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

const api = () =>
  fakeApi({
    "GET /sportbn/matches": matchesApi([match]),
    "GET /sportbn/other-servers/all": { body: { status: "success", data: servers } },
    "POST /sportbn/matches/m1/links/check": {
      body: {
        status: "success",
        message: "Links checked",
        data: [
          { url: match.matchUrl, ...match.health },
          { url: "https://streams.example/s1", ...servers[0]!.health },
          { url: "https://streams.example/s2", ...servers[1]!.health },
        ],
      },
    },
  });

describe("stream-link health", () => {
  it("Other Servers shows each link's health in words, with the summary line", async () => {
    api();
    renderAt("/sportbn/servers", <OtherServersScreen />);
    const region = await screen.findByRole("region", { name: "Servers of Bayern vs Hertha" });
    // Counted among the links checked; the one never checked is said apart.
    expect(
      await within(region).findByText("2 of 5 checked links OK · 1 not checked yet"),
    ).toBeInTheDocument();
    const at = formatDateTime(since);
    expect(within(region).getByText("OK · 120 ms")).toBeInTheDocument();
    expect(within(region).getByText("OK · 80 ms")).toBeInTheDocument();
    expect(within(region).getByText(`Failing since ${at} (500) · 30 ms`)).toBeInTheDocument();
    expect(within(region).getByText(`Failing since ${at} (timeout)`)).toBeInTheDocument();
    expect(within(region).getByText("Blocked address")).toBeInTheDocument();
    expect(within(region).getByText("Not checked yet")).toBeInTheDocument();
  });

  it("Manage Matches' card shows the summary and Check links probes now", async () => {
    const calls = api();
    renderAt("/sportbn/matches", <MatchesScreen />);
    const card = (await screen.findByRole("heading", { name: "Bayern vs Hertha" })).closest(
      "[data-slot=match-card]",
    ) as HTMLElement;
    expect(await within(card).findByText("2 of 5 checked links OK · 1 not checked yet")).toBeInTheDocument();
    // Every link's state: the main stream and each server, by name.
    const lines = within(card)
      .getAllByText((_, element) => element?.getAttribute("data-slot") === "link-health")
      .map((line) => line.textContent);
    const at = formatDateTime(since);
    expect(lines).toEqual([
      "Main stream: OK · 120 ms",
      "HD Server: OK · 80 ms",
      `Broken: Failing since ${at} (500) · 30 ms`,
      `Slow: Failing since ${at} (timeout)`,
      "Inside: Blocked address",
      "New: Not checked yet",
    ]);
    await userEvent.click(within(card).getByRole("button", { name: "Check links of Bayern vs Hertha" }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(calls.some((c) => c.method === "POST" && c.path === "/sportbn/matches/m1/links/check")).toBe(true);
    expect(toasts[0]).toMatchObject({
      title: "Links checked",
      description: "Bayern vs Hertha: 2 of 3 links OK.",
    });
  });

  it("before any check the card says Not checked yet, never '0 of n links OK'", async () => {
    fakeApi({
      "GET /sportbn/matches": matchesApi([matchOf({ logos: false })]),
      "GET /sportbn/other-servers/all": {
        body: { status: "success", data: [server("s1", "HD Server", health({}))] },
      },
    });
    renderAt("/sportbn/matches", <MatchesScreen />);
    const card = (await screen.findByRole("heading", { name: "Bayern vs Hertha" })).closest(
      "[data-slot=match-card]",
    ) as HTMLElement;
    await waitFor(() =>
      expect(card.querySelector("[data-slot=links-summary]")).toHaveTextContent(/^Not checked yet$/),
    );
    expect(card).not.toHaveTextContent(/links? OK/);
    expect([...card.querySelectorAll("[data-slot=link-health]")].map((line) => line.textContent)).toEqual([
      "Main stream: Not checked yet",
      "HD Server: Not checked yet",
    ]);
  });
});
