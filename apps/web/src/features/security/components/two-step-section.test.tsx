import type { SecondFactorStatus } from "@backoffice/contracts/second-factor";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt, type ShownToast } from "@/lib/screen.testing";
import { TwoStepSection } from "./two-step-section";

/** Two-step verification's set-up (docs/PRODUCT-RULES.md#second-factor); the journey is e2e/second-factor.e2e.ts. */

const off: SecondFactorStatus = {
  totp: false,
  recoveryCodesLeft: 0,
  passkeys: [],
  required: false,
  setupNeeded: false,
  canRequire: false,
};
const codes = Array.from({ length: 10 }, (_, i) => `abcd${i + 2}-efgh${i + 2}`);
const status = (data: SecondFactorStatus) => ({ body: { status: "success", data } });

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe("Security: Two-step verification", () => {
  it("sets up with a QR code and the key, takes effect with one code, then shows the recovery codes once", async () => {
    const user = userEvent.setup();
    let current = off;
    const calls = fakeApi({
      "GET /auth/second-factor": () => status(current),
      "POST /auth/totp/setup": {
        body: {
          status: "success",
          data: { secret: "JBSWY3DPEHPK3PXP", uri: "otpauth://totp/x", qrSvg: "<svg/>" },
        },
      },
      "POST /auth/totp/confirm": (call) => {
        if ((call.body as { code: string }).code !== "123456")
          return { status: 400, body: { status: "fail", message: "Invalid code" } };
        current = { ...off, totp: true, recoveryCodesLeft: 10 };
        return { body: { status: "success", data: { recoveryCodes: codes } } };
      },
    });
    renderAt("/settings/security", <TwoStepSection />);
    expect(screen.getByRole("heading", { level: 2, name: "Two-step verification" })).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Set up two-step verification" }));

    expect(
      await screen.findByRole("img", { name: "QR code to scan with your authenticator app" }),
    ).toBeInTheDocument();
    expect(screen.getByText("JBSWY3DPEHPK3PXP")).toBeInTheDocument();

    const code = screen.getByLabelText("6-digit code");
    await user.type(code, "12");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    // The contract's "code must be a 6-digit code" is `invalid_format`, said for people at the field.
    expect(await screen.findByText("Check the format of this field.")).toBeInTheDocument();
    expect(calls.some((call) => call.path === "/auth/totp/confirm")).toBe(false);

    await user.clear(code);
    await user.type(code, "654321");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByText("Invalid code")).toBeInTheDocument();
    expect(code).toHaveAttribute("aria-invalid", "true");

    await user.clear(code);
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    const list = within(await screen.findByRole("list", { name: "Your recovery codes" }));
    expect(list.getAllByRole("listitem").map((item) => item.textContent)).toEqual(codes);
    expect(toasts).toContainEqual(expect.objectContaining({ title: "Two-step verification is on" }));

    await user.click(screen.getByRole("button", { name: "I have saved them" }));
    expect(await screen.findByText("10 recovery codes left.", { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Your recovery codes" })).toBeNull();
    expect(screen.getByRole("button", { name: "Turn off" })).toBeInTheDocument();
  });

  it("tells a member an Owner requires a second factor", async () => {
    fakeApi({ "GET /auth/second-factor": status({ ...off, required: true, setupNeeded: true }) });
    renderAt("/settings/security", <TwoStepSection />);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "An Owner requires a second factor for every member.",
    );
  });
});
