import type { HistoryEntry } from "@backoffice/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "@/lib/session";
import { sites } from "@/sites";
import { RecordHistory } from "./record-history";

const entries: HistoryEntry[] = [
  {
    _id: "2",
    at: "2026-11-23T10:15:00.000Z",
    admin: "admin@example.com",
    address: "203.0.113.7",
    site: "sportbn",
    resource: "matches",
    recordId: "5",
    action: "update",
    before: { homeName: "Ajax", awayName: "PSV", status: "upcoming", updatedAt: "a" },
    after: { homeName: "Ajax", awayName: "PSV", status: "live", updatedAt: "b" },
  },
  {
    _id: "1",
    at: "2026-11-22T09:00:00.000Z",
    admin: "other@example.com",
    address: null,
    site: "sportbn",
    resource: "matches",
    recordId: "5",
    action: "create",
    before: null,
    after: { homeName: "Ajax", awayName: "PSV", status: "upcoming" },
  },
];

let requests: string[];
beforeEach(() => {
  saveSession("tok", { email: "admin@example.com", role: "admin" });
  requests = [];
  vi.stubGlobal("fetch", async (url: string) => {
    requests.push(url);
    return new Response(JSON.stringify({ status: "success", data: entries }), {
      headers: { "content-type": "application/json" },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("RecordHistory", () => {
  it("loads the record's own history when opened: who, when, what and which fields", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RecordHistory site={sites.sportbn} resource="matches" id="5" />
      </QueryClientProvider>,
    );
    // Closed, it costs no request.
    expect(requests).toEqual([]);
    await userEvent.click(screen.getByText("History"));
    const list = await screen.findByRole("list", { name: "Changes of this record" });
    const items = within(list).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Updated match");
    expect(items[0]).toHaveTextContent("by admin@example.com");
    expect(items[0]).toHaveTextContent("Status");
    expect(items[1]).toHaveTextContent("Created match");
    expect(requests).toEqual(["/api/v1/sportbn/history/matches/5"]);
  });
});
