import { screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { queryClient } from "@/lib/query-client";
import { meData, OWNER } from "@/lib/screen.testing";
import { saveSession } from "@/lib/session";
import { preloadScreens, renderApp, siteConfig } from "../router.testing";

// A scheduled change that was not applied (a conflict or a failure) is told in the dashboard: the
// sidebar's Schedule item counts them on every screen of the site (docs/PRODUCT-RULES.md#scheduled-changes).
const notApplied = (id: string) => ({
  _id: id,
  kind: "ads",
  recordId: "a".repeat(24),
  recordName: "https://ads.example/banner",
  changes: { url: "https://ads.example/tonight" },
  applyAt: "2026-11-28T19:00:00.000Z",
  status: "conflict",
  outcome: { message: "The record changed after this change was scheduled", current: null },
  author: "editor@example.com",
  createdAt: "2026-11-27T10:00:00.000Z",
  appliedAt: null,
});

function stub(conflicts: unknown[]) {
  saveSession("tok", { email: OWNER.email, role: OWNER.role });
  vi.stubGlobal("fetch", async (input: string) => {
    const { pathname } = new URL(input, "http://localhost");
    if (pathname === "/api/v1/config")
      return Response.json({ status: "success", data: { sites: siteConfig } });
    if (pathname === "/api/v1/auth/me") return Response.json({ status: "success", data: meData(OWNER) });
    if (pathname === "/api/v1/sportbn/schedule")
      return Response.json({
        status: "success",
        data: { pending: [], conflicts, windows: [], overlaps: [] },
      });
    return new Promise<Response>(() => {});
  });
}

beforeAll(preloadScreens);
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe("the sidebar's notice of changes not applied", () => {
  it("counts them beside Schedule, named for screen readers", async () => {
    stub([notApplied("c1"), notApplied("c2")]);
    renderApp("/sportbn/ads");
    const nav = await screen.findByRole("navigation", { name: /navigation/ });
    expect(
      await within(nav).findByRole("link", { name: "Schedule (2 scheduled changes were not applied)" }),
    ).toBeInTheDocument();
  });

  it("shows nothing when every change was applied", async () => {
    stub([]);
    renderApp("/sportbn/ads");
    const nav = await screen.findByRole("navigation", { name: /navigation/ });
    expect(await within(nav).findByRole("link", { name: "Schedule" })).toBeInTheDocument();
    expect(nav.querySelector('[data-slot="nav-notice"]')).toBeNull();
  });
});
