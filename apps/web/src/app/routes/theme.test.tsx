import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, saveSession } from "@/lib/session";
import { startTheme } from "@/lib/theme";
import { preloadScreens, renderApp, stubConfigOnly } from "../router.testing";

/** Dark mode: follows the system setting, or the account menu's choice, remembered on the device. */

// The system setting, as prefers-color-scheme reports it; tests flip it and fire "change".
const system = { dark: false, listeners: new Set<() => void>() };
const setSystemDark = (dark: boolean) => {
  system.dark = dark;
  for (const listener of system.listeners) listener();
};
const realMatchMedia = window.matchMedia;

beforeAll(async () => {
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === "(prefers-color-scheme: dark)" && system.dark;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => system.listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => system.listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  await preloadScreens();
});
afterAll(() => {
  window.matchMedia = realMatchMedia;
  vi.unstubAllGlobals();
});
beforeEach(() => {
  window.localStorage.clear();
  system.dark = false;
  saveSession("tok", { email: "admin@example.com", role: "admin" });
  stubConfigOnly();
  startTheme();
});

const dark = () => document.documentElement.classList.contains("dark");

async function chooseTheme(name: "System" | "Light" | "Dark") {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: /Account menu/ }));
  const group = await screen.findByRole("group", { name: "Theme" });
  expect(group).toBeInTheDocument();
  await user.click(screen.getByRole("menuitemradio", { name }));
  await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
}

describe("theme", () => {
  it("follows the system setting by default, as it changes", async () => {
    expect(dark()).toBe(false);
    setSystemDark(true);
    expect(dark()).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe("dark");
    setSystemDark(false);
    expect(dark()).toBe(false);
    expect(document.documentElement.style.colorScheme).toBe("light");
  });

  it("the account menu shows the choice and switches it; a choice wins over the system and is remembered", async () => {
    const user = userEvent.setup();
    renderApp("/apkw/apps");
    await user.click(await screen.findByRole("button", { name: /Account menu/ }));
    expect(await screen.findByRole("menuitemradio", { name: "System" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await user.keyboard("{Escape}");

    await chooseTheme("Dark");
    expect(dark()).toBe(true);
    expect(window.localStorage.getItem("theme")).toBe("dark");
    setSystemDark(false);
    expect(dark()).toBe(true);

    await chooseTheme("Light");
    expect(dark()).toBe(false);
    setSystemDark(true);
    expect(dark()).toBe(false);
    expect(window.localStorage.getItem("theme")).toBe("light");

    await chooseTheme("System");
    expect(dark()).toBe(true);
    expect(window.localStorage.getItem("theme")).toBeNull();
  });

  it("a stored choice applies at start and survives the end of a session", () => {
    window.localStorage.setItem("theme", "dark");
    startTheme();
    expect(dark()).toBe(true);
    clearSession();
    expect(window.localStorage.getItem("theme")).toBe("dark");
    expect(window.localStorage.getItem("token")).toBeNull();
    // Something else in the entry counts as no choice.
    window.localStorage.setItem("theme", "purple");
    startTheme();
    expect(dark()).toBe(false);
  });
});
