import type { EmailSubscription } from "@backoffice/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Call, captureToasts, fakeApi, renderAt } from "@/lib/screen.testing";
import { EmailsScreen } from "./emails-screen";

// Manage Emails' search, order and date range, kept in the URL and sent to the list and the export
// (docs/PRODUCT-RULES.md#emails-and-contacts).

const row = (email: string): EmailSubscription => ({
  _id: `${email.length.toString(16).padStart(4, "0")}${"0".repeat(20)}`,
  email,
  url: null,
  createdAt: "2026-03-04T10:00:00.000Z",
});

/** GET /emails answering `ada@example.com` for any search starting with "ad", nothing otherwise. */
function inbox(extra: object = {}) {
  return fakeApi({
    "GET /sportbn/emails": ({ query }) => {
      const q = query.get("q") ?? "";
      const data = q === "" || "ada@example.com".startsWith(q) ? [row("ada@example.com")] : [];
      const answer = {
        status: "success",
        data,
        pagination: { page: 1, numberOfPages: 1 },
        result: data.length,
      };
      return { body: { ...answer, capped: false, ...extra } };
    },
    "GET /sportbn/emails/export.csv": {
      body: "",
      headers: { "x-export-rows": "0", "content-disposition": 'attachment; filename="x.csv"' },
    },
  });
}

const lastList = (calls: Call[]) => calls.filter((call) => call.path === "/sportbn/emails").at(-1)!;

beforeEach(() => {
  captureToasts();
  vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => {} }));
});
afterEach(() => vi.unstubAllGlobals());

describe("Manage Emails: search, sort and dates", () => {
  it("searches as the admin types: the URL keeps q (back to page 1), the server is asked once typing pauses", async () => {
    const calls = inbox();
    const view = renderAt("/sportbn/emails?page=2", <EmailsScreen />);
    await screen.findByText("ada@example.com");
    await userEvent.type(screen.getByRole("searchbox", { name: "Search emails" }), "ad");
    expect(view.location()).toBe("/sportbn/emails?q=ad");
    await waitFor(() => expect(lastList(calls).query.get("q")).toBe("ad"));
    // One request for the whole word, not one per key.
    expect(calls.filter((call) => call.query.get("q") === "a")).toHaveLength(0);
  });

  it("a search with no match says so and offers Clear filters, which empties the URL", async () => {
    inbox();
    const view = renderAt("/sportbn/emails?q=zed", <EmailsScreen />);
    expect(await screen.findByText("No matching emails")).toBeInTheDocument();
    const clear = screen.getAllByRole("button", { name: "Clear filters" });
    await userEvent.click(clear.at(-1)!);
    expect(view.location()).toBe("/sportbn/emails");
    expect(await screen.findByText("ada@example.com")).toBeInTheDocument();
  });

  it("opens from the URL with every filter: the controls show them and the server gets them", async () => {
    const calls = inbox();
    renderAt("/sportbn/emails?q=ad&sort=oldest&from=2026-03-01&to=2026-03-31", <EmailsScreen />);
    await screen.findByText("ada@example.com");
    const query = lastList(calls).query;
    expect(query.get("q")).toBe("ad");
    expect(query.get("sort")).toBe("oldest");
    // The admin's own days, sent as instants.
    expect(query.get("from")).toBe(new Date(2026, 2, 1).toISOString());
    expect(query.get("to")).toBe(new Date(2026, 2, 31, 23, 59, 59, 999).toISOString());
    expect(screen.getByRole("searchbox", { name: "Search emails" })).toHaveValue("ad");
    expect(screen.getByRole("combobox", { name: "Sort by date" })).toHaveTextContent("Oldest first");
    // Days show as dd/mm/yyyy, the product's one date format.
    expect(screen.getByLabelText("From")).toHaveValue("01/03/2026");
    expect(screen.getByLabelText("To")).toHaveValue("31/03/2026");
  });

  it("sorts oldest first and narrows to dates through the URL", async () => {
    const calls = inbox();
    const view = renderAt("/sportbn/emails", <EmailsScreen />);
    await screen.findByText("ada@example.com");
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "01/03/2026" } });
    expect(view.location()).toBe("/sportbn/emails?from=2026-03-01");
    await waitFor(() => expect(lastList(calls).query.get("from")).toBe(new Date(2026, 2, 1).toISOString()));
    await userEvent.click(screen.getByRole("combobox", { name: "Sort by date" }));
    await userEvent.click(await screen.findByRole("option", { name: "Oldest first" }));
    expect(view.location()).toBe("/sportbn/emails?from=2026-03-01&sort=oldest");
    await waitFor(() => expect(lastList(calls).query.get("sort")).toBe("oldest"));
  });

  it("exports the filtered list (Export Filtered) with the list's own query, and shows a capped total with +", async () => {
    const calls = inbox({ result: 1000, capped: true });
    renderAt("/sportbn/emails?q=ad&sort=oldest", <EmailsScreen />);
    expect(
      await screen.findByRole("heading", { level: 2, name: "Email Subscriptions (1000+)" }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Export Filtered" }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith("/export.csv"))).toBe(true));
    const exported = calls.find((call) => call.path.endsWith("/export.csv"))!;
    expect(Object.fromEntries(exported.query)).toEqual({ q: "ad", sort: "oldest" });
  });
});
