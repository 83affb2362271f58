import { useLayoutEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { paths } from "@/config/paths";
import { SecondFactorGate } from "@/features/security/components/second-factor-gate";
import { useSession } from "@/hooks/use-session";
import { clearSession, getStoredSite, isSessionStale, type ReturnState, returnPath } from "@/lib/session";
import { DEFAULT_SITE, isSiteKey } from "@/sites/keys";
import { QueryBoundary } from "./query-boundary";

/** Screens that need a signed-in user: without a session, storage is cleared and /login opens. */
export function ProtectedRoute() {
  const location = useLocation();
  const stored = useSession();
  // Only administrators may use the dashboard: any other stored role counts as no session.
  const session = stored?.user.role === "admin" ? stored : null;
  useLayoutEffect(() => {
    if (!session) clearSession();
  }, [session]);
  if (!session) {
    const from: ReturnState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.login} replace state={from} />;
  }
  // A stale session is being cleared by the daily check; render nothing meanwhile.
  if (isSessionStale()) return null;
  return (
    <QueryBoundary>
      <SecondFactorGate>
        <Outlet />
      </SecondFactorGate>
    </QueryBoundary>
  );
}

/** Sign-in screens: a signed-in user goes to the selected site's section. */
export function PublicOnlyRoute() {
  const session = useSession();
  const location = useLocation();
  if (session && !isSessionStale()) {
    // Just signed in: back to the page that sent the user here, if one did.
    const stored = getStoredSite();
    const home = paths.site(isSiteKey(stored) ? stored : DEFAULT_SITE);
    return <Navigate to={returnPath(location.state) ?? home} replace />;
  }
  return <Outlet />;
}
