import type { toast as SonnerToast } from "sonner";

export type ToastVariant = "default" | "success" | "destructive";

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** A toast with the same id replaces the one on screen instead of stacking (repeated refusals). */
  id?: string;
  /** A button in the toast (a delete's Undo). */
  action?: ToastAction;
  /** How long the toast stays, in milliseconds (an action stays as long as it is offered). */
  duration?: number;
  /**
   * The user's action this toast reports, e.g. "ad-save" (docs/PRODUCT-RULES.md#client-messages-and-toasts): its error
   * toasts replace each other, and its success dismisses them, so no stale error stays behind.
   */
  key?: string;
};

export type ToastAction = { label: string; onClick: () => void };
/** What a success toast may offer besides its texts. */
export type ToastOffer = Pick<ToastOptions, "action" | "duration" | "key">;

type Sonner = typeof SonnerToast;

// The toast library loads on first use, so the sign-in screen downloads less JavaScript.
let sonner: Sonner | null = null;
let requested = false;
const pending: ((s: Sonner) => void)[] = [];
const listeners = new Set<() => void>();

/** Asks the toaster host to load and mount the toast region (idempotent). */
export function requestToaster() {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

export function isToasterRequested() {
  return requested;
}

export function subscribeToaster(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the mounted toast region; shows what was queued meanwhile. */
export function registerToaster(instance: Sonner) {
  sonner = instance;
  for (const show of pending.splice(0)) show(instance);
}

function run(show: (s: Sonner) => void) {
  if (sonner) return show(sonner);
  pending.push(show);
  requestToaster();
}

/**
 * Shows a toast with a title and an optional description. The destructive variant is for
 * errors: it is styled red and announced assertively.
 */
export function toast({ title, description, variant = "default", id, action, duration, key }: ToastOptions) {
  run((s) => {
    const errorId = key ? `${key}:error` : undefined;
    if (errorId && variant !== "destructive") s.dismiss(errorId);
    const shownId = id ?? (variant === "destructive" ? errorId : undefined);
    const options = {
      description,
      className: `toast-${variant}`,
      ...(shownId ? { id: shownId } : {}),
      ...(action ? { action } : {}),
      ...(duration ? { duration } : {}),
    };
    if (variant === "destructive") s.error(title, options);
    else if (variant === "success") s.success(title, options);
    else s(title, options);
  });
}

/** Whether a description only repeats its title ("Welcome to the team." under "Welcome to the team"). */
const repeats = (description: string, title: string) => {
  const words = (text: string) =>
    text
      .trim()
      .replace(/[.!]+$/, "")
      .toLowerCase();
  return words(description) === words(title);
};

/** Said when nothing more specific is known, so every toast has a description. */
export const GENERIC_ERROR_DESCRIPTION = "Something went wrong. Please try again.";

/**
 * A destructive toast titled with the screen's fixed text. With a `fallback` (the "message or
 * fallback" rule) the description is the server's own message or the fallback; without one it is
 * the error's message, or a generic sentence when that would only repeat the title.
 */
export function toastError(title: string, error: unknown, fallback?: string, key?: string) {
  // An expired session has already been announced by the API client.
  if ((error as { sessionExpired?: unknown } | null)?.sessionExpired === true) return;
  const server = (error as { serverMessage?: unknown } | null)?.serverMessage;
  const own = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  const message = fallback !== undefined ? (typeof server === "string" && server) || fallback : own;
  toast({
    title,
    description: message && !repeats(message, title) ? message : GENERIC_ERROR_DESCRIPTION,
    variant: "destructive",
    key,
  });
}

/**
 * A success toast described by the server's message, or by `fallback` when that only repeats the
 * title; `offer` adds an action (a delete's Undo) and how long it stays.
 */
export function toastSuccess(
  title: string,
  serverMessage?: string,
  fallback = "Your changes are saved.",
  offer?: ToastOffer,
) {
  toast({
    title,
    description: serverMessage && !repeats(serverMessage, title) ? serverMessage : fallback,
    variant: "success",
    ...offer,
  });
}
