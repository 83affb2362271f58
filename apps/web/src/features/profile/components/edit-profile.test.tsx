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
});
