import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it, vi } from "vitest";
import { NewPasswordForm } from "./new-password-form";

/** The reset's last step and the invitation page share this form, and so its rules. */
function renderForm() {
  const onSubmit = vi.fn(async () => {});
  render(
    <NewPasswordForm
      label="Choose a new password"
      passwordLabel="New Password"
      confirmPlaceholder="Repeat the new password"
      onSubmit={onSubmit}
      pending={false}
      pendingText="Resetting..."
    >
      Reset Password
    </NewPasswordForm>,
  );
  return onSubmit;
}

async function submit(password: string, confirm = password) {
  const user = userEvent.setup();
  const [first, second] = [screen.getByLabelText("New Password"), screen.getByLabelText("Confirm Password")];
  await user.clear(first);
  await user.clear(second);
  if (password) await user.click(first).then(() => user.paste(password));
  if (confirm) await user.click(second).then(() => user.paste(confirm));
  await user.click(screen.getByRole("button", { name: "Reset Password" }));
}

it.each([
  ["", "", "Please fill in all fields"],
  ["password-1", "password-2", "Passwords do not match"],
  ["short", "short", "Password must be at least 8 characters long"],
  ["p".repeat(257), "p".repeat(257), "password must be at most 256 characters"],
])("refuses %j / %j above the fields: %s", async (password, confirm, message) => {
  const onSubmit = renderForm();
  await submit(password, confirm);
  expect(await screen.findByRole("alert")).toHaveTextContent(message);
  expect(onSubmit).not.toHaveBeenCalled();
});

it("submits a password the server's rule accepts", async () => {
  const onSubmit = renderForm();
  await submit("p".repeat(256));
  expect(onSubmit).toHaveBeenCalledWith("p".repeat(256));
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});
