import type { SsoSettings } from "@backoffice/contracts/sso";
import type { TeamMember } from "@backoffice/contracts/team";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt } from "@/lib/screen.testing";
import { TeamScreen } from "./team-screen";

// The Team screen's single sign-on card (docs/SSO.md).
const owner: TeamMember = {
  _id: "a".repeat(24),
  email: "admin@example.com",
  level: "owner",
  sites: null,
  status: "active",
  secondFactor: true,
  lastSignInAt: null,
  expiresAt: null,
};
const settings: SsoSettings = {
  ssoOnly: false,
  breakGlass: [],
  domains: [{ domain: "partner.example", level: "viewer", sites: ["apkw"] }],
  providers: [
    {
      id: "env",
      label: "Acme ID",
      issuer: "https://id.acme.example",
      clientId: "backoffice",
      groupRules: [],
      groupsClaim: "groups",
      groupsScope: null,
      groupsAuthoritative: false,
      fromEnvironment: true,
    },
  ],
  redirectUrl: "https://admin.example.com/api/v1/auth/oidc/callback",
};
const ok = (data: unknown) => ({
  body: { status: "success", data, message: "Single sign-on settings saved" },
});

beforeEach(() => void captureToasts());
afterEach(() => vi.unstubAllGlobals());

function teamScreen() {
  const calls = fakeApi({
    "GET /team": ok([owner]),
    "GET /team/sso": ok(settings),
    "PUT /team/sso": ok(settings),
    "POST /team/sso/providers": {
      status: 201,
      body: { status: "success", message: "Provider saved", data: {} },
    },
  });
  renderAt("/settings/team", <TeamScreen />);
  return calls;
}
const writes = (calls: { method: string; path: string; body?: unknown }[]) =>
  calls.filter((call) => call.method !== "GET").map(({ method, path, body }) => ({ method, path, body }));

describe("Single sign-on settings", () => {
  it("shows the providers, the redirect URL and the allowed domains", async () => {
    teamScreen();
    expect(await screen.findByText("Acme ID")).toBeInTheDocument();
    expect(screen.getByText("Set by the environment")).toBeInTheDocument();
    expect(screen.getByText(settings.redirectUrl)).toBeInTheDocument();
    expect(screen.getByText("partner.example")).toBeInTheDocument();
  });

  it("turns on Sign in with SSO only and marks a break-glass Owner", async () => {
    const calls = teamScreen();
    await userEvent.click(await screen.findByRole("switch", { name: "Sign in with SSO only" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "admin@example.com" }));
    expect(writes(calls)).toEqual([
      {
        method: "PUT",
        path: "/team/sso",
        body: { ssoOnly: true, breakGlass: [], domains: settings.domains },
      },
      {
        method: "PUT",
        path: "/team/sso",
        body: { ssoOnly: false, breakGlass: [owner._id], domains: settings.domains },
      },
    ]);
  });

  it("adds a provider with its secret, and refuses an issuer that is no URL", async () => {
    const calls = teamScreen();
    await userEvent.click(await screen.findByRole("button", { name: "Add provider" }));
    await userEvent.type(screen.getByLabelText("Button label"), "Google");
    await userEvent.type(screen.getByLabelText("Issuer URL"), "not a url");
    await userEvent.type(screen.getByLabelText("Client ID"), "id-1");
    await userEvent.type(screen.getByLabelText("Client secret"), "secret-1");
    await userEvent.click(screen.getByRole("button", { name: "Save provider" }));
    expect(
      await screen.findByText("Enter a web address starting with http:// or https://"),
    ).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    await userEvent.clear(screen.getByLabelText("Issuer URL"));
    await userEvent.type(screen.getByLabelText("Issuer URL"), "https://accounts.google.com");
    await userEvent.click(screen.getByRole("button", { name: "Save provider" }));
    await vi.waitFor(() =>
      expect(writes(calls)).toEqual([
        {
          method: "POST",
          path: "/team/sso/providers",
          body: {
            label: "Google",
            issuer: "https://accounts.google.com",
            clientId: "id-1",
            clientSecret: "secret-1",
          },
        },
      ]),
    );
  });
});
