import type { ApiToken, Webhook } from "@backoffice/contracts/integrations";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, type Routes, renderAt, type ShownToast } from "@/lib/screen.testing";
import { IntegrationsScreen } from "./integrations-screen";

const token: ApiToken = {
  _id: "a".repeat(24),
  name: "CDN purge",
  sites: ["apkw"],
  access: "read",
  resources: null,
  prefix: "bo_AbCdEfGh",
  createdAt: "2026-11-20T10:00:00Z",
  createdBy: "admin@example.com",
  expiresAt: null,
  lastUsedAt: "2026-11-21T09:05:00Z",
  lastUsedAddress: "203.0.113.9",
};
const endpoint: Webhook = {
  _id: "b".repeat(24),
  url: "https://www.example.com/hooks",
  sites: ["apkw"],
  events: ["apps.created"],
  active: true,
  disabledReason: null,
  failingSince: null,
  createdAt: "2026-11-20T10:00:00Z",
  previousSecretUntil: null,
};
const SECRET_TOKEN = `bo_${"x".repeat(43)}`;
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const listed = <T,>(data: T[]) => ({ body: { status: "success", data } });

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

const api = (routes: Routes = {}) =>
  fakeApi({
    "GET /tokens": listed([token]),
    "GET /webhooks": listed([endpoint]),
    "GET /history/retention": { body: { status: "success", data: { days: null } } },
    ...routes,
  });

describe("Integrations", () => {
  it("lists tokens with their prefix and last use, never the token", async () => {
    api();
    renderAt("/settings/integrations", <IntegrationsScreen />);
    const list = within(await screen.findByRole("list", { name: "API tokens" }));
    expect(list.getByText("CDN purge")).toBeInTheDocument();
    expect(list.getByText("bo_AbCdEfGh…")).toBeInTheDocument();
    expect(
      list.getByText("Last used 21/11/2026 09:05 from 203.0.113.9", { exact: false }),
    ).toBeInTheDocument();
  });

  it("lists what a token is limited to", async () => {
    api({
      "GET /tokens": listed([
        token,
        { ...token, _id: "d".repeat(24), name: "Ads sync", resources: ["ads", "matches"] },
      ]),
    });
    renderAt("/settings/integrations", <IntegrationsScreen />);
    const list = within(await screen.findByRole("list", { name: "API tokens" }));
    const [all, limited] = list.getAllByRole("listitem");
    expect(within(all!).getByText("Every resource")).toBeInTheDocument();
    expect(within(limited!).getByText("Only Ads; Matches, Servers")).toBeInTheDocument();
  });

  it("limits a new token to some resources of its sites, by keyboard; none ticked is every resource", async () => {
    const user = userEvent.setup();
    const calls = api({
      "POST /tokens": {
        status: 201,
        body: { status: "success", data: { ...token, resources: ["apps"], token: SECRET_TOKEN } },
      },
    });
    renderAt("/settings/integrations", <IntegrationsScreen />);
    await user.click(await screen.findByRole("button", { name: "Create token" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Create API token" }));
    const group = dialog.getByRole("group", { name: "Resources (optional)" });
    expect(group).toHaveAccessibleDescription(/^None ticked: every resource of its sites/);
    const resources = within(group);
    await user.type(dialog.getByRole("textbox", { name: "Name" }), "Apps sync");
    // APKW and SportBN ticked: their resources are offered, not the movies site's own.
    await user.click(dialog.getByRole("checkbox", { name: "APKW" }));
    await user.click(dialog.getByRole("checkbox", { name: "SportBN" }));
    expect(resources.getByRole("checkbox", { name: /^Matches, Servers/ })).toBeInTheDocument();
    expect(resources.queryByRole("checkbox", { name: /^Movies & TV/ })).not.toBeInTheDocument();
    // Ticked with the keyboard (Space on the focused box).
    resources.getByRole("checkbox", { name: /^Apps & Games/ }).focus();
    await user.keyboard(" ");
    await user.click(resources.getByRole("checkbox", { name: /^Matches, Servers/ }));
    expect(resources.getByRole("checkbox", { name: /^Apps & Games/ })).toBeChecked();
    // SportBN unticked: its matches leave the limit, the apps stay.
    await user.click(dialog.getByRole("checkbox", { name: "SportBN" }));
    expect(resources.queryByRole("checkbox", { name: /^Matches, Servers/ })).not.toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Create token" }));
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      body: { name: "Apps sync", sites: ["apkw"], resources: ["apps"] },
    });
  });

  it("shows a created token once, with Copy; closed, it is gone", async () => {
    const calls = api({
      "POST /tokens": {
        status: 201,
        body: {
          status: "success",
          data: { ...token, _id: "c".repeat(24), name: "Importer", token: SECRET_TOKEN },
        },
      },
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderAt("/settings/integrations", <IntegrationsScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Create token" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Create API token" }));
    await userEvent.type(dialog.getByRole("textbox", { name: "Name" }), "Importer");
    await userEvent.click(dialog.getByRole("checkbox", { name: "APKW" }));
    await userEvent.click(dialog.getByRole("button", { name: "Create token" }));
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      path: "/tokens",
      body: { name: "Importer", sites: ["apkw"], access: "read", resources: null, expiresInDays: 90 },
    });
    const shown = within(await screen.findByRole("dialog", { name: "Token Importer created" }));
    expect(shown.getByRole("textbox", { name: "API token" })).toHaveValue(SECRET_TOKEN);
    expect(shown.getByText("Copy it now: it will not be shown again.")).toBeInTheDocument();
    await userEvent.click(shown.getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith(SECRET_TOKEN);
    await userEvent.click(shown.getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET_TOKEN);
    // Opened again, the dialog starts from its form: the token is not shown twice.
    await userEvent.click(screen.getAllByRole("button", { name: "Create token" })[0]!);
    expect(await screen.findByRole("dialog", { name: "Create API token" })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET_TOKEN);
  });

  it("names the field the server refuses", async () => {
    api({
      "POST /tokens": {
        status: 400,
        body: {
          status: "fail",
          message: "Validation failed",
          errors: [{ path: "name", message: "name is already used by another token", code: "invalid" }],
        },
      },
    });
    renderAt("/settings/integrations", <IntegrationsScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Create token" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Create API token" }));
    await userEvent.type(dialog.getByRole("textbox", { name: "Name" }), "x");
    await userEvent.click(dialog.getByRole("checkbox", { name: "APKW" }));
    await userEvent.click(dialog.getByRole("button", { name: "Create token" }));
    expect(
      await dialog.findByText("name is already used by another token", { exact: false }),
    ).toBeInTheDocument();
  });

  it("revokes a token after a confirmation naming it", async () => {
    const calls = api({
      [`DELETE /tokens/${token._id}`]: { body: { status: "success", message: "API token revoked" } },
    });
    renderAt("/settings/integrations", <IntegrationsScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Revoke CDN purge" }));
    const confirm = within(await screen.findByRole("alertdialog"));
    expect(confirm.getByText("Revoke the token CDN purge?")).toBeInTheDocument();
    await userEvent.click(confirm.getByRole("button", { name: "Revoke" }));
    expect(calls.at(-2)).toMatchObject({ method: "DELETE", path: `/tokens/${token._id}` });
    expect(toasts.at(-1)).toMatchObject({ title: "Token CDN purge revoked" });
  });

  it("shows a new endpoint's secret once; lists deliveries with Redeliver; sends a test event", async () => {
    const calls = api({
      "POST /webhooks": { status: 201, body: { status: "success", data: { ...endpoint, secret: SECRET } } },
      [`GET /webhooks/${endpoint._id}/deliveries`]: listed([
        {
          _id: "7",
          messageId: "msg_h7",
          event: "apps.created",
          status: "pending",
          attempts: 2,
          responseStatus: 500,
          latencyMs: 31,
          response: "down for now",
          createdAt: "2026-11-21T09:00:00Z",
          lastAttemptAt: "2026-11-21T09:05:00Z",
          nextAttemptAt: "2026-11-21T09:10:00Z",
        },
      ]),
      [`POST /webhooks/${endpoint._id}/deliveries/7/redeliver`]: { body: { status: "success", data: {} } },
      [`POST /webhooks/${endpoint._id}/test`]: { status: 201, body: { status: "success", data: {} } },
    });
    renderAt("/settings/integrations", <IntegrationsScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Add endpoint" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add webhook endpoint" }));
    await userEvent.type(dialog.getByRole("textbox", { name: "URL" }), "https://www.example.com/hooks");
    await userEvent.click(dialog.getByRole("checkbox", { name: "APKW" }));
    await userEvent.click(dialog.getByRole("checkbox", { name: "apps.created" }));
    await userEvent.click(dialog.getByRole("button", { name: "Add endpoint" }));
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      body: { url: "https://www.example.com/hooks", sites: ["apkw"], events: ["apps.created"] },
    });
    const shown = within(await screen.findByRole("dialog", { name: "Endpoint added" }));
    expect(shown.getByRole("textbox", { name: "Signing secret" })).toHaveValue(SECRET);
    await userEvent.click(shown.getByRole("button", { name: "Done" }));
    expect(document.body.textContent).not.toContain(SECRET);

    await userEvent.click(screen.getByRole("button", { name: "Deliveries" }));
    const log = within(await screen.findByRole("dialog", { name: "Deliveries" }));
    expect(await log.findByText("retrying")).toBeInTheDocument();
    expect(log.getByText("down for now")).toBeInTheDocument();
    await userEvent.click(log.getByRole("button", { name: "Redeliver apps.created msg_h7" }));
    expect(calls.some((call) => call.path === `/webhooks/${endpoint._id}/deliveries/7/redeliver`)).toBe(true);
    await userEvent.keyboard("{Escape}");

    await userEvent.click(screen.getByRole("button", { name: "Send test event" }));
    expect(
      calls.some((call) => call.method === "POST" && call.path === `/webhooks/${endpoint._id}/test`),
    ).toBe(true);
    expect(toasts.at(-1)).toMatchObject({ title: "Test event queued" });
  });

  it("History retention: for ever by default; an Owner picks a number of days, saved at once", async () => {
    const user = userEvent.setup();
    Element.prototype.scrollIntoView ??= () => {};
    Element.prototype.hasPointerCapture ??= () => false;
    Element.prototype.releasePointerCapture ??= () => {};
    const calls = api({
      "PUT /history/retention": (call) => ({
        body: {
          status: "success",
          data: { days: (call.body as { days: number | null }).days },
          message: "History retention saved",
        },
      }),
    });
    renderAt("/settings/integrations", <IntegrationsScreen />);
    const select = await screen.findByRole("combobox", { name: "Keep History entries" });
    expect(await within(select).findByText("For ever")).toBeInTheDocument();
    await user.click(select);
    await user.click(await screen.findByRole("option", { name: "90 days" }));
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ days: 90 });
    expect(toasts.map((toast) => toast.title)).toContain("History retention saved");
  });
});
