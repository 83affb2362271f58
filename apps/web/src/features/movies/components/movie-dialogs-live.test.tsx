import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { receiveLiveEvent } from "@/hooks/use-live-events";
import { captureToasts, fakeApi, renderAt } from "@/lib/screen.testing";
import { movieItem } from "../utils/movie-item.testing";
import { MoviesListScreen } from "./movies-list-screen";

// The Edit dialog while someone else changes the title (docs/PRODUCT-RULES.md#live-updates): it
// says so before the save, and the save carries the version it loaded (the api's 409:
// apps/api/src/routes/catalog/titles-history.test.ts).

const loaded = movieItem("t1", "Heat", { updatedAt: "2026-11-20T10:00:00.000Z" });
const CONFLICT = "This record was changed by someone else since you opened it. Reload it before saving.";

afterEach(() => vi.unstubAllGlobals());

describe("Edit Movie while someone else changes the title", () => {
  it("says who changed it, sends the loaded version with the save and shows the 409's message", async () => {
    const toasts = captureToasts();
    const calls = fakeApi({
      "GET /movies/catalog": { body: [loaded] },
      [`GET /movies/history/titles/${loaded._id}`]: { body: { status: "success", data: [] } },
      [`PATCH /movies/catalog/${loaded._id}`]: { status: 409, body: { status: "fail", message: CONFLICT } },
    });
    const { client } = renderAt("/movies/list", <MoviesListScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Edit Heat" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByRole("alert")).toBeNull();

    const change = (id: string, email: string) =>
      receiveLiveEvent(client, {
        type: "record",
        site: "movies",
        resource: "titles",
        id,
        action: "update",
        actor: { id: "u2", email },
      });
    // Another title's change is not this dialog's.
    act(() => change("t2", "someone@example.com"));
    expect(within(dialog).queryByRole("alert")).toBeNull();
    act(() => change(loaded._id, "editor@example.com"));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "This record was changed by editor@example.com while you were editing it. Saving now would be refused: close this dialog and open the record again to see the change.",
    );

    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(toasts).toEqual([expect.objectContaining({ title: `Update failed: ${CONFLICT}` })]),
    );
    const patch = calls.find((call) => call.method === "PATCH")!;
    expect(patch.headers.get("if-match")).toBe(`"${loaded.updatedAt}"`);
  });
});
