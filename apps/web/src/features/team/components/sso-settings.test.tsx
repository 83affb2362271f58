import type { SsoSettings } from "@backoffice/contracts/sso";
import type { TeamMember } from "@backoffice/contracts/team";
import { screen, within } from "@testing-library/react";
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
const okta: SsoSettings["providers"][number] = {
  id: "b".repeat(24),
  label: "Okta",
  issuer: "https://acme.okta.example",
  clientId: "okta-client",
  groupRules: [{ group: "editors", level: "editor", sites: ["apkw"] }],
  groupsClaim: "groups",
  groupsScope: null,
  groupsAuthoritative: false,
  fromEnvironment: false,
};
const ok = (data: unknown) => ({
  body: { status: "success", data, message: "Single sign-on settings saved" },
});

beforeEach(() => void captureToasts());
afterEach(() => vi.unstubAllGlobals());

function teamScreen(shown: SsoSettings = settings) {
  const calls = fakeApi({
    "GET /team": ok([owner]),
    "GET /team/sso": ok(shown),
    [`PATCH /team/sso/providers/${okta.id}`]: {
      body: { status: "success", message: "Provider saved", data: okta },
    },
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

  it("edits a provider's group rules: a rule added, the source-of-truth switch, errors at the field", async () => {
    const calls = teamScreen({ ...settings, providers: [...settings.providers, okta] });
    expect(await screen.findByText("1 group rule")).toBeInTheDocument();
    // The environment's provider has no rules to edit.
    expect(screen.queryByRole("button", { name: "Group rules of Acme ID" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Group rules of Okta" }));
    const dialog = await screen.findByRole("dialog", { name: "Group rules of Okta" });
    expect(within(dialog).getByLabelText("Group")).toHaveValue("editors");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add rule" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save group rules" }));
    // The new rule's empty group is refused at its field; nothing is sent.
    const second = within(dialog).getByRole("region", { name: "Rule 2" });
    await vi.waitFor(() =>
      expect(within(second).getByLabelText("Group")).toHaveAttribute("aria-invalid", "true"),
    );
    expect(writes(calls)).toEqual([]);
    await userEvent.type(within(second).getByLabelText("Group"), "readers");
    await userEvent.click(
      within(dialog).getByRole("switch", { name: "The provider is the source of truth" }),
    );
    await userEvent.type(within(dialog).getByLabelText("Extra scope (optional)"), "groups");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save group rules" }));
    await vi.waitFor(() =>
      expect(writes(calls)).toEqual([
        {
          method: "PATCH",
          path: `/team/sso/providers/${okta.id}`,
          body: {
            groupRules: [
              { group: "editors", level: "editor", sites: ["apkw"] },
              { group: "readers", level: "viewer", sites: null },
            ],
            groupsClaim: "groups",
            groupsScope: "groups",
            groupsAuthoritative: true,
          },
        },
      ]),
    );
  });

  it("asks before removing rules, naming their groups", async () => {
    const calls = teamScreen({ ...settings, providers: [...settings.providers, okta] });
    await userEvent.click(await screen.findByRole("button", { name: "Group rules of Okta" }));
    const dialog = await screen.findByRole("dialog", { name: "Group rules of Okta" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove Rule 1 (editors)" }));
    expect(within(dialog).getByText("No rule yet: the groups give no access.")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Save group rules" }));
    const asked = await screen.findByRole("alertdialog", { name: "Remove the rules of editors?" });
    await userEvent.click(within(asked).getByRole("button", { name: "Cancel" }));
    expect(writes(calls)).toEqual([]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Save group rules" }));
    await userEvent.click(
      within(await screen.findByRole("alertdialog", { name: "Remove the rules of editors?" })).getByRole(
        "button",
        { name: "Remove and save" },
      ),
    );
    await vi.waitFor(() =>
      expect(writes(calls)).toEqual([
        {
          method: "PATCH",
          path: `/team/sso/providers/${okta.id}`,
          body: { groupRules: [], groupsClaim: "groups", groupsScope: null, groupsAuthoritative: false },
        },
      ]),
    );
  });
});
