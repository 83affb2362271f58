import type { TrashItem } from "@backoffice/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, type Routes, renderAt, type ShownToast } from "@/lib/screen.testing";
import { TrashScreen } from "./trash-screen";

const item = (id: string, label: string, resource: TrashItem["resource"] = "emails"): TrashItem => ({
  _id: id,
  resource,
  recordId: `r${id}`,
  label,
  deletedAt: "2026-11-20T10:05:00Z",
  deletedBy: "admin@example.com",
  expiresAt: "2026-12-20T10:05:00Z",
});
/** A keyset page (docs/ARCHITECTURE.md#paging-long-lists): older items after its last one when `older`. */
const page = (data: TrashItem[], older = false, newer = false) => ({
  body: {
    status: "success",
    data,
    result: data.length,
    capped: false,
    newer: newer ? (data[0]?._id ?? null) : null,
    older: older ? (data.at(-1)?._id ?? null) : null,
  },
});
const rows = [
  item("12", "b@example.com"),
  item("11", "a@example.com"),
  item("10", "Home vs Away", "matches"),
];

let toasts: ShownToast[];
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => vi.unstubAllGlobals());

const api = (routes: Routes = {}) => fakeApi({ "GET /sportbn/trash": page(rows, true), ...routes });
const loads = (calls: ReturnType<typeof fakeApi>) => calls.filter((c) => c.path === "/sportbn/trash");

describe("Trash", () => {
  it("says how long items stay, and reads the kind and the page's cursor from the URL", async () => {
    const calls = api();
    renderAt("/sportbn/trash?resource=emails&after=20", <TrashScreen />);
    expect(screen.getByRole("heading", { level: 1, name: "Trash" })).toBeInTheDocument();
    expect(screen.getByText("Deleted items are kept for 30 days, then deleted forever.")).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Deleted items" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["", "Item", "Kind", "Deleted", "Deleted by", "Purged on", "Actions"]);
    expect(within(table).getByText("Home vs Away")).toBeInTheDocument();
    expect(within(table).getByText("Match")).toBeInTheDocument();
    const query = loads(calls)[0]!.query;
    expect([query.get("resource"), query.get("after")]).toEqual(["emails", "20"]);
    expect(screen.getByRole("combobox", { name: "Filter by kind" })).toHaveTextContent("Emails");
  });

  it("offers only the kinds the site has; choosing one puts it in the URL and goes to the newest page", async () => {
    api();
    const at = renderAt("/sportbn/trash?after=20", <TrashScreen />);
    await screen.findByRole("table", { name: "Deleted items" });
    await userEvent.click(screen.getByRole("combobox", { name: "Filter by kind" }));
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "All items",
      "Ads",
      "Emails",
      "Matches",
      "Servers",
      "Media",
      "Scheduled changes",
    ]);
    await userEvent.click(screen.getByRole("option", { name: "Servers" }));
    await waitFor(() => expect(at.location()).toBe("/sportbn/trash?resource=servers"));
  });

  it("pages by Older and Newer with the cursor in the URL, asking the server from it", async () => {
    const calls = fakeApi({
      "GET /sportbn/trash": (call) =>
        call.query.get("after") === "10" ? page([item("9", "c@example.com")], false, true) : page(rows, true),
    });
    const at = renderAt("/sportbn/trash", <TrashScreen />);
    await screen.findByRole("table", { name: "Deleted items" });
    expect(screen.getByText("3 items")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Older" }));
    expect(at.location()).toBe("/sportbn/trash?after=10");
    expect(await screen.findByText("c@example.com")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Older" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Newer" }));
    expect(at.location()).toBe("/sportbn/trash?before=9");
    expect(Object.fromEntries(loads(calls).at(-1)!.query)).toEqual({ before: "9" });
  });

  it("a kind the site does not have (an old link) lists everything", async () => {
    const calls = api();
    renderAt("/sportbn/trash?resource=apps", <TrashScreen />);
    await screen.findByRole("table", { name: "Deleted items" });
    expect(loads(calls)[0]!.query.has("resource")).toBe(false);
  });

  it("a row's Restore restores it at once and names it in the toast", async () => {
    const calls = api({
      "POST /sportbn/trash/restore": {
        body: { status: "success", message: "1 item restored", restored: 1, skipped: 0 },
      },
    });
    renderAt("/sportbn/trash", <TrashScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Restore a@example.com" }));
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({ title: "Restored", description: '"a@example.com" is back where it was.' }),
      ]),
    );
    expect(calls.find((c) => c.path === "/sportbn/trash/restore")?.body).toEqual({ ids: ["11"] });
    // The trash loads again.
    await waitFor(() => expect(loads(calls).length).toBe(2));
  });

  it("a row's Delete forever asks about that item by name, then purges it", async () => {
    const calls = api({
      "POST /sportbn/trash/purge": {
        body: { status: "success", message: "1 item deleted forever", deleted: 1 },
      },
    });
    renderAt("/sportbn/trash", <TrashScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete a@example.com forever" }));
    const dialog = await screen.findByRole("alertdialog", { name: 'Delete "a@example.com" forever?' });
    expect(dialog).toHaveTextContent("It cannot be restored afterwards.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete forever" }));
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({ title: "Deleted forever", description: "1 item deleted forever" }),
      ]),
    );
    expect(calls.find((c) => c.path === "/sportbn/trash/purge")?.body).toEqual({ ids: ["11"] });
  });

  it("the selection: Restore selected and Delete forever act on the chosen rows, counted in the confirmation", async () => {
    const calls = api({
      "POST /sportbn/trash/restore": {
        body: { status: "success", message: "1 item restored", restored: 1, skipped: 1 },
      },
    });
    renderAt("/sportbn/trash", <TrashScreen />);
    await screen.findByRole("table", { name: "Deleted items" });
    // The selection's actions show once there is one.
    expect(screen.queryByRole("button", { name: /Restore selected/ })).toBeNull();
    await userEvent.click(screen.getByRole("checkbox", { name: "Select b@example.com" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Select Home vs Away" }));
    expect(screen.getByText("3 items · 2 selected")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Delete forever (2)" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete 2 items forever?" });
    expect(dialog).toHaveTextContent("They cannot be restored afterwards.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(calls.some((c) => c.path === "/sportbn/trash/purge")).toBe(false);

    await userEvent.click(screen.getByRole("button", { name: "Restore selected (2)" }));
    // One of them was made again since: the toast names the chosen items and says so.
    await waitFor(() =>
      expect(toasts[0]).toMatchObject({
        title: "Restored",
        description: 'Of "b@example.com" and "Home vs Away", 1 item came back; 1 could not be restored.',
      }),
    );
    expect(calls.find((c) => c.path === "/sportbn/trash/restore")?.body).toEqual({ ids: ["12", "10"] });
  });

  it("an empty trash says so; an empty kind offers to show all items", async () => {
    api({ "GET /sportbn/trash": page([]) });
    const at = renderAt("/sportbn/trash?resource=ads", <TrashScreen />);
    expect(await screen.findByText("Nothing of this kind in the trash")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Show all items" }));
    await waitFor(() => expect(at.location()).toBe("/sportbn/trash"));
    expect(await screen.findByText("The trash is empty")).toBeInTheDocument();
  });

  it("a failed load says so and offers Try again", async () => {
    let fail = true;
    api({
      "GET /sportbn/trash": () =>
        fail ? { status: 500, body: { status: "error", message: "Database down" } } : page(rows),
    });
    renderAt("/sportbn/trash", <TrashScreen />);
    expect(await screen.findByText("Failed to fetch the trash")).toBeInTheDocument();
    expect(toasts[0]).toMatchObject({ title: "Failed to fetch the trash", description: "Database down" });
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table", { name: "Deleted items" })).toBeInTheDocument();
  });
});
