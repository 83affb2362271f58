import { useSyncExternalStore } from "react";

/** The colour theme a user picks in the account menu; "system" follows `prefers-color-scheme`. */
export type ThemeChoice = "system" | "light" | "dark";

const THEME_CHOICES: readonly ThemeChoice[] = ["system", "light", "dark"];

/** Local storage key of the choice; a session's end keeps it (it belongs to the device, not the user). */
export const THEME_KEY = "theme";

const DARK_QUERY = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

function stored(): ThemeChoice {
  try {
    const value = window.localStorage.getItem(THEME_KEY);
    return THEME_CHOICES.includes(value as ThemeChoice) ? (value as ThemeChoice) : "system";
  } catch {
    return "system";
  }
}

let choice: ThemeChoice = "system";

/** The current choice ("system" unless the user picked Light or Dark). */
export function getThemeChoice(): ThemeChoice {
  return choice;
}

/** Sets the `dark` class (Tailwind's dark variant) and the native controls' colour scheme on <html>. */
function apply() {
  const dark =
    choice === "dark" || (choice === "system" && (window.matchMedia?.(DARK_QUERY).matches ?? false));
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
  for (const listener of listeners) listener();
}

/** Applies a choice and remembers it in local storage ("system" removes the entry). */
export function setThemeChoice(next: ThemeChoice) {
  choice = next;
  try {
    if (next === "system") window.localStorage.removeItem(THEME_KEY);
    else window.localStorage.setItem(THEME_KEY, next);
  } catch {
    // Storage disabled: the choice lasts for this page.
  }
  apply();
}

let started = false;

/** Applies the stored choice, then follows the system setting and other tabs (once, at start). */
export function startTheme() {
  choice = stored();
  apply();
  if (started) return;
  started = true;
  window.matchMedia?.(DARK_QUERY).addEventListener("change", apply);
  window.addEventListener("storage", (event) => {
    if (event.key !== THEME_KEY && event.key !== null) return;
    choice = stored();
    apply();
  });
}

/** The current choice, re-rendering when it changes. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    getThemeChoice,
    () => "system",
  );
}
