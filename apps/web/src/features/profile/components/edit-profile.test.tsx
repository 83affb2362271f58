import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt, type ShownToast } from "@/lib/screen.testing";
import { EditProfile } from "./edit-profile";

/** Edit Profile: a refusal with a field is said at the field once, never also in a toast. */

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe("Edit Profile", () => {
  it("a wrong current password is said at its field only; the save that then succeeds says Profile Updated", async () => {
    let wrong = true;
    fakeApi({
      "PUT /auth/me/edit-profile": () =>
        wrong
          ? { status: 400, body: { status: "fail", message: "Current password is incorrect" } }
          : {
              body: {
                status: "success",
                message: "Profile updated successfully",
                data: { user: { email: "new@example.com", role: "admin" } },
              },
            },
    });
    renderAt("/apkw/profile", <EditProfile />);
    const email = screen.getByLabelText("Email", { exact: true });
    await userEvent.clear(email);
    await userEvent.type(email, "new@example.com");
    await userEvent.type(screen.getByLabelText("Current Password"), "Not-my-passw0rd");
    await userEvent.click(screen.getByRole("button", { name: "Update Profile" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Current Password")).toHaveAccessibleDescription(
        "Current password is incorrect",
      ),
    );
    expect(screen.getByLabelText("Current Password")).toHaveFocus();
    expect(toasts).toEqual([]);

    wrong = false;
    await userEvent.click(screen.getByRole("button", { name: "Update Profile" }));
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({ title: "Profile Updated", description: "Profile updated successfully" }),
      ]),
    );
  });

  it("a new email waits for its code: the code card takes focus, a wrong code is said at the code, the right one changes the email", async () => {
    let confirmed = 0;
    fakeApi({
      "PUT /auth/me/edit-profile": () => ({
        body: {
          status: "success",
          message: "Enter the code we sent to new@example.com to change your email.",
          data: { user: { email: "admin@example.com", role: "admin" }, pendingEmail: "new@example.com" },
        },
      }),
      "POST /auth/me/email/confirm": () =>
        confirmed++ === 0
          ? {
              status: 400,
              body: {
                status: "fail",
                message: "The code is wrong or has expired. Save the new email again for a new code.",
              },
            }
          : {
              body: {
                status: "success",
                message: "Email changed successfully",
                data: { user: { email: "new@example.com", role: "admin" }, pendingEmail: null },
              },
            },
    });
    renderAt("/apkw/profile", <EditProfile />);
    const email = screen.getByLabelText("Email", { exact: true });
    await userEvent.clear(email);
    await userEvent.type(email, "new@example.com");
    await userEvent.type(screen.getByLabelText("Current Password"), "Admin-pass-1");
    await userEvent.click(screen.getByRole("button", { name: "Update Profile" }));
    const code = await screen.findByLabelText("Code");
    await waitFor(() => expect(code).toHaveFocus());
    expect(screen.getByText("new@example.com")).toBeInTheDocument();
    // Until the code, the form keeps the current email, and no toast repeats the card.
    expect(screen.getByLabelText("Email", { exact: true })).toHaveValue("admin@example.com");
    expect(toasts).toEqual([]);

    await userEvent.type(code, "123456");
    await userEvent.click(screen.getByRole("button", { name: "Confirm Email" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Code")).toHaveAccessibleDescription(
        "The code is wrong or has expired. Save the new email again for a new code.",
      ),
    );
    expect(toasts).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Confirm Email" }));
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({ title: "Email Changed", description: "Email changed successfully" }),
      ]),
    );
    expect(screen.queryByLabelText("Code")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Email", { exact: true })).toHaveValue("new@example.com");
  });
});
