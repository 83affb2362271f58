import type { SecondFactorStatus } from "@backoffice/contracts/second-factor";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt, type ShownToast } from "@/lib/screen.testing";
import { PasskeysSection } from "./passkeys-section";

/** The Passkeys section's list rules (docs/PRODUCT-RULES.md#second-factor); adding one is e2e/second-factor.e2e.ts. */

const laptop = {
  id: "aaaaaaaaaaaaaaaaaaaaaaaa",
  name: "Work laptop",
  createdAt: "2026-11-20T08:00:00Z",
  lastUsedAt: null,
};
const status = (passkeys: SecondFactorStatus["passkeys"]) => ({
  body: {
    status: "success",
    data: {
      totp: false,
      recoveryCodesLeft: 0,
      passkeys,
      required: false,
      setupNeeded: false,
      canRequire: false,
    },
  },
});

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe("Security: Passkeys", () => {
  it("offers to add the first passkey when there is none", async () => {
    fakeApi({ "GET /auth/second-factor": status([]) });
    renderAt("/settings/security", <PasskeysSection />);
    expect(await screen.findByText("No passkeys yet")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Add a passkey" }));
    expect(await screen.findByRole("dialog", { name: "Add a passkey" })).toBeInTheDocument();
  });

  it("lists each passkey and removes one after a confirmation naming it", async () => {
    let passkeys = [laptop];
    const calls = fakeApi({
      "GET /auth/second-factor": () => status(passkeys),
      [`DELETE /auth/passkeys/${laptop.id}`]: () => {
        passkeys = [];
        return { body: { status: "success", message: "Passkey removed" } };
      },
    });
    renderAt("/settings/security", <PasskeysSection />);
    const list = within(await screen.findByRole("list", { name: "Passkeys" }));
    expect(list.getByText("Work laptop")).toBeInTheDocument();
    expect(list.getByText(/never used/)).toBeInTheDocument();
    await userEvent.click(list.getByRole("button", { name: "Remove Work laptop" }));
    const confirm = within(await screen.findByRole("alertdialog"));
    expect(confirm.getByText("Remove the passkey Work laptop?")).toBeInTheDocument();
    await userEvent.click(confirm.getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("No passkeys yet")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "DELETE")).toBe(true);
    expect(toasts).toContainEqual(expect.objectContaining({ title: "Passkey removed" }));
  });
});
