import type { SecondFactorStatus } from "@backoffice/contracts/second-factor";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt } from "@/lib/screen.testing";
import { SecondFactorPolicy } from "./second-factor-policy";

/**
 * The Owner's switch (docs/PRODUCT-RULES.md#second-factor): turning the rule on first says how many
 * members it stops (`membersWithout` of GET /auth/second-factor); turning it off, or on when it
 * stops no one, asks nothing.
 */

const status = (required: boolean, membersWithout: number): SecondFactorStatus => ({
  totp: true,
  recoveryCodesLeft: 10,
  passkeys: [],
  required,
  setupNeeded: false,
  canRequire: true,
  membersWithout,
});

function api(required: boolean, membersWithout: number) {
  return fakeApi({
    "GET /auth/second-factor": { body: { status: "success", data: status(required, membersWithout) } },
    "PUT /auth/second-factor/policy": ({ body }) => ({
      body: { status: "success", data: body, message: "Saved" },
    }),
  });
}
const puts = (calls: ReturnType<typeof fakeApi>) =>
  calls.filter((call) => call.method === "PUT").map((call) => call.body);
const rule = () => screen.findByRole("switch", { name: /Require a second factor for everyone/ });

beforeEach(() => {
  captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe("Require a second factor for everyone", () => {
  it("asks first, naming how many members will have to set one up; Cancel changes nothing", async () => {
    const calls = api(false, 3);
    renderAt("/settings/security", <SecondFactorPolicy />);
    await userEvent.click(await rule());
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Require a second factor for everyone?")).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "3 members have no second factor and will have to set one up before anything else.",
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(await rule()).not.toBeChecked();
    expect(puts(calls)).toEqual([]);

    await userEvent.click(await rule());
    await userEvent.click(await screen.findByRole("button", { name: "Require it" }));
    await waitFor(() => expect(puts(calls)).toEqual([{ required: true }]));
  });

  it("says one member in the singular", async () => {
    api(false, 1);
    renderAt("/settings/security", <SecondFactorPolicy />);
    await userEvent.click(await rule());
    expect(
      await screen.findByText(
        "1 member has no second factor and will have to set one up before anything else.",
      ),
    ).toBeInTheDocument();
  });

  it.each([
    ["turns off", true, 2],
    ["turns on when every member has a second factor", false, 0],
  ])("%s without asking", async (_, required, without) => {
    const calls = api(required, without);
    renderAt("/settings/security", <SecondFactorPolicy />);
    await userEvent.click(await rule());
    await waitFor(() => expect(puts(calls)).toEqual([{ required: !required }]));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});
