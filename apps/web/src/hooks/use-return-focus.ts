import { useRef } from "react";

type Handler = ((event: Event) => void) | undefined;

/**
 * Where focus goes when a dialog closes: back to the control that was focused when it opened
 * (Escape or Cancel alike). Radix returns focus only to its own Trigger; our dialogs are opened from
 * buttons, cards and menus, so the content remembers the opener itself. The opener is read when
 * the dialog opens (the content element is rendered even while the dialog is closed).
 */
export function useReturnFocus(onOpenAutoFocus: Handler, onCloseAutoFocus: Handler) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target || target === document.body) return;
      event.preventDefault();
      // An opener that left the page (a deleted row) cannot take focus; the page keeps it.
      if (target.isConnected) target.focus({ preventScroll: true });
    },
  };
}
