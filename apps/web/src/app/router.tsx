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
import type { AdPage, ScreenKey, SiteRoute } from "@/sites";
import { sites } from "@/sites";
import { type SiteKey, siteKeys } from "@/sites/keys";
import { ProtectedRoute, PublicOnlyRoute } from "./routes/guards";
import { FullPageLoader, RootLayout } from "./routes/root-layout";
import { PageError, retryableScreen, ScreenError } from "./routes/route-error";

type LazyRoute = () => Promise<{ Component: React.ComponentType }>;

/** Each screen is its own chunk; later issues replace the feature component, not this table. */
const screens: Record<ScreenKey, LazyRoute> = {
  apps: () => import("@/features/apps/components/apps-screen").then((m) => ({ Component: m.AppsScreen })),
  ads: () => import("@/features/ads/components/ads-screen").then((m) => ({ Component: m.AdsScreen })),
  emails: () =>
    import("@/features/emails/components/emails-screen").then((m) => ({ Component: m.EmailsScreen })),
  contacts: () =>
    import("@/features/contacts/components/contacts-screen").then((m) => ({ Component: m.ContactsScreen })),
  locker: () =>
    import("@/features/locker/components/locker-screen").then((m) => ({ Component: m.LockerScreen })),
  matches: () =>
    import("@/features/matches/components/matches-screen").then((m) => ({ Component: m.MatchesScreen })),
  "fetch-matches": () =>
    import("@/features/matches/components/fetch-matches-screen").then((m) => ({
      Component: m.FetchMatchesScreen,
    })),
  servers: () =>
    import("@/features/matches/components/other-servers-screen").then((m) => ({
      Component: m.OtherServersScreen,
    })),
  "movies-list": () =>
    import("@/features/movies/components/movies-list-screen").then((m) => ({
      Component: m.MoviesListScreen,
    })),
  "movies-import": () =>
    import("@/features/movies/components/movies-import-screen").then((m) => ({
      Component: m.MoviesImportScreen,
    })),
  profile: () =>
    import("@/features/profile/components/edit-profile").then((m) => ({ Component: m.EditProfile })),
  history: () =>
    import("@/features/history/components/history-screen").then((m) => ({ Component: m.HistoryScreen })),
  trash: () => import("@/features/trash/components/trash-screen").then((m) => ({ Component: m.TrashScreen })),
};

function siteRoute(site: SiteKey, route: SiteRoute): RouteObject {
  const object: RouteObject = { path: route.path, lazy: retryableScreen(screens[route.screen]) };
  // /movies/ads/{page?}: the page is one of home, info, player, browse; any other path goes to /.
  if (route.path.includes(":page")) {
    object.loader = ({ params }) =>
      params.page === undefined || sites[site].adPages?.includes(params.page as AdPage)
        ? null
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
            children: siteKeys.map((key) => ({
              path: `/${key}`,
              // Inside the shell: a screen that fails keeps the sidebar and header around its message.
              ErrorBoundary: ScreenError,
              children: [
                { index: true, element: <Navigate to={`/${key}/${sites[key].home}`} replace /> },
                ...sites[key].routes.map((route) => siteRoute(key, route)),
              ],
            })),
          },
        ],
      },
      { path: "*", element: <Navigate to={paths.root} replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
