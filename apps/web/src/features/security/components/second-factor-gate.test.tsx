import type { Me, MemberSecondFactor } from "@backoffice/contracts";
import type { SecondFactorStatus } from "@backoffice/contracts/second-factor";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, Link, Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paths } from "@/config/paths";
import { useMe } from "@/hooks/use-me";
import { type Call, captureToasts, fakeApi, meData, renderRouter } from "@/lib/screen.testing";
import { SecondFactorGate } from "./second-factor-gate";
import { TwoStepSection } from "./two-step-section";

/**
 * The gate of a member an Owner requires a second factor of (docs/PRODUCT-RULES.md#second-factor):
 * it reads `secondFactor.setupNeeded` from GET /auth/me, the query the shell makes anyway.
 */

const MEMBER: Me = { email: "editor@example.com", role: "admin", level: "editor", sites: null };
const required = (enabled: boolean): MemberSecondFactor => ({
  enabled,
  required: true,
  setupNeeded: !enabled,
});
const me = (secondFactor: MemberSecondFactor) => ({
  body: { status: "success", data: meData(MEMBER, secondFactor) },
});

/** A screen of the app, which reads the member as the shell does. */
function AppScreen() {
  return <h1>Signed in as {useMe().data?.email}</h1>;
}

/** The protected routes as app/routes/guards.tsx has them: the gate around the screen; no answer is loaded before. */
function renderDashboard(url: string, security: ReactNode) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <SecondFactorGate>
            <Link to="/apkw">APKW</Link>
            <Outlet />
          </SecondFactorGate>
        ),
        children: [
          { path: paths.security, element: security },
          { path: "/apkw", element: <AppScreen /> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  renderRouter(router);
  return { path: () => router.state.location.pathname };
}

const requests = (calls: Call[]) => calls.map((call) => `${call.method} ${call.path}`);

beforeEach(() => {
  captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe("SecondFactorGate", () => {
  it("sends a member who must set up a second factor to Security, from GET /auth/me alone", async () => {
    const calls = fakeApi({ "GET /auth/me": me(required(false)) }, MEMBER);
    const { path } = renderDashboard("/apkw", <h1>Security</h1>);
    expect(await screen.findByRole("heading", { name: "Security" })).toBeInTheDocument();
    expect(path()).toBe(paths.security);
    // One request for the gate and the screen's member, and none to /auth/second-factor.
    expect(requests(calls)).toEqual(["GET /auth/me"]);
  });

  it("shows the app to a member who needs no set-up, without asking for /auth/second-factor", async () => {
    const calls = fakeApi({ "GET /auth/me": me(required(true)) }, MEMBER);
    const { path } = renderDashboard("/apkw", <h1>Security</h1>);
    expect(await screen.findByRole("heading", { name: `Signed in as ${MEMBER.email}` })).toBeInTheDocument();
    expect(path()).toBe("/apkw");
    expect(requests(calls)).toEqual(["GET /auth/me"]);
  });

  it("shows the set-up screen, and lets the member in once two-step verification is on, without a reload", async () => {
    const user = userEvent.setup();
    let enabled = false;
    const status = (): SecondFactorStatus => ({
      totp: enabled,
      recoveryCodesLeft: enabled ? 10 : 0,
      passkeys: [],
      required: true,
      setupNeeded: !enabled,
      canRequire: false,
    });
    const calls = fakeApi(
      {
        "GET /auth/me": () => me(required(enabled)),
        "GET /auth/second-factor": () => ({ body: { status: "success", data: status() } }),
        "POST /auth/totp/setup": {
          body: {
            status: "success",
            data: { secret: "JBSWY3DPEHPK3PXP", uri: "otpauth://totp/x", qrSvg: "<svg/>" },
          },
        },
        "POST /auth/totp/confirm": () => {
          enabled = true;
          return { body: { status: "success", data: { recoveryCodes: ["abcd2-efgh2"] } } };
        },
      },
      MEMBER,
    );
    const { path } = renderDashboard("/apkw", <TwoStepSection />);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "An Owner requires a second factor for every member.",
    );
    expect(path()).toBe(paths.security);
    // Until it is set up, the app's links lead back to Security.
    await user.click(screen.getByRole("link", { name: "APKW" }));
    expect(path()).toBe(paths.security);

    await user.click(await screen.findByRole("button", { name: "Set up two-step verification" }));
    await user.type(await screen.findByLabelText("6-digit code"), "123456");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    await user.click(await screen.findByRole("button", { name: "I have saved them" }));
    // The confirmation refreshed GET /auth/me, which now needs no set-up.
    await waitFor(() =>
      expect(requests(calls).lastIndexOf("GET /auth/me")).toBeGreaterThan(
        requests(calls).indexOf("POST /auth/totp/confirm"),
      ),
    );

    await user.click(screen.getByRole("link", { name: "APKW" }));
    expect(await screen.findByRole("heading", { name: `Signed in as ${MEMBER.email}` })).toBeInTheDocument();
    expect(path()).toBe("/apkw");
  });
});
