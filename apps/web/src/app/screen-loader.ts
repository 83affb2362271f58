import type { LoaderFunctionArgs, ShouldRevalidateFunction } from "react-router";
import { meQueryOptions } from "@/hooks/use-me";
import { queryClient } from "@/lib/query-client";
import type { ScreenData } from "@/lib/screen-data";
import { getSession, isSessionStale } from "@/lib/session";
import { DEFAULT_SITE, type SiteKey, siteOfPath, sites } from "@/sites";

/**
 * Who a screen's data is loaded for before the screen renders; anyone else's screen loads nothing
 * ahead (the shell sends them elsewhere, or the screen says why not):
 * - `{ site }`: members who read the site (docs/PRODUCT-RULES.md#team-and-access);
 * - `"member"`: every member (Jobs);
 * - `"owner"`: Owners (Team; others are told why not by the screen itself);
 * - `"set-up"`: every member, also while a second factor must be set up (Security, the one screen then).
 */
export type ScreenAccess = { site: SiteKey } | "member" | "owner" | "set-up";

/**
 * A screen's route loader: it starts the screen's data (`data`, downloaded beside the screen's code,
 * which React Router downloads in parallel with it) into the query cache and returns at once, so
 * navigation never waits for data; the screen then renders from the cache or from the load in
 * flight, instead of asking only once its code has arrived and rendered.
 *
 * It loads only what the screen itself would load, for whom the screen would: an administrator's
 * live session (as ProtectedRoute), no screen but Security while a second factor must be set up
 * (as SecondFactorGate), and a site's screen only for a member who reads the site. The member comes
 * from GET /auth/me, the query the shell makes anyway (cached after the first screen).
 */
export function screenLoader(access: ScreenAccess, data: () => Promise<ScreenData>) {
  return ({ request, params }: LoaderFunctionArgs) => {
    void prefetchScreen(access, data, request, params);
    return null;
  };
}

/**
 * The loader runs when a screen is opened, not again when the screen changes its own URL (a filter,
 * a page, a search as it is typed): those the screen loads itself, after the pause it waits for.
 */
export const openedOnly: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate;

async function prefetchScreen(
  access: ScreenAccess,
  data: () => Promise<ScreenData>,
  request: Request,
  params: LoaderFunctionArgs["params"],
) {
  const session = getSession();
  if (session?.user.role !== "admin" || isSessionStale()) return;
  try {
    const [screenData, me, { memberReadsSite }] = await Promise.all([
      data(),
      queryClient.ensureQueryData(meQueryOptions),
      import("@backoffice/contracts/auth"),
    ]);
    // Another navigation took its place meanwhile.
    if (request.signal.aborted) return;
    if (me.secondFactor.setupNeeded && access !== "set-up") return;
    if (access === "owner" && me.user.level !== "owner") return;
    if (typeof access === "object" && !memberReadsSite(me.user, access.site)) return;
    const url = new URL(request.url);
    const site = sites[siteOfPath(url.pathname) ?? DEFAULT_SITE];
    for (const prefetch of screenData({ site, search: url.searchParams, params })) void prefetch(queryClient);
  } catch {
    // The member or the screen's code could not be loaded: the shell and the screen show why themselves.
  }
}
