import { type SiteResource, siteHas } from "@backoffice/contracts/resources";
import {
  CalendarClock,
  CalendarDays,
  Clapperboard,
  DownloadCloud,
  Gamepad2,
  History as HistoryIcon,
  Images,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Megaphone,
  MessagesSquare,
  RadioTower,
  Server,
  Timer,
  Trash2,
  UserCog,
} from "lucide-react";
import type { ComponentType } from "react";
import type { ScreenData } from "@/lib/screen-data";
import { type NavItem, type SiteSettings, sites } from "@/sites";
import type { SiteKey } from "@/sites/keys";

export type SiteRoute = {
  /** Path below the site prefix, in React Router syntax. */
  path: string;
  /** What it shows: the route exists on the sites that have this resource (packages/contracts resources.ts). */
  resource: SiteResource;
  /** Navigation label, also the screen's heading. */
  label: string;
  icon: LucideIcon;
  /** false: reached from another screen, not the sidebar. */
  nav?: false;
  /** The screen, downloaded as its own chunk when the route is first opened. */
  lazy: () => Promise<{ Component: ComponentType }>;
  /**
   * What the screen loads first (its feature's api file), downloaded beside `lazy` and started by the
   * route's loader while the screen's code downloads; absent for a screen with no data of its own.
   */
  data?: () => Promise<ScreenData>;
  /** Only on the sites for which this holds, when a resource's screen differs between sites. */
  only?: (site: SiteSettings) => boolean;
};

const adsScreen = () =>
  import("@/features/ads/components/ads-screen").then((m) => ({ Component: m.AdsScreen }));
const adsData = () => import("@/features/ads/api/get-ads").then((m) => m.adsScreenData);

/**
 * Every screen of a site section, in sidebar order. A site has the screens of the resources it has
 * (`SITE_RESOURCES`); a new screen is one entry here, with its own lazy loader and, when it loads
 * data, the `ScreenData` of its api file.
 */
const SITE_ROUTES: readonly SiteRoute[] = [
  {
    path: "apps",
    resource: "apps",
    label: "Apps & Games",
    icon: Gamepad2,
    lazy: () => import("@/features/apps/components/apps-screen").then((m) => ({ Component: m.AppsScreen })),
    data: () => import("@/features/apps/api/get-apps").then((m) => m.appsScreenData),
  },
  {
    path: "matches",
    resource: "matches",
    label: "Manage Matches",
    icon: CalendarDays,
    lazy: () =>
      import("@/features/matches/components/matches-screen").then((m) => ({ Component: m.MatchesScreen })),
    data: () => import("@/features/matches/api/matches").then((m) => m.matchesScreenData),
  },
  {
    path: "fetch-matches",
    resource: "matches",
    label: "Fetch Matches",
    icon: RadioTower,
    lazy: () =>
      import("@/features/matches/components/fetch-matches-screen").then((m) => ({
        Component: m.FetchMatchesScreen,
      })),
    data: () => import("@/features/matches/api/feed").then((m) => m.fetchMatchesScreenData),
  },
  {
    path: "servers",
    resource: "matches",
    label: "Other Servers",
    icon: Server,
    lazy: () =>
      import("@/features/matches/components/other-servers-screen").then((m) => ({
        Component: m.OtherServersScreen,
      })),
    data: () => import("@/features/matches/api/matches").then((m) => m.otherServersScreenData),
  },
  {
    path: "list",
    resource: "catalog",
    label: "Movies & TV List",
    icon: Clapperboard,
    lazy: () =>
      import("@/features/movies/components/movies-list-screen").then((m) => ({
        Component: m.MoviesListScreen,
      })),
    data: () => import("@/features/movies/api/catalog").then((m) => m.moviesListScreenData),
  },
  {
    path: "import",
    resource: "catalog",
    label: "Import Movies & TV",
    icon: DownloadCloud,
    lazy: () =>
      import("@/features/movies/components/movies-import-screen").then((m) => ({
        Component: m.MoviesImportScreen,
      })),
    data: () => import("@/features/movies/api/tmdb").then((m) => m.moviesImportScreenData),
  },
  {
    path: "ads",
    resource: "ads",
    label: "Manage Ads",
    icon: Megaphone,
    lazy: adsScreen,
    data: adsData,
    only: (s) => !s.adPages,
  },
  // Movies ads have one list per page, each at its own URL.
  {
    path: "ads/:page?",
    resource: "ads",
    label: "Manage Ads",
    icon: Megaphone,
    lazy: adsScreen,
    data: adsData,
    only: (s) => s.adPages !== null,
  },
  {
    path: "locker",
    resource: "locker",
    label: "Manage Locker",
    icon: Timer,
    lazy: () =>
      import("@/features/locker/components/locker-screen").then((m) => ({ Component: m.LockerScreen })),
    data: () => import("@/features/locker/api/get-locker").then((m) => m.lockerScreenData),
  },
  {
    path: "emails",
    resource: "emails",
    label: "Manage Emails",
    icon: Mail,
    lazy: () =>
      import("@/features/emails/components/emails-screen").then((m) => ({ Component: m.EmailsScreen })),
    data: () => import("@/features/emails/api/get-emails").then((m) => m.emailsScreenData),
  },
  // Movies keeps the /emails path for its contact inbox.
  {
    path: "emails",
    resource: "contacts",
    label: "Manage Contacts",
    icon: MessagesSquare,
    lazy: () =>
      import("@/features/contacts/components/contacts-screen").then((m) => ({ Component: m.ContactsScreen })),
    data: () => import("@/features/contacts/api/contacts").then((m) => m.contactsScreenData),
  },
  {
    path: "profile",
    resource: "account",
    label: "Edit Profile",
    icon: UserCog,
    lazy: () =>
      import("@/features/profile/components/edit-profile").then((m) => ({ Component: m.EditProfile })),
  },
  {
    path: "media",
    resource: "media",
    label: "Media",
    icon: Images,
    lazy: () =>
      import("@/features/media/components/media-screen").then((m) => ({ Component: m.MediaScreen })),
    data: () => import("@/features/media/api/get-media").then((m) => m.mediaScreenData),
  },
  {
    path: "history",
    resource: "history",
    label: "History",
    icon: HistoryIcon,
    lazy: () =>
      import("@/features/history/components/history-screen").then((m) => ({ Component: m.HistoryScreen })),
    data: () => import("@/features/history/api/get-history").then((m) => m.historyScreenData),
  },
  {
    path: "schedule",
    resource: "schedule",
    label: "Schedule",
    icon: CalendarClock,
    lazy: () =>
      import("@/features/schedule/components/schedule-screen").then((m) => ({ Component: m.ScheduleScreen })),
    data: () => import("@/features/schedule/api/schedule").then((m) => m.scheduleScreenData),
  },
  // Its own sidebar item, after History; the path stays under History, where links lead.
  {
    path: "history/trash",
    resource: "history",
    label: "Trash",
    icon: Trash2,
    lazy: () =>
      import("@/features/trash/components/trash-screen").then((m) => ({ Component: m.TrashScreen })),
    data: () => import("@/features/trash/api/get-trash").then((m) => m.trashScreenData),
  },
];

/** The screens of a site, in sidebar order. */
export function routesOf(site: SiteKey): SiteRoute[] {
  return SITE_ROUTES.filter((route) => siteHas(site, route.resource) && (route.only?.(sites[site]) ?? true));
}

/**
 * The sidebar items of a site: Dashboard (the site root) and one per screen; with `all`, the screens
 * reached from another screen too (the command palette's list).
 */
export function navItems(site: SiteKey, all = false): NavItem[] {
  return [
    { label: "Dashboard", icon: LayoutDashboard, to: `/${site}` },
    ...routesOf(site)
      .filter((r) => all || r.nav !== false)
      .map((r) => ({
        label: r.label,
        icon: r.icon,
        to: `/${site}/${r.path.replace(/\/:[^/]+\??$/, "")}`,
      })),
  ];
}
