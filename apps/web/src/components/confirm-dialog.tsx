import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";

export type ConfirmOptions = {
  /** The question, e.g. "Are you sure you want to delete this ad?". */
  title: string;
  description?: string;
  confirmText?: string;
  cancelText?: string;
  destructive?: boolean;
};

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** Hosts the one in-app confirmation dialog; the product never calls window.confirm. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [open, setOpen] = useState(false);
  const resolver = useRef<((value: boolean) => void) | null>(null);
  const place = useRef<FocusPlace | null>(null);

  const settle = useCallback((value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    if (value && place.current) keepFocusOnPage(place.current);
    place.current = null;
    setOpen(false);
  }, []);

  const confirm = useCallback<Confirm>((next) => {
    resolver.current?.(false);
    place.current = focusPlace();
    setOptions(next);
    setOpen(true);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <AlertDialog open={open} onOpenChange={(next) => !next && settle(false)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{options?.title ?? "Are you sure?"}</AlertDialogTitle>
            <AlertDialogDescription className={options?.description ? "[overflow-wrap:anywhere]" : "sr-only"}>
              {options?.description ?? "Please confirm to continue."}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel onClick={() => settle(false)}>
              {options?.cancelText ?? "Cancel"}
            </AlertDialogCancel>
            <AlertDialogAction destructive={options?.destructive ?? true} onClick={() => settle(true)}>
              {options?.confirmText ?? "Delete"}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </ConfirmContext.Provider>
  );
}

type FocusPlace = {
  opener: HTMLElement;
  items: Element[];
  index: number;
  control: number;
  /** The heading right before the list ("Existing Servers"), if it has one. */
  heading: HTMLElement | null;
};

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';
const ITEM = "li, tr";

/** Where focus is when a confirmation opens: the control that asked, its list item and its place. */
function focusPlace(): FocusPlace | null {
  const opener = document.activeElement;
  if (!(opener instanceof HTMLElement) || opener === document.body) return null;
  const item = opener.closest(ITEM);
  const items = item?.parentElement ? [...item.parentElement.children] : [];
  const control = item ? [...item.querySelectorAll(FOCUSABLE)].indexOf(opener) : -1;
  const before = item?.parentElement?.previousElementSibling;
  const heading = before instanceof HTMLElement && /^H[1-6]$/.test(before.tagName) ? before : null;
  return { opener, items, index: item ? items.indexOf(item) : -1, control, heading };
}

/**
 * A confirmed delete removes the control that asked for it (a row's Delete) or disables it (Delete
 * Selected with nothing left selected), and focus would fall to the page
 * (docs/PRODUCT-RULES.md#forms-dialogs-and-lists). It goes instead to the same control of the next
 * item still listed (the previous one at the end of the list), else to the list's heading, else to
 * the screen's. Watches until then, for at most 10 s, or until the user moves focus elsewhere.
 */
function keepFocusOnPage({ opener, items, index, control, heading: listHeading }: FocusPlace) {
  const lost = () => !opener.isConnected || (opener as HTMLButtonElement).disabled === true;
  const target = (): HTMLElement | null => {
    const after = items.slice(index + 1);
    const before = items.slice(0, Math.max(index, 0)).reverse();
    const item = [...after, ...before].find((candidate) => candidate.isConnected);
    if (item) {
      const controls = [...item.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const same = controls[control] ?? controls[0];
      if (same) return same;
    }
    const heading = listHeading?.isConnected
      ? listHeading
      : (document.querySelector<HTMLElement>("main h1") ?? document.querySelector("h1"));
    if (heading && !heading.hasAttribute("tabindex")) heading.tabIndex = -1;
    return heading;
  };
  const check = () => {
    const active = document.activeElement;
    const elsewhere =
      active instanceof HTMLElement &&
      active !== document.body &&
      active !== opener &&
      !active.closest('[role="alertdialog"]');
    if (elsewhere) return stop();
    if (!lost()) return;
    stop();
    target()?.focus({ preventScroll: false });
  };
  const observer = new MutationObserver(check);
  const timer = setTimeout(() => stop(), 10_000);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["disabled"],
  });
}

/** `const confirm = useConfirm(); if (await confirm({ title: "Delete this item?" })) ...` */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm must be used inside ConfirmProvider");
  return confirm;
}
