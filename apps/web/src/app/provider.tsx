import type { ReactNode } from "react";
import { ToasterHost } from "@/components/ui/toaster-host";

/**
 * App-wide providers. The query client is provided by the lazily loaded sections (shell,
 * forgotten password), so the sign-in screen does not download it.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ToasterHost />
    </>
  );
}
