import type { TeamMember } from "@backoffice/contracts/team";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, type Routes, renderAt, type ShownToast } from "@/lib/screen.testing";
import { TeamScreen } from "./team-screen";

const owner: TeamMember = {
  _id: "a".repeat(24),
  email: "admin@example.com",
  level: "owner",
  sites: null,
  status: "active",
  secondFactor: true,
  lastSignInAt: "2026-11-20T10:05:00Z",
  expiresAt: null,
};
const editor: TeamMember = {
  _id: "b".repeat(24),
  email: "ed@example.com",
  level: "editor",
  sites: ["sportbn", "movies"],
  status: "disabled",
  secondFactor: false,
  lastSignInAt: null,
  expiresAt: null,
};
const invited: TeamMember = {
  _id: "c".repeat(24),
  email: "new@example.com",
  level: "viewer",
  sites: ["apkw"],
  status: "invited",
  secondFactor: false,
  lastSignInAt: null,
  expiresAt: "2099-11-23T10:00:00Z",
};
/** The last write sent (each write reloads the list after it). */
const lastWrite = (calls: { method: string }[]) => calls.filter((call) => call.method !== "GET").at(-1);
const listed = (data: TeamMember[]) => ({ body: { status: "success", data } });
const done = (message: string) => ({ body: { status: "success", message } });

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

const api = (routes: Routes = {}) => fakeApi({ "GET /team": listed([owner, editor, invited]), ...routes });
const row = async (email: string) =>
  within((await screen.findByRole("rowheader", { name: email })).closest("tr")!);
const openActions = async (email: string) =>
  userEvent.click((await row(email)).getByRole("button", { name: `Actions for ${email}` }));

describe("Team", () => {
  it("lists each member's email, level, sites, status, second factor and last sign-in", async () => {
    api();
    renderAt("/settings/team", <TeamScreen />);
    expect(screen.getByRole("heading", { level: 1, name: "Team" })).toBeInTheDocument();
    const first = await row("admin@example.com");
    for (const text of ["Owner", "All sites", "Active", "On", "20/11/2026 10:05"])
      expect(first.getByText(text)).toBeInTheDocument();
    const second = await row("ed@example.com");
    for (const text of ["Editor", "SportBN, Movies", "Disabled", "Off", "Never"])
      expect(second.getByText(text)).toBeInTheDocument();
    const third = await row("new@example.com");
    expect(third.getByText("Invited")).toBeInTheDocument();
    expect(third.getByText(/^Link valid until/)).toBeInTheDocument();
  });

  it("invites with level and a subset of sites; a refused field shows its error at the field", async () => {
    const calls = api({
      "POST /team/invitations": (call) =>
        (call.body as { email: string }).email === "admin@example.com"
          ? {
              status: 400,
              body: {
                status: "fail",
                message: "email must be an address that is not a member yet",
                errors: [
                  {
                    path: "email",
                    message: "email must be an address that is not a member yet",
                    code: "taken",
                  },
                ],
              },
            }
          : {
              status: 201,
              body: { status: "success", data: invited, message: "An invitation was sent to x@example.com." },
            },
    });
    renderAt("/settings/team", <TeamScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Invite member" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Invite member" }));
    await userEvent.type(dialog.getByLabelText("Email"), "admin@example.com");
    // Some sites, none ticked: refused at the Sites field before anything is sent.
    await userEvent.click(dialog.getByRole("checkbox", { name: "All sites (also ones added later)" }));
    await userEvent.click(dialog.getByRole("button", { name: "Send invitation" }));
    expect(await dialog.findByText("Choose at least one site.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    await userEvent.click(dialog.getByRole("checkbox", { name: "APKW" }));
    await userEvent.click(dialog.getByRole("button", { name: "Send invitation" }));
    // The server's refusal is placed by its code (`taken`), in the dashboard's words.
    expect(await dialog.findByText("Already in use: enter another.")).toBeInTheDocument();
    expect(dialog.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");

    await userEvent.clear(dialog.getByLabelText("Email"));
    await userEvent.type(dialog.getByLabelText("Email"), "x@example.com");
    await userEvent.click(dialog.getByRole("button", { name: "Send invitation" }));
    expect(lastWrite(calls)).toMatchObject({
      method: "POST",
      path: "/team/invitations",
      body: { email: "x@example.com", level: "editor", sites: ["apkw"] },
    });
    expect(toasts).toContainEqual(
      expect.objectContaining({
        title: "Invitation sent",
        description: "An invitation was sent to x@example.com.",
      }),
    );
  });

  it("changes a member's level and sites", async () => {
    const calls = api({
      [`PATCH /team/members/${editor._id}`]: done("ed@example.com's access was changed."),
    });
    renderAt("/settings/team", <TeamScreen />);
    await openActions("ed@example.com");
    await userEvent.click(await screen.findByRole("menuitem", { name: "Change level and sites" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Change access of ed@example.com" }));
    await userEvent.click(dialog.getByRole("checkbox", { name: "Movies" }));
    await userEvent.click(dialog.getByRole("button", { name: "Save" }));
    expect(lastWrite(calls)).toMatchObject({
      method: "PATCH",
      body: { level: "editor", sites: ["sportbn"] },
    });
    expect(toasts.at(-1)).toMatchObject({ title: "Access changed" });
  });

  it("confirms each destructive action naming the member, and shows the server's refusal", async () => {
    const calls = api({
      [`DELETE /team/members/${editor._id}`]: {
        status: 409,
        body: { status: "fail", message: "The team needs at least one active Owner." },
      },
      [`POST /team/invitations/${invited._id}/resend`]: done("A new invitation was sent to new@example.com."),
    });
    renderAt("/settings/team", <TeamScreen />);
    await openActions("ed@example.com");
    expect(screen.getByRole("menuitem", { name: "Enable" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("menuitem", { name: "Remove" }));
    const confirm = within(await screen.findByRole("alertdialog"));
    expect(confirm.getByText("Remove ed@example.com from the team?")).toBeInTheDocument();
    await userEvent.click(confirm.getByRole("button", { name: "Remove" }));
    expect(lastWrite(calls)).toMatchObject({ method: "DELETE", path: `/team/members/${editor._id}` });
    expect(toasts.at(-1)).toMatchObject({
      title: "Could not remove the member",
      description: "The team needs at least one active Owner.",
    });

    // Resend is not destructive: no confirmation.
    await openActions("new@example.com");
    expect(screen.getByRole("menuitem", { name: "Revoke invitation" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("menuitem", { name: "Resend invitation" }));
    expect(toasts.at(-1)).toMatchObject({ title: "Invitation sent again" });

    // Cancelled: nothing sent.
    const before = calls.filter((c) => c.method !== "GET").length;
    await openActions("admin@example.com");
    await userEvent.click(screen.getByRole("menuitem", { name: "Sign out everywhere" }));
    const signOut = within(await screen.findByRole("alertdialog"));
    expect(signOut.getByText("Sign admin@example.com out everywhere?")).toBeInTheDocument();
    await userEvent.click(signOut.getByRole("button", { name: "Cancel" }));
    expect(calls.filter((c) => c.method !== "GET")).toHaveLength(before);
  });

  it("tells a member who is not an Owner that only an Owner can manage the team", async () => {
    api({
      "GET /team": { status: 403, body: { status: "fail", message: "Only an Owner can manage the team" } },
    });
    renderAt("/settings/team", <TeamScreen />);
    expect(await screen.findByText("Only an Owner can manage the team")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Invite member" })).not.toBeInTheDocument();
  });

  it("offers Try again when the team could not load", async () => {
    let fail = true;
    api({
      "GET /team": () =>
        fail ? { status: 500, body: { status: "error", message: "down" } } : listed([owner]),
    });
    renderAt("/settings/team", <TeamScreen />);
    expect(await screen.findByText("Could not load the team")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("rowheader", { name: "admin@example.com" })).toBeInTheDocument();
  });
});
