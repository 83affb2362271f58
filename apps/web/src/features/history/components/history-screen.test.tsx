import type { HistoryEntry } from "@backoffice/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { meData, OWNER } from "@/lib/screen.testing";
import { saveSession } from "@/lib/session";
import { registerToaster } from "@/lib/toast";
import { HistoryScreen } from "./history-screen";

const entry = (id: string, fields: Partial<HistoryEntry>): HistoryEntry => ({
  _id: id,
  at: "2026-11-23T10:15:00.000Z",
  admin: "admin@example.com",
  address: "203.0.113.7",
  site: "apkw",
  resource: "ads",
  recordId: "4",
  action: "update",
  before: null,
  after: null,
  ...fields,
});

const updatedAd = entry("9", {
  before: {
    id: "4",
    page: "home",
    url: "https://ads.example",
    head: "<script>old()</script>",
    isActive: true,
    updatedAt: "2026-11-22T10:00:00Z",
  },
  after: {
    id: "4",
    page: "home",
    url: "https://ads.example",
    head: '<script>alert("new")</script>\n<b>bold</b>',
    isActive: false,
    updatedAt: "2026-11-23T10:15:00Z",
  },
});
const signIn = entry("8", { site: null, resource: "session", action: "create", recordId: null });

let requests: string[];
let answer: (url: string) => unknown;

/** A keyset page (docs/ARCHITECTURE.md#paging-long-lists): older pages after its last entry when `older`. */
const paged = (
  data: HistoryEntry[],
  { older = false, newer = false, result = data.length, capped = false } = {},
) => ({
  status: "success",
  data,
  result,
  capped,
  newer: newer ? (data[0]?._id ?? null) : null,
  older: older ? (data.at(-1)?._id ?? null) : null,
});

beforeEach(() => {
  saveSession("tok", { email: "admin@example.com", role: "admin" });
  const show = () => {};
  registerToaster(Object.assign(show, { success: show, error: show }) as never);
  requests = [];
  answer = (url) =>
    url.includes("/history/admins")
      ? { status: "success", data: ["admin@example.com", "other@example.com"] }
      : paged([updatedAd, signIn], { older: true, result: 42 });
  vi.stubGlobal("fetch", async (url: string) => {
    requests.push(url);
    return new Response(JSON.stringify(answer(url)), { headers: { "content-type": "application/json" } });
  });
  // Radix Select measures and captures the pointer; happy-dom has neither.
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: "/:site/history", element: <HistoryScreen /> }], {
    initialEntries: [url],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The shell loads the member before a screen shows (hooks/use-access.ts).
  client.setQueryData(["auth", "me"], meData(OWNER));
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { search: () => new URLSearchParams(router.state.location.search) };
}

const listRequests = () => requests.filter((url) => /\/history(\?|$)/.test(url));

describe("History screen", () => {
  it("lists the changes newest first: when, admin, action, record, address", async () => {
    renderAt("/apkw/history");
    const table = await screen.findByRole("table", { name: "Changes" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[2]?.textContent)).toEqual([
      "Updated ad",
      "Signed in",
    ]);
    expect(rows[0]).toHaveTextContent("admin@example.com");
    expect(rows[0]).toHaveTextContent("https://ads.example");
    expect(rows[0]).toHaveTextContent("203.0.113.7");
    expect(screen.getByText("Changes (42)")).toBeInTheDocument();
    expect(listRequests()[0]).toBe("/api/v1/apkw/history?signIns=false");
  });

  it("keeps the filters in the URL and asks the server with them; Clear filters drops them", async () => {
    const user = userEvent.setup();
    const at = renderAt("/apkw/history?after=120&from=2026-11-01&resource=nonsense");
    await screen.findByRole("table", { name: "Changes" });
    // An unknown resource in a hand-typed URL is not sent (the server would refuse it).
    expect(listRequests()[0]).toBe("/api/v1/apkw/history?after=120&from=2026-11-01&signIns=false");

    await user.click(screen.getByRole("combobox", { name: "Resource" }));
    await user.click(await screen.findByRole("option", { name: "Ads" }));
    expect(at.search().get("resource")).toBe("ads");
    // A new filter starts at the newest page.
    expect(at.search().get("after")).toBeNull();

    // Days are typed and shown as dd/mm/yyyy, kept in the URL as YYYY-MM-DD.
    expect(screen.getByLabelText("From")).toHaveValue("01/11/2026");
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "23/11/2026" } });
    expect(at.search().toString()).toBe("from=2026-11-01&resource=ads&to=2026-11-23");
    await waitFor(() =>
      expect(listRequests().at(-1)).toBe("/api/v1/apkw/history?resource=ads&from=2026-11-01&to=2026-11-23"),
    );

    await user.click(screen.getByRole("combobox", { name: "Admin" }));
    await user.click(await screen.findByRole("option", { name: "other@example.com" }));
    expect(at.search().get("admin")).toBe("other@example.com");

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(at.search().toString()).toBe("");
  });

  it("Details lists each changed field before and after, scripts as inert text", async () => {
    const user = userEvent.setup();
    renderAt("/apkw/history");
    const opener = await screen.findByRole("button", { name: "Details of Updated ad https://ads.example" });
    await user.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Updated ad" });
    const fields = within(dialog)
      .getAllByRole("term")
      .map((term) => term.textContent);
    // Record facts, then only the fields that changed: no id, page, URL or updatedAt.
    expect(fields).toEqual(["Record", "When", "Admin", "Address", "Script head", "Active"]);
    const head = within(dialog).getByText(/alert\("new"\)/);
    expect(head.tagName).toBe("PRE");
    expect(head.textContent).toBe('<script>alert("new")</script>\n<b>bold</b>');
    expect(dialog.querySelector("script, b")).toBeNull();
    expect(within(dialog).getByText("<script>old()</script>")).toBeInTheDocument();
    expect(within(dialog).getByText("Yes")).toBeInTheDocument();
    expect(within(dialog).getByText("No")).toBeInTheDocument();

    await user.click(within(dialog).getAllByRole("button", { name: "Close" })[0]!);
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("pages by Older and Newer with the cursor in the URL: Older after the page's last entry, Newer before its first", async () => {
    const user = userEvent.setup();
    const older = entry("7", { resource: "apps", recordId: "a1", after: { title: "Chess Master" } });
    answer = (url) =>
      url.includes("/history/admins")
        ? { status: "success", data: [] }
        : url.includes("after=8")
          ? paged([older], { newer: true, older: true, result: 42 })
          : url.includes("before=0")
            ? paged([older], { newer: true, result: 42 })
            : paged([updatedAd, signIn], { older: true, result: 42 });
    const at = renderAt("/apkw/history");
    await screen.findByRole("table", { name: "Changes" });
    expect(screen.getByRole("button", { name: "Newer" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Newest" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Older" }));
    // The newest page ends with entry 8: Older is what comes before it (docs/ARCHITECTURE.md#paging-long-lists).
    expect(at.search().toString()).toBe("after=8");
    await waitFor(() => expect(listRequests().at(-1)).toBe("/api/v1/apkw/history?after=8&signIns=false"));
    expect(await screen.findByRole("button", { name: /Chess Master/ })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Newer" }));
    expect(at.search().toString()).toBe("before=7");
    await waitFor(() => expect(listRequests().at(-1)).toBe("/api/v1/apkw/history?before=7&signIns=false"));
    await user.click(screen.getByRole("button", { name: "Oldest" }));
    expect(at.search().toString()).toBe("before=0");
    await user.click(await screen.findByRole("button", { name: "Newest" }));
    expect(at.search().toString()).toBe("");
    // The total stays what the server keeps; a filter counted up to 1,000 says so.
    expect(screen.getByText("Changes (42)")).toBeInTheDocument();
  });

  it("says 1,000+ for a total the server counted up to 1,000", async () => {
    answer = (url) =>
      url.includes("/history/admins")
        ? { status: "success", data: [] }
        : paged([updatedAd], { result: 1000, capped: true, older: true });
    renderAt("/apkw/history?admin=admin%40example.com");
    expect(await screen.findByText("Changes (1,000+)")).toBeInTheDocument();
  });

  it("hides sign-ins unless Show sign-ins is on, kept in the URL; a Sign-ins filter shows them", async () => {
    const user = userEvent.setup();
    const at = renderAt("/apkw/history");
    await screen.findByRole("table", { name: "Changes" });
    expect(listRequests()[0]).toBe("/api/v1/apkw/history?signIns=false");
    const show = screen.getByRole("switch", { name: "Show sign-ins" });
    expect(show).not.toBeChecked();
    await user.click(show);
    expect(at.search().get("signIns")).toBe("show");
    await waitFor(() => expect(listRequests().at(-1)).toBe("/api/v1/apkw/history"));
    await user.click(show);
    expect(at.search().has("signIns")).toBe(false);
    // Asking for sign-ins by kind shows them whatever the switch says.
    renderAt("/apkw/history?resource=session");
    await waitFor(() => expect(listRequests().at(-1)).toBe("/api/v1/apkw/history?resource=session"));
  });

  it("each entry leads to its record; a delete says so, with Restore while the record is in the Trash", async () => {
    const user = userEvent.setup();
    const posts: { url: string; body: unknown }[] = [];
    const app = entry("7", { resource: "apps", recordId: "a1", after: { title: "Chess Master" } });
    const gone = entry("6", {
      resource: "ads",
      action: "delete",
      recordId: "5",
      before: { url: "https://gone.example" },
      trashId: "31",
    });
    const purged = entry("5", {
      resource: "ads",
      action: "delete",
      recordId: "3",
      before: { url: "https://old.example" },
    });
    answer = (url) =>
      url.endsWith("/csrf")
        ? { status: "success", csrfToken: "csrf" }
        : url.includes("/trash/restore")
          ? { status: "success", message: "1 item restored", restored: 1, skipped: 0 }
          : url.includes("/admins")
            ? { status: "success", data: [] }
            : paged([app, gone, purged, signIn]);
    vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
      requests.push(url);
      if (init.method === "POST") posts.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify(answer(url)), { headers: { "content-type": "application/json" } });
    });
    renderAt("/apkw/history");
    const table = await screen.findByRole("table", { name: "Changes" });
    expect(within(table).getByRole("link", { name: "Chess Master" })).toHaveAttribute(
      "href",
      "/apkw/apps?q=Chess%20Master",
    );
    expect(within(table).getByText("(deleted, no longer in the Trash)")).toBeInTheDocument();
    expect(within(table).queryByRole("link", { name: "https://gone.example" })).toBeNull();
    // A sign-in names no record to lead to.
    expect(within(table).getAllByRole("link")).toHaveLength(1);
    const reloads = listRequests().length;
    await user.click(within(table).getByRole("button", { name: "Restore https://gone.example" }));
    await waitFor(() =>
      expect(posts).toEqual([{ url: "/api/v1/apkw/trash/restore", body: { ids: ["31"] } }]),
    );
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(reloads));
  });

  it("a delete whose record was restored since says Restored and leads to it, not 'no longer in the Trash'", async () => {
    const back = entry("8", {
      resource: "apps",
      action: "delete",
      recordId: "a2",
      before: { title: "Chess Master" },
      restored: true,
    });
    answer = (url) => (url.includes("/admins") ? { status: "success", data: [] } : paged([back]));
    renderAt("/apkw/history");
    const table = await screen.findByRole("table", { name: "Changes" });
    expect(within(table).getByRole("link", { name: "Chess Master" })).toHaveAttribute(
      "href",
      "/apkw/apps?q=Chess%20Master",
    );
    expect(within(table).getByText("Restored")).toBeInTheDocument();
    expect(within(table).queryByText(/no longer in the Trash/)).toBeNull();
    expect(within(table).queryByRole("button", { name: /Restore/ })).toBeNull();
  });

  it("empty: No changes recorded yet, nothing to clear", async () => {
    answer = (url) => (url.includes("/admins") ? { status: "success", data: [] } : paged([]));
    renderAt("/apkw/history");
    expect(await screen.findByText("No changes recorded yet")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();
  });

  it("empty with filters offers Clear filters", async () => {
    answer = (url) => (url.includes("/admins") ? { status: "success", data: [] } : paged([]));
    const user = userEvent.setup();
    const at = renderAt("/apkw/history?resource=locker");
    expect(await screen.findByText("No changes match these filters")).toBeInTheDocument();
    const clears = screen.getAllByRole("button", { name: "Clear filters" });
    await user.click(clears.at(-1)!);
    expect(at.search().toString()).toBe("");
  });

  it("a failed load offers Try again", async () => {
    const user = userEvent.setup();
    answer = () => ({ status: "fail", message: "boom" });
    vi.stubGlobal("fetch", async (url: string) => {
      requests.push(url);
      return new Response(JSON.stringify(answer(url)), {
        status: 500,
        headers: { "content-type": "application/json" },
      });
    });
    renderAt("/apkw/history");
    const retry = await screen.findByRole("button", { name: "Try again" });
    expect(screen.getByText("Failed to load history")).toBeInTheDocument();
    answer = (url) => (url.includes("/admins") ? { status: "success", data: [] } : paged([updatedAd]));
    vi.stubGlobal("fetch", async (url: string) => {
      requests.push(url);
      return new Response(JSON.stringify(answer(url)), { headers: { "content-type": "application/json" } });
    });
    await user.click(retry);
    expect(await screen.findByRole("table", { name: "Changes" })).toBeInTheDocument();
  });

  it("Export downloads the whole History with the screen's filters (no cursor), as CSV or JSON Lines", async () => {
    const user = userEvent.setup();
    const toasts: string[] = [];
    const show = (title: string, options?: { description?: string }) =>
      toasts.push(`${title}: ${options?.description ?? ""}`);
    registerToaster(Object.assign(show, { success: show, error: show }) as never);
    const saved: string[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:export", revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    vi.stubGlobal("fetch", async (url: string) => {
      requests.push(url);
      const format = /\/history\/export\.(csv|jsonl)/.exec(url)?.[1];
      if (!format)
        return new Response(JSON.stringify(answer(url)), { headers: { "content-type": "application/json" } });
      const body =
        format === "csv"
          ? 'ID,At,Admin\r\n9,2026-11-23T10:15:00.000Z,"a,b"\r\n8,2026-11-23T10:14:00.000Z,x\r\n'
          : '{"_id":"9"}\n{"_id":"8"}\n{"_id":"7"}\n';
      return new Response(body, {
        headers: {
          "content-type": "text/plain",
          "content-disposition": `attachment; filename="apkw-history-2026-11-23.${format}"`,
          "x-export-rows": format === "csv" ? "2" : "3",
        },
      });
    });
    renderAt("/apkw/history?after=120&resource=ads&admin=other%40example.com&from=2026-11-01");
    await screen.findByRole("table", { name: "Changes" });

    await user.click(screen.getByRole("button", { name: "Export" }));
    await user.click(await screen.findByRole("menuitem", { name: "CSV" }));
    await waitFor(() =>
      expect(toasts).toContain("Export ready: 2 entries saved to apkw-history-2026-11-23.csv."),
    );
    expect(requests.filter((url) => url.includes("/export."))).toEqual([
      "/api/v1/apkw/history/export.csv?resource=ads&admin=other%40example.com&from=2026-11-01",
    ]);

    await user.click(screen.getByRole("button", { name: "Export" }));
    await user.click(await screen.findByRole("menuitem", { name: "JSON Lines" }));
    await waitFor(() =>
      expect(toasts).toContain("Export ready: 3 entries saved to apkw-history-2026-11-23.jsonl."),
    );
    expect(requests.filter((url) => url.includes("/export.")).at(-1)).toBe(
      "/api/v1/apkw/history/export.jsonl?resource=ads&admin=other%40example.com&from=2026-11-01",
    );
    expect(saved).toEqual(["apkw-history-2026-11-23.csv", "apkw-history-2026-11-23.jsonl"]);
    click.mockRestore();
  });

  it("Export takes sign-ins in when Show sign-ins is on, as the list does", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:export", revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderAt("/apkw/history?signIns=show");
    await screen.findByRole("table", { name: "Changes" });
    await user.click(screen.getByRole("button", { name: "Export" }));
    await user.click(await screen.findByRole("menuitem", { name: "JSON Lines" }));
    await waitFor(() => expect(requests.some((url) => url.includes("/export."))).toBe(true));
    expect(requests.find((url) => url.includes("/export."))).toBe("/api/v1/apkw/history/export.jsonl");
    click.mockRestore();
  });
});
