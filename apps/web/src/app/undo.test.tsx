import { UNDO_HEADER, UNDO_SECONDS } from "@backoffice/contracts";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ContactsScreen } from "@/features/contacts/components/contacts-screen";
import { EmailsScreen } from "@/features/emails/components/emails-screen";
import { type Call, captureToasts, fakeApi, renderAt, type ShownToast } from "@/lib/screen.testing";

// The Undo of a delete's toast (lib/undo.ts), through two screens: Manage Emails (its own delete flows)
// and Manage Contacts (useConfirmedDelete). Here in app/, which combines features; lib/ imports none.

const TOKEN = "0b7e2a4c-3f5d-4e8a-9c1b-2d6f8a0e4b71";
const paged = <T,>(data: T[]) => ({
  status: "success",
  data,
  pagination: { page: 1, numberOfPages: 1 },
  result: data.length,
});
const email = (id: string, address: string) => ({
  _id: id,
  email: address,
  url: null,
  createdAt: "2026-11-20T10:00:00Z",
});

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

const loads = (calls: Call[], path: string) =>
  calls.filter((c) => c.method === "GET" && c.path === path).length;

describe("Undo in a delete's toast", () => {
  it("bulk delete of emails: the toast offers Undo for UNDO_SECONDS; Undo sends the token, reloads the list and says Restored", async () => {
    const calls = fakeApi({
      "GET /sportbn/emails": { body: paged([email("2", "b@example.com"), email("1", "a@example.com")]) },
      "DELETE /sportbn/emails": {
        body: { status: "success", message: "2 emails deleted", deleted: 2 },
        headers: { [UNDO_HEADER]: TOKEN },
      },
      "POST /sportbn/trash/undo": {
        body: { status: "success", message: "2 items restored", restored: 2, skipped: 0 },
      },
    });
    renderAt("/sportbn/emails", <EmailsScreen />);
    await userEvent.click(await screen.findByRole("checkbox", { name: "Select all emails" }));
    await userEvent.click(screen.getByRole("button", { name: /Delete Selected \(2\)/ }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));

    await waitFor(() => expect(toasts).toHaveLength(1));
    const [deleted] = toasts;
    expect(deleted).toMatchObject({ title: "2 emails deleted", duration: UNDO_SECONDS * 1000 });
    expect(deleted!.action?.label).toBe("Undo");
    const before = loads(calls, "/sportbn/emails");

    await act(async () => deleted!.action!.onClick());
    await waitFor(() => expect(toasts).toHaveLength(2));
    expect(calls.find((c) => c.path === "/sportbn/trash/undo")?.body).toEqual({ token: TOKEN });
    expect(toasts[1]).toMatchObject({ title: "Restored", description: "2 items restored" });
    await waitFor(() => expect(loads(calls, "/sportbn/emails")).toBeGreaterThan(before));
  });

  it("a failed Undo says why, with the server's message", async () => {
    fakeApi({
      "GET /sportbn/emails": { body: paged([email("1", "a@example.com")]) },
      "DELETE /sportbn/emails": {
        body: { status: "success", message: "1 email deleted", deleted: 1 },
        headers: { [UNDO_HEADER]: TOKEN },
      },
      "POST /sportbn/trash/undo": {
        status: 404,
        body: {
          status: "fail",
          message: "Nothing to undo: the deleted items were restored or purged already",
        },
      },
    });
    renderAt("/sportbn/emails", <EmailsScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete a@example.com" }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toasts[0]?.action?.label).toBe("Undo"));
    await act(async () => toasts[0]!.action!.onClick());
    await waitFor(() =>
      expect(toasts[1]).toMatchObject({
        title: "Undo failed",
        description: "Nothing to undo: the deleted items were restored or purged already",
      }),
    );
  });

  const contact = {
    _id: "7",
    email: "c@example.com",
    firstName: "C",
    lastName: "D",
    subject: "Hi",
    message: "Hello",
    page: null,
    createdAt: "2026-11-20T10:00:00Z",
  };
  const deleteContact = async () => {
    renderAt("/movies/emails", <ContactsScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete c@example.com" }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
  };

  it("useConfirmedDelete passes the Undo on when the answer has a token (contacts)", async () => {
    const calls = fakeApi({
      "GET /movies/contacts": { body: paged([contact]) },
      "DELETE /movies/contacts": {
        body: { status: "success", message: "1 message deleted", deleted: 1 },
        headers: { [UNDO_HEADER]: TOKEN },
      },
      "POST /movies/trash/undo": {
        body: { status: "success", message: "1 item restored", restored: 1, skipped: 0 },
      },
    });
    await deleteContact();
    await waitFor(() => expect(toasts[0]?.action?.label).toBe("Undo"));
    const before = loads(calls, "/movies/contacts");
    await act(async () => toasts[0]!.action!.onClick());
    await waitFor(() =>
      expect(toasts[1]).toMatchObject({ title: "Restored", description: "1 item restored" }),
    );
    expect(calls.find((c) => c.path === "/movies/trash/undo")?.body).toEqual({ token: TOKEN });
    await waitFor(() => expect(loads(calls, "/movies/contacts")).toBeGreaterThan(before));
  });

  it("a delete whose answer carries no token offers no Undo", async () => {
    fakeApi({
      "GET /movies/contacts": { body: paged([contact]) },
      "DELETE /movies/contacts": { body: { status: "success", message: "1 message deleted", deleted: 1 } },
    });
    await deleteContact();
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]!.action).toBeUndefined();
    expect(toasts[0]!.duration).toBeUndefined();
  });
});
