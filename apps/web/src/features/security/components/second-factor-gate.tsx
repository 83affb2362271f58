import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { paths } from "@/config/paths";
import { useMySecondFactor } from "@/hooks/use-me";

/**
 * While an Owner requires a second factor and the member has none, every screen but Security sends
 * them there (the API refuses the rest with 403: docs/PRODUCT-RULES.md#second-factor), in place of
 * `children`: the screen is never rendered, so none of its queries is sent. It reads `setupNeeded`
 * from GET /auth/me, which the shell loads before any screen anyway, so a dashboard load makes no
 * request of its own for it.
 */
export function SecondFactorGate({ children }: { children: ReactNode }) {
  const { data } = useMySecondFactor();
  const location = useLocation();
  if (data?.setupNeeded && location.pathname !== paths.security)
    return <Navigate to={paths.security} replace />;
  return children;
}
