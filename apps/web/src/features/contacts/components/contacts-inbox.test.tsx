import type { ContactMessage, ContactReply } from "@backoffice/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Call, captureToasts, fakeApi, renderAt, type ShownToast } from "@/lib/screen.testing";
import { ContactsScreen } from "./contacts-screen";

// Manage Contacts as an inbox that gets answered (docs/PRODUCT-RULES.md#contacts-get-answered).

const ID = "68a0000000000000000000a1";
const message = (changes: Partial<ContactMessage> = {}): ContactMessage => ({
  _id: ID,
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  subject: "Broken player",
  message: "It stops.\nEvery time.",
  page: null,
  createdAt: "2026-03-04T10:00:00.000Z",
  readAt: null,
  answeredAt: null,
  ...changes,
});
const sentReply: ContactReply = {
  _id: "68a0000000000000000000b1",
  messageId: ID,
  from: "Movies <hello@movies.example>",
  to: "ada@example.com",
  subject: "Re: Broken player",
  message: "Fixed, thanks!",
  sentBy: "admin@example.com",
  sentAt: "2026-03-05T09:00:00.000Z",
};

/** The movies inbox with one message; `smtp` is what /config says of the api's mail server. */
function inbox({
  smtp,
  row = message(),
  replies = [],
}: {
  smtp: boolean;
  row?: ContactMessage;
  replies?: ContactReply[];
}) {
  let current = row;
  const calls = fakeApi({
    "GET /config": {
      body: { status: "success", data: { sites: {}, mail: { smtp, from: "Movies <hello@movies.example>" } } },
    },
    "GET /movies/contacts": () => ({
      body: {
        status: "success",
        data: [current],
        pagination: { page: 1, numberOfPages: 1 },
        result: 1,
        capped: false,
      },
    }),
    "PUT /movies/contacts/seen": {
      body: { status: "success", data: { seenAt: "2026-03-05T08:00:00.000Z" } },
    },
    [`GET /movies/contacts/${ID}`]: () => ({ body: { status: "success", data: { ...current, replies } } }),
    [`PATCH /movies/contacts/${ID}/read`]: ({ body }) => {
      current = { ...current, readAt: (body as { read: boolean }).read ? "2026-03-05T08:00:00.000Z" : null };
      return { body: { status: "success", data: current } };
    },
    [`POST /movies/contacts/${ID}/reply`]: () => {
      current = { ...current, answeredAt: sentReply.sentAt };
      replies = [...replies, sentReply];
      return { status: 201, body: { status: "success", message: "Reply sent", data: sentReply } };
    },
  });
  return calls;
}

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

const rowOf = async () => (await screen.findByText("ada@example.com")).closest("tr")!;
const openDetails = async () => {
  await userEvent.click(await screen.findByRole("button", { name: "View message from ada@example.com" }));
  return screen.findByRole("dialog", { name: "Message Details" });
};
// The writes of a message (opening the inbox records itself: contacts-screen.test.tsx).
const writes = (calls: Call[]) =>
  calls.filter((call) => call.method !== "GET" && call.path !== "/movies/contacts/seen");

describe("Manage Contacts: read, answered and Reply", () => {
  it("shows an unread message in bold, said to screen readers; opening it marks it read", async () => {
    const calls = inbox({ smtp: true });
    renderAt("/movies/emails", <ContactsScreen />);
    const row = await rowOf();
    expect(within(row).getByText("Unread:")).toHaveClass("sr-only");
    expect(within(row).getByText("ada@example.com")).toHaveClass("font-bold");
    await openDetails();
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        expect.objectContaining({
          method: "PATCH",
          path: `/movies/contacts/${ID}/read`,
          body: { read: true },
        }),
      ]),
    );
    await waitFor(() => expect(within(row).queryByText("Unread:")).toBeNull());
    expect(within(row).getByText("ada@example.com")).not.toHaveClass("font-bold");
  });

  it("a read message is not marked again; an answered one has its badge and its replies in the details", async () => {
    const calls = inbox({
      smtp: true,
      row: message({ readAt: "2026-03-04T11:00:00.000Z", answeredAt: sentReply.sentAt }),
      replies: [sentReply],
    });
    renderAt("/movies/emails", <ContactsScreen />);
    expect(within(await rowOf()).getByText("Answered")).toBeInTheDocument();
    const details = await openDetails();
    const replies = await within(details).findByRole("region", { name: "Replies" });
    expect(replies).toHaveTextContent("Re: Broken player");
    expect(replies).toHaveTextContent("Fixed, thanks!");
    expect(replies).toHaveTextContent("05/03/2026 · from Movies <hello@movies.example> by admin@example.com");
    expect(within(details).getByText("Answered 05/03/2026")).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it("Reply prefills Re: and the quoted original, sends it through the api and shows it in the details", async () => {
    const calls = inbox({ smtp: true, row: message({ readAt: "2026-03-04T11:00:00.000Z" }) });
    renderAt("/movies/emails", <ContactsScreen />);
    const details = await openDetails();
    await userEvent.click(within(details).getByRole("button", { name: "Reply" }));
    const dialog = await screen.findByRole("dialog", { name: "Reply to message" });
    expect(dialog).toHaveTextContent("To ada@example.com, from Movies <hello@movies.example>.");
    expect(within(dialog).getByLabelText("Subject")).toHaveValue("Re: Broken player");
    const text = within(dialog).getByLabelText<HTMLTextAreaElement>("Message");
    expect(text).toHaveValue("On 04/03/2026, ada@example.com wrote:\n> It stops.\n> Every time.\n\n");
    // The message has the focus, its caret after the quote: typing answers, the subject stays.
    await waitFor(() => expect(text).toHaveFocus());
    expect([text.selectionStart, text.selectionEnd]).toEqual([text.value.length, text.value.length]);
    await userEvent.keyboard("Fixed, thanks!");
    expect(within(dialog).getByLabelText("Subject")).toHaveValue("Re: Broken player");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send Reply" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Reply to message" })).toBeNull());
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: "POST",
        path: `/movies/contacts/${ID}/reply`,
        body: {
          subject: "Re: Broken player",
          message: "On 04/03/2026, ada@example.com wrote:\n> It stops.\n> Every time.\n\nFixed, thanks!",
        },
      }),
    ]);
    expect(toasts).toContainEqual(
      expect.objectContaining({
        title: "Reply sent",
        description: "Your reply to ada@example.com was sent and kept with the message.",
      }),
    );
    // Kept with the message: the open details load it, and the row says Answered.
    expect(await within(details).findByRole("region", { name: "Replies" })).toHaveTextContent(
      "Fixed, thanks!",
    );
    // The row behind the open dialog (its address is in the dialog too).
    await waitFor(() => expect(document.querySelector("tbody tr")).toHaveTextContent("Answered"));
  });

  it("without SMTP, Reply says so and opens the admin's mail app with the same text instead of sending", async () => {
    const calls = inbox({ smtp: false, row: message({ readAt: "2026-03-04T11:00:00.000Z" }) });
    renderAt("/movies/emails", <ContactsScreen />);
    const details = await openDetails();
    await userEvent.click(within(details).getByRole("button", { name: "Reply" }));
    const dialog = await screen.findByRole("dialog", { name: "Reply to message" });
    expect(within(dialog).getByRole("note")).toHaveTextContent(
      "No mail server is set up for the dashboard, so the reply opens in your own mail app",
    );
    expect(within(dialog).queryByRole("button", { name: "Send Reply" })).toBeNull();
    const link = within(dialog).getByRole("link", { name: "Open in Mail App" });
    expect(link.getAttribute("href")).toBe(
      `mailto:ada@example.com?subject=${encodeURIComponent("Re: Broken player")}&body=${encodeURIComponent(
        "On 04/03/2026, ada@example.com wrote:\n> It stops.\n> Every time.\n\n",
      )}`,
    );
    expect(writes(calls)).toEqual([]);
  });

  it("searches by address, name or subject, kept in the URL", async () => {
    const calls = inbox({ smtp: true });
    const view = renderAt("/movies/emails", <ContactsScreen />);
    await rowOf();
    const search = screen.getByRole("searchbox", { name: "Search messages" });
    expect(search).toHaveAttribute("placeholder", "Search email, name, subject...");
    await userEvent.type(search, "broken");
    expect(view.location()).toBe("/movies/emails?q=broken");
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.path === "/movies/contacts")
          .at(-1)!
          .query.get("q"),
      ).toBe("broken"),
    );
  });
});
