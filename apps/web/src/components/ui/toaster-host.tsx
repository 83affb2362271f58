import { lazy, Suspense, useSyncExternalStore } from "react";
import { isToasterRequested, subscribeToaster } from "@/lib/toast";

const Toaster = lazy(() => import("./sonner").then((m) => ({ default: m.Toaster })));

/** Mounts the toast region once something asks for it (the first toast, or a screen that will toast). */
export function ToasterHost() {
  const requested = useSyncExternalStore(subscribeToaster, isToasterRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
