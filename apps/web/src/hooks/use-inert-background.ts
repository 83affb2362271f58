import { useCallback, useEffect, useRef } from "react";

let holders = 0;

function hold(on: boolean) {
  holders = Math.max(0, holders + (on ? 1 : -1));
  const root = document.getElementById("root");
  if (root) root.inert = holders > 0;
}

/**
 * While a popup (a select's list, a menu) is open, the page behind it is `inert`, not only
 * `aria-hidden`: Radix hides the background from screen readers, and without `inert` its buttons
 * stay focusable inside a hidden tree (axe: aria-hidden-focus). Popups render
 * in a portal outside #root, so they stay usable. Returns the `onOpenChange` to pass to Radix.
 */
export function useInertBackground(onOpenChange?: (open: boolean) => void) {
  const held = useRef(false);
  useEffect(
    () => () => {
      if (held.current) hold(false);
    },
    [],
  );
  return useCallback(
    (open: boolean) => {
      if (open !== held.current) {
        held.current = open;
        hold(open);
      }
      onOpenChange?.(open);
    },
    [onOpenChange],
  );
}
