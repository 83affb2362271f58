import type { ContactMessage } from "@backoffice/contracts";
import { QueryClient } from "@tanstack/react-query";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { receiveLiveEvent } from "@/hooks/use-live-events";
import { fakeApi, renderAt } from "@/lib/screen.testing";
import { ContactsScreen } from "./contacts-screen";

// Live updates in the inbox (docs/PRODUCT-RULES.md#live-updates): new messages wait behind a button
// that shows them where the admin is. The stream itself is read in e2e/live.e2e.ts.

const row = (n: number): ContactMessage => ({
  _id: `68a00000000000000000000${n}`,
  email: `visitor${n}@example.com`,
  firstName: "Ada",
  lastName: "Lovelace",
  subject: `Subject ${n}`,
  message: "Hello",
  page: null,
  createdAt: "2026-03-04T10:00:00.000Z",
  readAt: "2026-03-04T11:00:00.000Z",
  answeredAt: null,
});

afterEach(() => vi.unstubAllGlobals());

describe("Manage Contacts: new messages while it is open", () => {
  it('says "2 new messages" without moving the rows; the button loads them on the same page, the selection kept', async () => {
    let rows = [row(1), row(2)];
    const calls = fakeApi({
      "GET /config": { body: { status: "success", data: { sites: {}, mail: { smtp: false, from: "x" } } } },
      "GET /movies/contacts": () => ({
        body: { status: "success", data: rows, pagination: { page: 2, numberOfPages: 3 }, result: 42 },
      }),
    });
    const { client } = renderAt("/movies/contacts?page=2", <ContactsScreen />);
    const checkbox = await screen.findByRole("checkbox", { name: "Select visitor1@example.com" });
    await userEvent.click(checkbox);
    // The list's own reads (opening the inbox also records it with PUT /contacts/seen, at its own time).
    const listReads = () => calls.filter((call) => call.path === "/movies/contacts");
    const loads = () => listReads().length;
    const before = loads();

    rows = [row(3), row(1), row(2)];
    act(() => {
      receiveLiveEvent(client, { type: "intake", site: "movies", resource: "contacts", count: 1 });
      receiveLiveEvent(client, { type: "intake", site: "movies", resource: "contacts", count: 1 });
      // Another site's messages are not this inbox's.
      receiveLiveEvent(client, { type: "intake", site: "apkw", resource: "emails", count: 5 });
    });
    const button = await screen.findByRole("button", { name: "2 new messages" });
    expect(loads()).toBe(before);
    expect(screen.queryByText("visitor3@example.com")).toBeNull();

    await userEvent.click(button);
    expect(await screen.findByText("visitor3@example.com")).toBeInTheDocument();
    await waitFor(() => expect(loads()).toBe(before + 1));
    expect(listReads().at(-1)?.query.get("page")).toBe("2");
    expect(screen.getByRole("checkbox", { name: "Select visitor1@example.com" })).toBeChecked();
    expect(screen.queryByRole("button", { name: /new message/ })).toBeNull();
  });

  it("counts nothing that the list already shows: messages that came before it loaded", async () => {
    fakeApi({
      "GET /config": { body: { status: "success", data: { sites: {}, mail: { smtp: false, from: "x" } } } },
      "GET /movies/contacts": {
        body: { status: "success", data: [row(1)], pagination: { page: 1, numberOfPages: 1 }, result: 1 },
      },
    });
    const client = new QueryClient();
    // Sent while the admin was on another screen.
    receiveLiveEvent(client, { type: "intake", site: "movies", resource: "contacts", count: 3 });
    renderAt("/movies/contacts", <ContactsScreen />);
    await screen.findByText("visitor1@example.com");
    expect(screen.queryByRole("button", { name: /new message/ })).toBeNull();
  });
});
