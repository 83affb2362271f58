import type { EmailSubscription } from "@backoffice/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt } from "@/lib/screen.testing";
import { EmailsScreen } from "./emails-screen";

/**
 * Manage Emails' rules: its texts, the empty state, the row's cells, and the pages (buttons 1 to 5
 * whatever the page, "Page n of N"). The journey through the real server is e2e/emails.e2e.ts.
 */

const row = (page: number, i: number): EmailSubscription => ({
  _id: `${String(page).padStart(4, "0")}${String(i).padStart(20, "0")}`,
  email: `p${page}-r${i}@example.com`,
  url: null,
  createdAt: "2025-03-04T10:00:00.000Z",
});

/** A list of `total` subscriptions, 20 a page, as GET /emails?page= answers it. */
function inbox(total: number) {
  const pages = Math.max(1, Math.ceil(total / 20));
  return fakeApi({
    "GET /sportbn/emails": ({ query }) => {
      const page = Number(query.get("page"));
      const count = Math.max(0, Math.min(20, total - (page - 1) * 20));
      const data = Array.from({ length: count }, (_, i) => row(page, i));
      return { body: { status: "success", data, pagination: { page, numberOfPages: pages }, result: total } };
    },
  });
}

beforeEach(() => {
  captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

const pagination = () => screen.getByRole("navigation", { name: "Pagination" });
const buttons = () =>
  within(pagination())
    .getAllByRole("button")
    .map((button) => button.textContent);
const listTitle = () => screen.getByRole("heading", { level: 2, name: /^Email Subscriptions/ });

describe("Manage Emails", () => {
  it("empty: its texts, Connected, the total 0, the empty state and no pages", async () => {
    inbox(0);
    renderAt("/sportbn/emails", <EmailsScreen />);
    expect(screen.getByRole("heading", { level: 1, name: "Manage Emails" })).toBeInTheDocument();
    expect(screen.getByText("View and manage email subscriptions.")).toBeInTheDocument();
    const empty = await waitFor(() => {
      const found = document.querySelector('[data-slot="empty-state"]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(empty).toHaveTextContent("No emails found");
    expect(empty).toHaveTextContent("No email subscriptions to display");
    expect(within(empty).getByRole("button", { name: "Refresh" })).toBeEnabled();
    expect(listTitle()).toHaveTextContent("Email Subscriptions (0)");
    expect(screen.getByText("Connected")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
  });

  it("a row shows its email, - for an unknown source and the date as dd/mm/yyyy", async () => {
    inbox(1);
    renderAt("/sportbn/emails", <EmailsScreen />);
    const cells = await screen.findAllByRole("cell");
    expect(cells.map((cell) => cell.textContent)).toEqual(["", "p1-r0@example.com", "-", "04/03/2025", ""]);
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "",
      "Email",
      "From",
      "Date",
      "Actions",
    ]);
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
  });

  it("two pages: Page 1 of 2, buttons 1 and 2, Previous disabled, page 1 current", async () => {
    inbox(23);
    renderAt("/sportbn/emails", <EmailsScreen />);
    await screen.findByText("Page 1 of 2");
    expect(buttons()).toEqual(["Previous", "1", "2", "Next"]);
    expect(within(pagination()).getByRole("button", { name: "Previous" })).toBeDisabled();
    expect(within(pagination()).getByRole("button", { name: "Page 1" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(listTitle()).toHaveTextContent("Email Subscriptions (23)");
  });

  it("keeps buttons 1 to 5 whatever the page, and Page n of N; the page lives in the URL", async () => {
    const calls = inbox(180);
    const at = renderAt("/sportbn/emails?page=7", <EmailsScreen />);
    await screen.findByText("Page 7 of 9");
    expect(calls[0]?.query.get("page")).toBe("7");
    expect(buttons()).toEqual(["Previous", "1", "2", "3", "4", "5", "Next"]);
    expect(screen.getByText("p7-r0@example.com")).toBeInTheDocument();
    expect(listTitle()).toHaveTextContent("Email Subscriptions (180)");

    await userEvent.click(within(pagination()).getByRole("button", { name: "Next" }));
    await screen.findByText("Page 8 of 9");
    await userEvent.click(within(pagination()).getByRole("button", { name: "Next" }));
    await screen.findByText("Page 9 of 9");
    expect(at.location()).toBe("/sportbn/emails?page=9");
    expect(buttons()).toEqual(["Previous", "1", "2", "3", "4", "5", "Next"]);
    expect(within(pagination()).getByRole("button", { name: "Next" })).toBeDisabled();

    await userEvent.click(within(pagination()).getByRole("button", { name: "Page 3" }));
    await screen.findByText("Page 3 of 9");
    expect(await screen.findByText("p3-r19@example.com")).toBeInTheDocument();
    expect(at.location()).toBe("/sportbn/emails?page=3");
  });
});

describe("Manage Emails: Delete Selected with one email", () => {
  it("toasts in the singular, not the server's plural", async () => {
    const toasts = captureToasts();
    let held = [row(1, 0), row(1, 1)];
    fakeApi({
      "GET /sportbn/emails": () => ({
        body: {
          status: "success",
          data: held,
          pagination: { page: 1, numberOfPages: 1 },
          result: held.length,
        },
      }),
      "DELETE /sportbn/emails": ({ body }) => {
        const ids = (body as { ids: string[] }).ids;
        held = held.filter((r) => !ids.includes(r._id));
        return { body: { status: "success", message: "Emails deleted successfully", deleted: ids.length } };
      },
    });
    renderAt("/sportbn/emails", <EmailsScreen />);
    await userEvent.click(await screen.findByRole("checkbox", { name: "Select p1-r0@example.com" }));
    await userEvent.click(screen.getByRole("button", { name: /^Delete Selected/ }));
    await userEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }),
    );
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({ title: "Email deleted successfully", description: "1 email was removed." }),
      ]),
    );
  });
});
