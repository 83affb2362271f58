import type { Locker } from "@backoffice/contracts";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { receiveLiveEvent } from "@/hooks/use-live-events";
import { captureToasts, fakeApi, renderAt } from "@/lib/screen.testing";
import { LockerScreen } from "./locker-screen";

// The locker form while someone else changes the locker (docs/PRODUCT-RULES.md#live-updates): it
// says so before the save, and the save carries the version it loaded, not the one a live update
// reloads (the api's 409: apps/api/src/routes/locker/admin.test.ts).

const locker = (updatedAt: string, seconds = 30): Locker => ({
  _id: "sportbn-locker",
  site: "sportbn",
  type: "js",
  seconds,
  isActive: true,
  startsAt: null,
  endsAt: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt,
});
const LOADED = "2026-11-20T10:00:00.000Z";
const CONFLICT = "This record was changed by someone else since you opened it. Reload it before saving.";

afterEach(() => vi.unstubAllGlobals());

describe("Manage Locker while someone else changes the locker", () => {
  it("says who changed it, sends the loaded version with the save and shows the 409's message", async () => {
    const toasts = captureToasts();
    let stored = locker(LOADED);
    const calls = fakeApi({
      "GET /sportbn/locker": () => ({ body: { status: "success", data: [stored] } }),
      "PUT /sportbn/locker/sportbn-locker": { status: 409, body: { status: "fail", message: CONFLICT } },
    });
    const { client } = renderAt("/sportbn/locker", <LockerScreen />);
    const form = await screen.findByRole("form", { name: "Locker settings" });
    expect(screen.queryByRole("alert")).toBeNull();

    const change = (id: string) =>
      receiveLiveEvent(client, {
        type: "record",
        site: "sportbn",
        resource: "locker",
        id,
        action: "update",
        actor: { id: "u2", email: "editor@example.com" },
      });
    // Another site's or record's change is not this form's.
    act(() => change("movies-locker"));
    expect(screen.queryByRole("alert")).toBeNull();
    // Someone else saves: the event reloads the locker, whose version is now theirs.
    stored = locker("2026-11-20T11:00:00.000Z", 90);
    act(() => change("sportbn-locker"));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This record was changed by editor@example.com while you were editing it. Saving now would be refused: reload the page to see the change.",
    );
    // The summary shows what was reloaded; the form keeps what the admin is editing.
    await waitFor(() =>
      expect(document.querySelector('[data-slot="summary-timer"]')).toHaveTextContent("90 seconds"),
    );

    await userEvent.clear(screen.getByLabelText("Timer (seconds)"));
    await userEvent.type(screen.getByLabelText("Timer (seconds)"), "45");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ description: CONFLICT })]));
    const put = calls.find((call) => call.method === "PUT")!;
    expect(put.headers.get("if-match")).toBe(`"${LOADED}"`);
    expect(form).toBeInTheDocument();
  });
});
