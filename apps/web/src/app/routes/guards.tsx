import { useLayoutEffect } from "react";
import { Navigate, Outlet } from "react-router";
import { paths } from "@/config/paths";
import { useSession } from "@/hooks/use-session";
import { clearSession, getStoredSite, isSessionStale } from "@/lib/session";
import { DEFAULT_SITE, isSiteKey } from "@/sites/keys";

/** Screens that need a signed-in user: without a session, storage is cleared and /login opens. */
export function ProtectedRoute() {
  const stored = useSession();
  // Only administrators may use the dashboard (spec §4): any other stored role counts as no session.
  const session = stored?.user.role === "admin" ? stored : null;
  useLayoutEffect(() => {
    if (!session) clearSession();
  }, [session]);
  if (!session) return <Navigate to={paths.login} replace />;
  // A stale session is being cleared by the daily check; render nothing meanwhile.
  if (isSessionStale()) return null;
  return <Outlet />;
}

/** Sign-in screens: a signed-in user goes to the selected site's section (DESIGN §9). */
export function PublicOnlyRoute() {
  const session = useSession();
  if (session && !isSessionStale()) {
    const stored = getStoredSite();
    return <Navigate to={paths.site(isSiteKey(stored) ? stored : DEFAULT_SITE)} replace />;
  }
  return <Outlet />;
}
