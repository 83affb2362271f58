import { Navigate, useLocation } from "react-router";
import { paths } from "@/config/paths";
import { useSecondFactor } from "../api/second-factor";

/**
 * While an Owner requires a second factor and the member has none, every screen but Security sends
 * them there (the API refuses the rest with 403: docs/PRODUCT-RULES.md#second-factor).
 */
export function SecondFactorGate() {
  const { data } = useSecondFactor();
  const location = useLocation();
  if (data?.setupNeeded && location.pathname !== paths.security)
    return <Navigate to={paths.security} replace />;
  return null;
}
