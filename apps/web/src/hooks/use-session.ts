import { useSyncExternalStore } from "react";
import { getSession, type Session, subscribeSession } from "@/lib/session";

/** The stored session, re-rendering when it is saved, changed or cleared (also from other tabs). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
