import type { App, AppCategory } from "@backoffice/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureToasts, fakeApi, renderAt } from "@/lib/screen.testing";
import { appOf } from "./app.testing";
import { AppsScreen } from "./apps-screen";

const app = (id: string, title: string, category: AppCategory, developer = "Studio"): App =>
  appOf({
    _id: id,
    title,
    category,
    developer,
    type: category === "games" ? "Racing" : "Tools",
    download: "https://cdn.example/file.apk",
    supportedDevices: [],
  });
const catalogue = [
  app("1", "Photo Editor Pro", "apps", "Pixel Labs"),
  app("2", "Galaxy Racer", "games", "Nebula Games"),
  app("3", "Galaxy Chess", "games"),
];

let calls: ReturnType<typeof fakeApi>;
beforeEach(() => {
  captureToasts();
  // The server filters by category, as `GET /apps?category=` does.
  calls = fakeApi({
    "GET /apkw/apps": ({ query }) => ({
      body: {
        status: "success",
        data: catalogue.filter((a) => !query.get("category") || a.category === query.get("category")),
      },
    }),
  });
});
afterEach(() => vi.unstubAllGlobals());

const titles = () =>
  within(screen.getByRole("list", { name: "Apps and games" }))
    .getAllByRole("heading", { level: 2 })
    .map((heading) => heading.getAttribute("title"));

describe("Apps & Games keeps its search and category in the URL", () => {
  it("opened with ?q= and ?category=, it shows that search and category", async () => {
    renderAt("/apkw/apps?q=galaxy&category=games", <AppsScreen />);
    await waitFor(() => expect(titles()).toEqual(["Galaxy Racer", "Galaxy Chess"]));
    expect(screen.getByRole("searchbox", { name: "Search apps" })).toHaveValue("galaxy");
    expect(screen.getByRole("combobox", { name: "Filter by category" })).toHaveTextContent("Games");
    expect(calls.find((c) => c.path === "/apkw/apps")?.query.get("category")).toBe("games");
    expect(screen.getByText("2 items found")).toBeInTheDocument();
  });

  it("typing and choosing a category update the URL; Clear Filters empties both", async () => {
    const at = renderAt("/apkw/apps", <AppsScreen />);
    await waitFor(() => expect(titles()).toHaveLength(3));
    await userEvent.type(screen.getByRole("searchbox", { name: "Search apps" }), "racer");
    await waitFor(() => expect(at.location()).toBe("/apkw/apps?q=racer"));
    await waitFor(() => expect(titles()).toEqual(["Galaxy Racer"]));

    await userEvent.click(screen.getByRole("combobox", { name: "Filter by category" }));
    await userEvent.click(await screen.findByRole("option", { name: "Apps" }));
    await waitFor(() => expect(at.location()).toBe("/apkw/apps?q=racer&category=apps"));
    expect(await screen.findByText("No apps found")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Clear Filters" }));
    await waitFor(() => expect(at.location()).toBe("/apkw/apps"));
    expect(screen.getByRole("searchbox", { name: "Search apps" })).toHaveValue("");
    await waitFor(() => expect(titles()).toHaveLength(3));
  });

  it("an unknown category in the URL lists every app", async () => {
    renderAt("/apkw/apps?category=music", <AppsScreen />);
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(calls.find((c) => c.path === "/apkw/apps")?.query.has("category")).toBe(false);
  });
});

describe("after a confirmed delete, focus stays in the list (docs/PRODUCT-RULES.md#forms-dialogs-and-lists)", () => {
  /** The catalogue the server holds, which DELETE /apps changes. */
  function server(apps: App[]) {
    let held = apps;
    fakeApi({
      "GET /apkw/apps": () => ({ body: { status: "success", data: held } }),
      "DELETE /apkw/apps": ({ body }) => {
        const ids = (body as { ids: string[] }).ids;
        held = held.filter((a) => !ids.includes(a._id));
        return { body: { status: "success", message: "Deleted", deleted: ids } };
      },
    });
  }
  const deleteButton = (title: string) => screen.getByRole("button", { name: `Delete ${title}` });
  async function confirmDelete(title: string) {
    await waitFor(() => expect(deleteButton(title)).toBeEnabled());
    deleteButton(title).focus();
    await userEvent.keyboard("{Enter}");
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: `Delete ${title}` })).toBeNull());
  }

  it("goes to the next item's Delete, then to the previous one at the end of the list", async () => {
    server(catalogue);
    renderAt("/apkw/apps", <AppsScreen />);
    await waitFor(() => expect(titles()).toHaveLength(3));
    await confirmDelete("Photo Editor Pro");
    await waitFor(() => expect(deleteButton("Galaxy Racer")).toHaveFocus());
    await confirmDelete("Galaxy Chess");
    await waitFor(() => expect(deleteButton("Galaxy Racer")).toHaveFocus());
  });

  it("after Delete Selected, which is then disabled, goes to the screen's heading", async () => {
    server(catalogue);
    renderAt("/apkw/apps", <AppsScreen />);
    await waitFor(() => expect(titles()).toHaveLength(3));
    await userEvent.click(screen.getByRole("checkbox", { name: "Select Galaxy Racer" }));
    const bulk = screen.getByRole("button", { name: "Delete Selected (1)" });
    bulk.focus();
    await userEvent.keyboard("{Enter}");
    await userEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }),
    );
    await waitFor(() => expect(titles()).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 1, name: "Apps & Games" })).toHaveFocus(),
    );
  });

  it("with the list gone, goes to the screen's heading, never to the page's body", async () => {
    server([catalogue[0]!]);
    renderAt("/apkw/apps", <AppsScreen />);
    await waitFor(() => expect(titles()).toHaveLength(1));
    await confirmDelete("Photo Editor Pro");
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 1, name: "Apps & Games" })).toHaveFocus(),
    );
  });
});
