import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Call, captureToasts, fakeApi, renderAt, type ShownToast, setWidth } from "@/lib/screen.testing";
import { ContactsScreen } from "./contacts-screen";

/**
 * Manage Contacts: a delete says what happened in the singular for one message, and focus stays in
 * the table after it (docs/PRODUCT-RULES.md#forms-dialogs-and-lists).
 */

const message = (id: string, email: string) => ({
  _id: id,
  email,
  firstName: "Ada",
  lastName: "Lovelace",
  subject: "Hello",
  message: "A question.",
  page: "https://movies.example/contact",
  createdAt: "2026-11-20T10:00:00Z",
  readAt: null,
  answeredAt: null,
});

let toasts: ShownToast[];
let calls: Call[];
beforeEach(() => {
  toasts = captureToasts();
  setWidth(1280);
  let held = [message("c2", "second@example.com"), message("c1", "first@example.com")];
  calls = fakeApi({
    "PUT /movies/contacts/seen": {
      body: { status: "success", data: { seenAt: "2026-11-26T10:00:00.000Z" } },
    },
    "GET /movies/contacts": () => ({
      body: { status: "success", data: held, pagination: { page: 1, numberOfPages: 1 }, result: held.length },
    }),
    "DELETE /movies/contacts": ({ body }) => {
      const ids = (body as { ids: string[] }).ids;
      held = held.filter((m) => !ids.includes(m._id));
      // The server counts in the plural whatever the number.
      return { body: { status: "success", message: "Messages deleted successfully", deleted: ids.length } };
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("Manage Contacts: deleting one message", () => {
  it("toasts Message deleted, described in the singular, and focuses the next row's Delete", async () => {
    renderAt("/movies/emails", <ContactsScreen />);
    const remove = await screen.findByRole("button", { name: "Delete second@example.com" });
    remove.focus();
    await userEvent.keyboard("{Enter}");
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this message?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({
          title: "Message deleted",
          description: "The message from second@example.com was removed.",
        }),
      ]),
    );
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Delete first@example.com" })).toHaveFocus(),
    );
  });
});

describe("Manage Contacts: opening the inbox", () => {
  it("records it for the member, so the overview's unread counts from now (docs/PRODUCT-RULES.md#overview)", async () => {
    renderAt("/movies/emails", <ContactsScreen />);
    await screen.findByRole("button", { name: "Delete second@example.com" });
    await waitFor(() =>
      expect(calls.filter((call) => call.method === "PUT").map((call) => call.path)).toContain(
        "/movies/contacts/seen",
      ),
    );
  });
});
