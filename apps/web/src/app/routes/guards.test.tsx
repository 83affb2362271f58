import type { Me, MemberSecondFactor } from "@backoffice/contracts";
import type { SecondFactorStatus } from "@backoffice/contracts/second-factor";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@/lib/query-client";
import { captureToasts, meData, type ShownToast } from "@/lib/screen.testing";
import { saveSession } from "@/lib/session";
import { preloadScreens, renderApp, siteConfig } from "../router.testing";

/**
 * The second-factor gate of the protected routes (app/routes/guards.tsx, docs/PRODUCT-RULES.md#second-factor)
 * in the real route table: a member an Owner requires a second factor of goes to Security's URL
 * before any screen asks the api for anything, and sees no way to the screens the api refuses.
 */

const MEMBER: Me = { email: "editor@example.com", role: "admin", level: "editor", sites: null };
const secondFactor = (enabled: boolean): MemberSecondFactor => ({
  enabled,
  required: true,
  setupNeeded: !enabled,
});
const status = (enabled: boolean): SecondFactorStatus => ({
  totp: enabled,
  recoveryCodesLeft: enabled ? 10 : 0,
  passkeys: [],
  required: true,
  setupNeeded: !enabled,
  canRequire: false,
});

/** The api as the server answers the member: the account routes, and everything else recorded. */
let enabled: boolean;
let refused: string[];
function stubApi() {
  refused = [];
  vi.stubGlobal("fetch", async (input: string) => {
    const path = new URL(input, "http://localhost").pathname.replace(/^\/api\/v1/, "");
    const ok = (data: unknown) => Response.json({ status: "success", data });
    if (path === "/config") return ok({ sites: siteConfig });
    if (path === "/auth/me") return ok(meData(MEMBER, secondFactor(enabled)));
    if (path === "/auth/second-factor") return ok(status(enabled));
    if (path === "/auth/sessions") return ok([]);
    // What the api refuses while a set-up is needed: no screen may ask it (the live stream neither).
    if (!enabled) refused.push(path);
    return new Promise<Response>(() => {});
  });
}

let toasts: ShownToast[];
beforeAll(preloadScreens);
beforeEach(() => {
  window.localStorage.clear();
  queryClient.clear();
  saveSession("tok", { email: MEMBER.email, role: "admin" });
  toasts = captureToasts();
  enabled = false;
  stubApi();
});
afterEach(() => vi.unstubAllGlobals());

describe("a member who must set up a second factor", () => {
  it("is sent to /settings/security before a screen asks for its data, with no sidebar or site to go to", async () => {
    const { path } = renderApp("/sportbn/matches");
    expect(await screen.findByRole("heading", { name: "Security" })).toBeInTheDocument();
    await waitFor(() => expect(path()).toBe("/settings/security"));
    expect(
      await screen.findByText(/^An Owner requires a second factor for every member/),
    ).toBeInTheDocument();
    expect(refused).toEqual([]);
    expect(toasts).toEqual([]);
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Site" })).toBeNull();
    expect(screen.queryByRole("button", { name: /sidebar/ })).toBeNull();
  });

  it("gets the dashboard back once a factor is set up", async () => {
    renderApp("/sportbn/matches");
    await screen.findByText(/^An Owner requires a second factor for every member/);
    enabled = true;
    // What every second-factor write does (features/security/api/second-factor.ts).
    await queryClient.invalidateQueries({ queryKey: ["auth"] });
    expect(await screen.findByRole("navigation")).toBeInTheDocument();
  });
});
