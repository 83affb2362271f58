import { useEffect, useState } from "react";

/** How long search as you type waits for the text to stop changing (docs/PRODUCT-RULES.md#forms-dialogs-and-lists). */
export const SEARCH_PAUSE_MS = 500;

/** `value`, once it has stopped changing for `delayMs` (search as you type: `SEARCH_PAUSE_MS`). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
