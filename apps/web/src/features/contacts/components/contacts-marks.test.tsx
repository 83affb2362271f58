import type { ContactMessage, Me } from "@backoffice/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Call, captureToasts, fakeApi, renderAt, type ShownToast } from "@/lib/screen.testing";
import { ContactsScreen } from "./contacts-screen";

// Manage Contacts: marks by hand, read, unread and answered (docs/PRODUCT-RULES.md#contacts-get-answered).

const message = (id: string, email: string, changes: Partial<ContactMessage> = {}): ContactMessage => ({
  _id: id,
  email,
  firstName: "Ada",
  lastName: "Lovelace",
  subject: "Broken player",
  message: "It stops.",
  page: null,
  createdAt: "2026-03-04T10:00:00.000Z",
  readAt: null,
  answeredAt: null,
  ...changes,
});
const ADA = "68a0000000000000000000a1";
const BOB = "68a0000000000000000000a2";
const MARKED_AT = "2026-03-05T08:00:00.000Z";

/** The movies inbox with Ada's unread message and Bob's read one; PATCH /contacts marks as asked. */
function inbox(me?: Me) {
  let rows = [
    message(ADA, "ada@example.com"),
    message(BOB, "bob@example.com", { readAt: "2026-03-04T11:00:00.000Z" }),
  ];
  return fakeApi(
    {
      "GET /config": { body: { status: "success", data: { sites: {}, mail: { smtp: true, from: "" } } } },
      "GET /movies/contacts": () => ({
        body: { status: "success", data: rows, pagination: { page: 1, numberOfPages: 1 }, result: 2 },
      }),
      "PUT /movies/contacts/seen": { body: { status: "success", data: { seenAt: MARKED_AT } } },
      [`GET /movies/contacts/${ADA}`]: () => ({
        body: { status: "success", data: { ...rows[0], replies: [] } },
      }),
      [`PATCH /movies/contacts/${ADA}/read`]: () => {
        rows = rows.map((row) => (row._id === ADA ? { ...row, readAt: MARKED_AT } : row));
        return { body: { status: "success", data: rows[0] } };
      },
      "PATCH /movies/contacts": ({ body }) => {
        const { ids, read, answered } = body as { ids: string[]; read?: boolean; answered?: boolean };
        rows = rows.map((row) =>
          ids.includes(row._id)
            ? {
                ...row,
                readAt: read === false ? null : read || answered ? (row.readAt ?? MARKED_AT) : row.readAt,
                answeredAt: answered === false ? null : answered ? MARKED_AT : row.answeredAt,
              }
            : row,
        );
        return {
          body: {
            status: "success",
            message: "Messages marked",
            data: rows.filter((row) => ids.includes(row._id)),
          },
        };
      },
    },
    me,
  );
}

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

const rowOf = async (email: string) => (await screen.findByText(email)).closest("tr")!;
const marks = (calls: Call[]) =>
  calls
    .filter((call) => call.method === "PATCH" && call.path === "/movies/contacts")
    .map((call) => call.body);

describe("Manage Contacts: marks by hand", () => {
  it("marks the selected messages read, unread or answered from Mark Selected, and says so", async () => {
    const user = userEvent.setup();
    const calls = inbox();
    renderAt("/movies/emails", <ContactsScreen />);
    await rowOf("ada@example.com");
    const menu = screen.getByRole("button", { name: "Mark Selected (0)" });
    // Nothing selected: nothing to mark.
    expect(menu).toBeDisabled();

    await user.click(screen.getByRole("checkbox", { name: "Select ada@example.com" }));
    await user.click(screen.getByRole("checkbox", { name: "Select bob@example.com" }));
    await user.click(screen.getByRole("button", { name: "Mark Selected (2)" }));
    expect((await screen.findAllByRole("menuitem")).map((item) => item.textContent)).toEqual([
      "Mark as read",
      "Mark as unread",
      "Mark as answered",
      "Mark as not answered",
    ]);
    await user.click(screen.getByRole("menuitem", { name: "Mark as answered" }));

    await waitFor(() => expect(marks(calls)).toEqual([{ ids: [ADA, BOB], answered: true }]));
    expect(toasts).toContainEqual(
      expect.objectContaining({ title: "Marked as answered", description: "2 messages marked as answered." }),
    );
    const ada = await rowOf("ada@example.com");
    await waitFor(() => expect(within(ada).getByText("Answered")).toBeInTheDocument());
    // Answered is read too: Ada's row is no longer bold.
    expect(within(ada).queryByText("Unread:")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Mark Selected (2)" }));
    await user.click(await screen.findByRole("menuitem", { name: "Mark as unread" }));
    await waitFor(() => expect(marks(calls)).toHaveLength(2));
    expect(marks(calls)[1]).toEqual({ ids: [ADA, BOB], read: false });
    await waitFor(() => expect(within(ada).getByText("Unread:")).toBeInTheDocument());
    expect(within(await rowOf("bob@example.com")).getByText("Unread:")).toBeInTheDocument();
  });

  it("marks one row from its own menu, which offers what would change it and opens nothing", async () => {
    const user = userEvent.setup();
    const calls = inbox();
    renderAt("/movies/emails", <ContactsScreen />);
    const ada = await rowOf("ada@example.com");
    await user.click(within(ada).getByRole("button", { name: "Mark ada@example.com" }));
    expect((await screen.findAllByRole("menuitem")).map((item) => item.textContent)).toEqual([
      "Mark as read",
      "Mark as answered",
    ]);
    await user.click(screen.getByRole("menuitem", { name: "Mark as read" }));
    await waitFor(() => expect(marks(calls)).toEqual([{ ids: [ADA], read: true }]));
    await waitFor(() => expect(within(ada).queryByText("Unread:")).toBeNull());
    // Neither the menu nor its item opened the message (no details, no read mark of opening).
    expect(screen.queryByRole("dialog", { name: "Message Details" })).toBeNull();
    expect(calls.some((call) => call.path === `/movies/contacts/${ADA}/read`)).toBe(false);
    expect(toasts).toContainEqual(
      expect.objectContaining({ title: "Marked as read", description: "1 message marked as read." }),
    );
    // Bob's row: read, so its menu offers unread.
    await user.click(
      within(await rowOf("bob@example.com")).getByRole("button", { name: "Mark bob@example.com" }),
    );
    expect((await screen.findAllByRole("menuitem")).map((item) => item.textContent)).toEqual([
      "Mark as unread",
      "Mark as answered",
    ]);
  });

  it("marks the open message answered (a reply by phone) or unread again from its details", async () => {
    const user = userEvent.setup();
    const calls = inbox();
    renderAt("/movies/emails", <ContactsScreen />);
    await user.click(await screen.findByRole("button", { name: "View message from ada@example.com" }));
    const details = await screen.findByRole("dialog", { name: "Message Details" });
    // Opening it marked it read (not a mark by hand): its menu offers unread and answered.
    await waitFor(() => expect(within(details).getByRole("button", { name: "Mark" })).toBeEnabled());
    await user.click(within(details).getByRole("button", { name: "Mark" }));
    await waitFor(async () =>
      expect((await screen.findAllByRole("menuitem")).map((item) => item.textContent)).toEqual([
        "Mark as unread",
        "Mark as answered",
      ]),
    );
    await user.click(screen.getByRole("menuitem", { name: "Mark as answered" }));
    await waitFor(() => expect(marks(calls)).toEqual([{ ids: [ADA], answered: true }]));
    expect(toasts).toContainEqual(
      expect.objectContaining({ title: "Marked as answered", description: "1 message marked as answered." }),
    );
    expect(await within(details).findByText("Answered 05/03/2026")).toBeInTheDocument();

    await user.click(within(details).getByRole("button", { name: "Mark" }));
    expect((await screen.findAllByRole("menuitem")).map((item) => item.textContent)).toEqual([
      "Mark as unread",
      "Mark as not answered",
    ]);
    await user.click(screen.getByRole("menuitem", { name: "Mark as unread" }));
    await waitFor(() => expect(marks(calls)).toHaveLength(2));
    expect(marks(calls)[1]).toEqual({ ids: [ADA], read: false });
  });

  it("shows a Viewer no mark control, in the list or the details", async () => {
    const user = userEvent.setup();
    const calls = inbox({ email: "viewer@example.com", role: "admin", level: "viewer", sites: null });
    renderAt("/movies/emails", <ContactsScreen />);
    await rowOf("ada@example.com");
    expect(screen.queryByRole("button", { name: /^Mark Selected/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Mark ada@example.com" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "View message from ada@example.com" }));
    const details = await screen.findByRole("dialog", { name: "Message Details" });
    expect(within(details).getByRole("button", { name: "Copy Email" })).toBeInTheDocument();
    expect(within(details).queryByRole("button", { name: "Mark" })).toBeNull();
    expect(calls.filter((call) => call.method === "PATCH")).toEqual([]);
  });
});
