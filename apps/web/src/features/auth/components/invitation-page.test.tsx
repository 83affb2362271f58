import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt, type ShownToast } from "@/lib/screen.testing";
import { clearSession, getSession } from "@/lib/session";
import { InvitationPage } from "./invitation-page";

const token = "t".repeat(43);
const state = (value: string, email: string | null = null) => ({
  body: { status: "success", data: { state: value, email } },
});

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

/** The fake API signs a session in; the invitee arrives signed out. */
function api(routes: Parameters<typeof fakeApi>[0]) {
  const calls = fakeApi(routes);
  clearSession();
  return calls;
}

describe("the invitation page", () => {
  it("sets a password with the profile's rules, then signs the new member in", async () => {
    const calls = api({
      [`GET /team/invitations/${token}`]: state("valid", "new@example.com"),
      [`POST /team/invitations/${token}/accept`]: {
        body: {
          status: "success",
          data: { user: { email: "new@example.com", role: "admin" }, token: "session-token" },
          message: "Welcome to the team.",
        },
      },
    });
    const { location } = renderAt(`/invitation/${token}`, <InvitationPage token={token} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Join the team" })).toBeInTheDocument();
    expect(await screen.findByText("Choose a password for new@example.com.")).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("Password"), "short");
    await userEvent.type(screen.getByLabelText("Confirm Password"), "short");
    await userEvent.click(screen.getByRole("button", { name: "Set password and sign in" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Password must be at least 8 characters long");

    await userEvent.clear(screen.getByLabelText("Confirm Password"));
    await userEvent.type(screen.getByLabelText("Password"), "-and-long-1");
    await userEvent.type(screen.getByLabelText("Confirm Password"), "something else");
    await userEvent.click(screen.getByRole("button", { name: "Set password and sign in" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Passwords do not match");
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    await userEvent.clear(screen.getByLabelText("Confirm Password"));
    await userEvent.type(screen.getByLabelText("Confirm Password"), "short-and-long-1");
    await userEvent.click(screen.getByRole("button", { name: "Set password and sign in" }));
    expect(calls.at(-1)).toMatchObject({ method: "POST", body: { password: "short-and-long-1" } });
    expect(getSession()).toEqual({
      token: "session-token",
      user: { email: "new@example.com", role: "admin" },
    });
    // The welcome says something new under its title, not "Welcome to the team." again.
    expect(toasts.at(-1)).toMatchObject({ title: "Welcome to the team", description: "You are signed in." });
    await waitFor(() => expect(location()).toBe("/"));
  });

  it.each([
    ["expired", "This invitation has expired"],
    ["used", "This invitation was already used"],
    ["revoked", "This invitation was revoked"],
  ])("a %s link shows a clear page, not an error", async (value, title) => {
    api({ [`GET /team/invitations/${token}`]: state(value) });
    renderAt(`/invitation/${token}`, <InvitationPage token={token} />);
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.queryByLabelText("Password")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/login");
  });

  it("an unknown or tampered link says it is not valid", async () => {
    api({
      [`GET /team/invitations/${token}`]: {
        status: 404,
        body: { status: "fail", message: "This invitation link is not valid." },
      },
    });
    renderAt(`/invitation/${token}`, <InvitationPage token={token} />);
    expect(
      await screen.findByRole("heading", { level: 1, name: "This invitation link is not valid" }),
    ).toBeInTheDocument();
  });

  it("a link used elsewhere meanwhile shows its page after the submit", async () => {
    let used = false;
    api({
      [`GET /team/invitations/${token}`]: () => (used ? state("used") : state("valid", "new@example.com")),
      [`POST /team/invitations/${token}/accept`]: () => {
        used = true;
        return { status: 410, body: { status: "fail", message: "This invitation was already used." } };
      },
    });
    renderAt(`/invitation/${token}`, <InvitationPage token={token} />);
    await userEvent.type(await screen.findByLabelText("Password"), "Long-enough-1");
    await userEvent.type(screen.getByLabelText("Confirm Password"), "Long-enough-1");
    await userEvent.click(screen.getByRole("button", { name: "Set password and sign in" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "This invitation was already used" }),
    ).toBeInTheDocument();
  });
});
