import { useEffect, useLayoutEffect } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { isSessionStale, signOutForTheDay } from "@/lib/session";

/**
 * The daily check (docs/PRODUCT-RULES.md#sessions): when the stored date marker is not today's, all
 * local storage is cleared and the user goes to the root path. Runs on every navigation, on focus and
 * each minute.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the check runs on each navigation
  useLayoutEffect(() => {
    if (isSessionStale()) {
      signOutForTheDay();
      navigate(paths.root, { replace: true });
    }
  }, [pathname, navigate]);

  useEffect(() => {
    const check = () => {
      if (document.visibilityState === "visible" && isSessionStale()) {
        signOutForTheDay();
        navigate(paths.root, { replace: true });
      }
    };
    const id = window.setInterval(check, 60_000);
    window.addEventListener("focus", check);
    document.addEventListener("visibilitychange", check);
    return () => {
      window.clearInterval(id);
      window.removeEventListener("focus", check);
      document.removeEventListener("visibilitychange", check);
    };
  }, [navigate]);

  return <Outlet />;
}

export function FullPageLoader() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center text-sm text-muted-foreground">
      <span className="mr-2 size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
      Loading...
    </div>
  );
}
