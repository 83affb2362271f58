import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "@/lib/session";
import { siteKeys } from "@/sites/keys";
import { preloadScreens, renderApp, stubConfigOnly } from "../router.testing";
import { navItems } from "../site-routes";

/** Keyboard use of the shell: the command palette, "/" and "?" (docs/PRODUCT-RULES.md#keyboard-and-theme). */

beforeAll(preloadScreens);
beforeEach(() => {
  window.localStorage.clear();
  saveSession("tok", { email: "admin@example.com", role: "admin" });
  stubConfigOnly();
});
afterEach(() => vi.unstubAllGlobals());

const palette = () => screen.findByRole("dialog", { name: "Command palette" });
const options = () =>
  within(screen.getByRole("listbox"))
    .getAllByRole("option")
    .map((option) => option.textContent);

describe("command palette", () => {
  it("Ctrl+K opens it with focus in its combobox; Escape closes it and focus goes back", async () => {
    const user = userEvent.setup();
    renderApp("/apkw/apps");
    const toggle = await screen.findByTestId("sidebar-toggle");
    toggle.focus();
    await user.keyboard("{Control>}k{/Control}");
    const dialog = await palette();
    const input = within(dialog).getByRole("combobox");
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute("aria-controls", within(dialog).getByRole("listbox").id);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toggle).toHaveFocus();
    // Cmd+K on a Mac, and the header's button, open it too.
    await user.keyboard("{Meta>}k{/Meta}");
    await palette();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Command palette" }));
    await palette();
  });

  it("lists every screen of every site from the route table, the current site first", async () => {
    const user = userEvent.setup();
    renderApp("/movies/list");
    await user.click(await screen.findByRole("button", { name: "Command palette" }));
    await palette();
    const headings = screen
      .getAllByRole("group")
      .map((group) => document.getElementById(group.getAttribute("aria-labelledby") ?? "")?.textContent);
    expect(headings).toEqual([
      "On this screen",
      "Go to · Movies",
      "Go to · APKW",
      "Go to · SportBN",
      "General",
    ]);
    const screensOf = (name: string) =>
      within(screen.getByRole("group", { name }))
        .getAllByRole("option")
        .map((option) => option.textContent?.replace(/(Movies|APKW|SportBN)$/, ""));
    for (const site of siteKeys) {
      const name = `Go to · ${{ apkw: "APKW", sportbn: "SportBN", movies: "Movies" }[site]}`;
      // Screens off the sidebar (reached from another screen) are there too.
      expect(screensOf(name)).toEqual(navItems(site, true).map((item) => item.label));
    }
  });

  it("typing filters; Enter goes to the screen on another site", async () => {
    const user = userEvent.setup();
    const { path } = renderApp("/apkw/apps");
    await screen.findByRole("heading", { name: "Apps & Games" });
    await user.keyboard("{Control>}k{/Control}");
    await palette();
    await user.keyboard("locker");
    await waitFor(() => expect(options()).toEqual(["Manage LockerSportBN", "Manage LockerMovies"]));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(path()).toBe("/sportbn/locker"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await screen.findByRole("heading", { name: "Manage Locker" })).toBeInTheDocument();
  });

  it("runs the screen's action (Add App) and switches site", async () => {
    const user = userEvent.setup();
    const { path } = renderApp("/apkw/apps");
    await screen.findByRole("heading", { name: "Apps & Games" });
    await user.keyboard("{Control>}k{/Control}");
    await palette();
    await user.keyboard("add app");
    // The best match comes first.
    await waitFor(() => expect(options()[0]).toBe("Add App"));
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("dialog", { name: "Add New App" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The action's button has focus, as if it had been clicked.
    expect(screen.getAllByRole("button", { name: "Add App" })[0]).toHaveFocus();

    await user.keyboard("{Control>}k{/Control}");
    await palette();
    await user.keyboard("switch sportbn");
    await waitFor(() => expect(options()[0]).toBe("Switch to SportBN"));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(path()).toBe("/sportbn"));
  });

  it("says when nothing matches", async () => {
    const user = userEvent.setup();
    renderApp("/apkw/apps");
    await user.click(await screen.findByRole("button", { name: "Command palette" }));
    await palette();
    await user.keyboard("zzzzqqq");
    expect(await screen.findByText("No screen or action found.")).toBeInTheDocument();
  });
});

describe("shortcuts", () => {
  it('"/" focuses the screen\'s search, unless the user is typing in a field', async () => {
    const user = userEvent.setup();
    renderApp("/apkw/apps");
    const search = await screen.findByRole("searchbox", { name: "Search apps" });
    expect(search).not.toHaveFocus();
    await user.keyboard("/");
    expect(search).toHaveFocus();
    expect(search).toHaveValue("");
    // In a field, "/" is a character.
    await user.type(search, "a/b");
    expect(search).toHaveValue("a/b");
  });

  it('"?" opens the list of shortcuts; Escape closes it', async () => {
    const user = userEvent.setup();
    renderApp("/apkw/apps");
    await screen.findByRole("heading", { name: "Apps & Games" });
    await user.keyboard("?");
    const dialog = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    const terms = within(dialog)
      .getAllByRole("term")
      .map((term) => term.textContent);
    expect(terms).toEqual(["CtrlK", "/", "?", "Esc"]);
    expect(within(dialog).getByText("Search on this screen")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("the palette opens the shortcuts too", async () => {
    const user = userEvent.setup();
    renderApp("/apkw/apps");
    await user.click(await screen.findByRole("button", { name: "Command palette" }));
    await palette();
    await user.keyboard("shortcuts{Enter}");
    expect(await screen.findByRole("dialog", { name: "Keyboard shortcuts" })).toBeInTheDocument();
  });
});
