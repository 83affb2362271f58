import type { User } from "@backoffice/contracts";
import { todayMarker } from "./format";
import { THEME_KEY } from "./theme";

export type SessionUser = User;
export type Session = { token: string; user: SessionUser };

/** Local storage keys. Token, user and date also exist with the `:movies` suffix. */
export const storageKeys = {
  token: "token",
  user: "user",
  date: "date",
  selectedSite: "selectedDashboard",
} as const;
export const MOVIES_SUFFIX = ":movies";

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedSession: Session | null = null;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled; the session then lasts for this page only.
  }
}

function notify() {
  for (const listener of listeners) listener();
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SessionUser> | null;
    if (value && typeof value.email === "string" && typeof value.role === "string") {
      return { email: value.email, role: value.role };
    }
  } catch {
    // A damaged entry counts as no user.
  }
  return null;
}

/** The stored session, or null. The same object is returned until storage changes. */
export function getSession(): Session | null {
  const token = read(storageKeys.token);
  const userRaw = read(storageKeys.user);
  const raw = token && userRaw ? `${token}\n${userRaw}` : null;
  if (raw === cachedRaw) return cachedSession;
  cachedRaw = raw;
  const user = parseUser(userRaw);
  cachedSession = token && user ? { token, user } : null;
  return cachedSession;
}

export function getToken(variant: "default" | "movies" = "default"): string | null {
  return read(variant === "movies" ? storageKeys.token + MOVIES_SUFFIX : storageKeys.token);
}

function writeBoth(key: string, value: string) {
  write(key, value);
  write(key + MOVIES_SUFFIX, value);
}

/** Stores token, user and today's date marker, with and without the `:movies` suffix. */
export function saveSession(token: string, user: SessionUser) {
  writeBoth(storageKeys.token, token);
  writeBoth(storageKeys.user, JSON.stringify(user));
  writeBoth(storageKeys.date, todayMarker());
  notify();
}

export function updateSessionUser(user: SessionUser) {
  writeBoth(storageKeys.user, JSON.stringify(user));
  notify();
}

/** Clears local storage but the theme (on logout, a 401, the daily check, a non-admin sign-in). */
export function clearSession() {
  try {
    // The colour theme belongs to the device, not to the session.
    const theme = window.localStorage.getItem(THEME_KEY);
    window.localStorage.clear();
    if (theme !== null) window.localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Nothing to clear.
  }
  notify();
}

const SIGN_OUT_REASON = "signOutReason";
/**
 * Why the dashboard signed the user out, for the login screen: the daily check, a sign-out made
 * elsewhere (another session's Sign out, an Owner), or an expired session (the api's 401s).
 */
const SIGN_OUT_REASONS = ["daily", "signedOut", "expired"] as const;
export type SignOutReason = (typeof SIGN_OUT_REASONS)[number];

/** Clears the session and keeps why, for the login screen to say. */
export function endSession(reason: SignOutReason) {
  clearSession();
  try {
    window.sessionStorage.setItem(SIGN_OUT_REASON, reason);
  } catch {
    // The login screen then shows no reason.
  }
}

/** The daily check signs the user out; the login screen says why. */
export function signOutForTheDay() {
  endSession("daily");
}

/** Why the last sign-out happened, if the dashboard did it; read once, then forgotten. */
export function takeSignOutReason(): SignOutReason | null {
  try {
    const reason = window.sessionStorage.getItem(SIGN_OUT_REASON);
    window.sessionStorage.removeItem(SIGN_OUT_REASON);
    return SIGN_OUT_REASONS.find((known) => known === reason) ?? null;
  } catch {
    return null;
  }
}

/** Where a protected page sends the user to sign in: its own path, to return to afterwards. */
export type ReturnState = { from: string };

/** The page to return to after sign-in, when one sent the user to /login (a path of this app only). */
export function returnPath(state: unknown): string | null {
  const from = (state as Partial<ReturnState> | null)?.from;
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("//") ? from : null;
}

/** True when a session exists whose date marker is not today's (the daily check). */
export function isSessionStale(now: Date = new Date()): boolean {
  if (!read(storageKeys.token)) return false;
  const today = todayMarker(now);
  const date = read(storageKeys.date);
  const moviesDate = read(storageKeys.date + MOVIES_SUFFIX);
  return date !== today || (moviesDate !== null && moviesDate !== today);
}

export function getStoredSite(): string | null {
  return read(storageKeys.selectedSite);
}

export function storeSite(site: string) {
  if (read(storageKeys.selectedSite) === site) return;
  write(storageKeys.selectedSite, site);
  notify();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(storageKeys).some((k) => event.key?.startsWith(k))) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
