import type { Ad } from "@backoffice/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { receiveLiveEvent } from "@/hooks/use-live-events";
import { captureToasts, fakeApi, renderAt } from "@/lib/screen.testing";
import { AdsScreen } from "./ads-screen";

// An edit dialog whose record changes elsewhere (docs/PRODUCT-RULES.md#live-updates): it says so
// before the save, and the save carries the version it loaded (the api's 409: live.test.ts).

const loaded: Ad = {
  _id: "68a0000000000000000000c1",
  page: "footer",
  url: "https://c.example.com/x",
  head: null,
  body: null,
  isActive: false,
  startsAt: null,
  endsAt: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
};
const CONFLICT = "This record was changed by someone else since you opened it. Reload it before saving.";

afterEach(() => vi.unstubAllGlobals());

describe("Edit Ad while someone else changes the ad", () => {
  it("says who changed it, sends the loaded version with the save and shows the 409's message", async () => {
    const toasts = captureToasts();
    const calls = fakeApi({
      "GET /apkw/ads": { body: { status: "success", data: [loaded] } },
      [`GET /apkw/history/ads/${loaded._id}`]: { body: { status: "success", data: [] } },
      [`PUT /apkw/ads/${loaded._id}`]: { status: 409, body: { status: "fail", message: CONFLICT } },
    });
    const { client } = renderAt("/apkw/ads", <AdsScreen />);
    const card = await screen.findByRole("article", { name: "footer" });
    await userEvent.click(within(card).getByRole("button", { name: "Edit ad footer" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByRole("alert")).toBeNull();

    const change = (id: string, email: string) =>
      receiveLiveEvent(client, {
        type: "record",
        site: "apkw",
        resource: "ads",
        id,
        action: "update",
        actor: { id: "u2", email },
      });
    // Another record's change is not this dialog's.
    act(() => change("68a0000000000000000000c2", "someone@example.com"));
    expect(within(dialog).queryByRole("alert")).toBeNull();
    act(() => change(loaded._id, "editor@example.com"));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "This record was changed by editor@example.com while you were editing it.",
    );

    await userEvent.click(within(dialog).getByRole("button", { name: "Update Ad" }));
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ description: CONFLICT })]));
    const put = calls.find((call) => call.method === "PUT")!;
    expect(put.headers.get("if-match")).toBe(`"${loaded.updatedAt}"`);
  });
});
