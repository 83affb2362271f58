import {
  createBrowserRouter,
  Navigate,
  type RouteObject,
  redirect,
  useLocation,
  useNavigate,
} from "react-router";
import { paths } from "@/config/paths";
import { LoginForm } from "@/features/auth/components/login-form";
import { returnPath } from "@/lib/session";
import type { AdPage } from "@/sites";
import { sites } from "@/sites";
import { type SiteKey, siteKeys } from "@/sites/keys";
import { ProtectedRoute, PublicOnlyRoute } from "./routes/guards";
import { FullPageLoader, RootLayout } from "./routes/root-layout";
import { PageError, retryableScreen, ScreenError } from "./routes/route-error";
import { openedOnly, type ScreenAccess, screenLoader } from "./screen-loader";
import { routesOf, type SiteRoute } from "./site-routes";

const overviewScreen = () =>
  import("@/features/overview/components/overview-screen").then((m) => ({ Component: m.OverviewScreen }));
const overviewData = () => import("@/features/overview/api/get-overview").then((m) => m.overviewScreenData);

/**
 * A screen's route: its code downloaded when first opened (`lazy`) and, beside it, its data started
 * by its loader (app/screen-loader.ts) when it has any.
 */
function screenRoute(
  load: SiteRoute["lazy"],
  access: ScreenAccess,
  data: SiteRoute["data"],
): Pick<RouteObject, "lazy" | "loader" | "shouldRevalidate"> {
  return {
    lazy: retryableScreen(load),
    ...(data ? { loader: screenLoader(access, data), shouldRevalidate: openedOnly } : {}),
  };
}

function siteRoute(site: SiteKey, route: SiteRoute): RouteObject {
  const object: RouteObject = { path: route.path, ...screenRoute(route.lazy, { site }, route.data) };
  // /movies/ads/{page?}: the page is one of home, info, player, browse; any other path goes to /.
  if (route.path.includes(":page")) {
    const prefetch = object.loader;
    object.loader = (args) =>
      args.params.page === undefined || sites[site].adPages?.includes(args.params.page as AdPage)
        ? typeof prefetch === "function"
          ? prefetch(args)
          : null
        : redirect(paths.root);
  }
  return object;
}

/** The sign-in screen with the router's navigation; the state says where a protected page sent the user from. */
function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <LoginForm
      returnTo={returnPath(location.state)}
      navigate={(to, { replace }) => navigate(to, { replace, state: null })}
    />
  );
}

/** The route table (docs/PRODUCT-RULES.md#routes-and-navigation). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    ErrorBoundary: PageError,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { path: paths.root, element: <Navigate to={paths.login} replace /> },
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: paths.login, element: <LoginRoute /> },
          {
            path: paths.forgotPassword,
            lazy: () => import("./routes/forgot-password"),
          },
        ],
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            lazy: () => import("./routes/site-shell"),
            children: siteKeys
              .map<RouteObject>((key) => ({
                path: `/${key}`,
                // Inside the shell: a screen that fails keeps the sidebar and header around its message.
                ErrorBoundary: ScreenError,
                children: [
                  // The Dashboard item: the site's overview (docs/PRODUCT-RULES.md#overview).
                  { index: true, ...screenRoute(overviewScreen, { site: key }, overviewData) },
                  ...routesOf(key).map((route) => siteRoute(key, route)),
                ],
              }))
              .concat({
                // One place for every site's jobs, in the shell of the site last used.
                path: paths.jobs,
                ErrorBoundary: ScreenError,
                ...screenRoute(
                  () =>
                    import("@/features/jobs/components/jobs-screen").then((m) => ({
                      Component: m.JobsScreen,
                    })),
                  "member",
                  () => import("@/hooks/use-jobs").then((m) => m.jobsScreenData),
                ),
              })
              .concat({
                // The member's own sessions and sign-in factors, in the same shell.
                path: paths.security,
                ErrorBoundary: ScreenError,
                ...screenRoute(
                  () =>
                    import("@/features/security/components/security-screen").then((m) => ({
                      Component: m.SecurityScreen,
                    })),
                  "set-up",
                  () => import("@/features/security/api/second-factor").then((m) => m.securityScreenData),
                ),
              })
              .concat({
                // The team (Owners; others see why not), in the same shell.
                path: paths.team,
                ErrorBoundary: ScreenError,
                ...screenRoute(
                  () =>
                    import("@/features/team/components/team-screen").then((m) => ({
                      Component: m.TeamScreen,
                    })),
                  "owner",
                  () => import("@/features/team/api/team").then((m) => m.teamScreenData),
                ),
              })
              .concat({
                // Backups and restore (Owners), in the same shell.
                path: paths.backups,
                ErrorBoundary: ScreenError,
                ...screenRoute(
                  () =>
                    import("@/features/backups/components/backups-screen").then((m) => ({
                      Component: m.BackupsScreen,
                    })),
                  "owner",
                  () => import("@/features/backups/api/backups").then((m) => m.backupsScreenData),
                ),
              })
              .concat({
                // API tokens and webhooks (Owners), in the same shell.
                path: paths.integrations,
                ErrorBoundary: ScreenError,
                ...screenRoute(
                  () =>
                    import("@/features/integrations/components/integrations-screen").then((m) => ({
                      Component: m.IntegrationsScreen,
                    })),
                  "owner",
                  () =>
                    import("@/features/integrations/api/integrations").then((m) => m.integrationsScreenData),
                ),
              }),
          },
        ],
      },
      // An invitation link: public, outside the site prefixes, signed in or not
      // (docs/PRODUCT-RULES.md#team-screen-and-invitations).
      { path: paths.invitation, lazy: () => import("./routes/invitation") },
      { path: "*", element: <Navigate to={paths.root} replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
