import {
  AD_PAGES,
  LOCKER_TYPES_OF,
  type LockerKind,
  SITE_NAMES,
  TRUNCATION,
  type Truncation,
  WORDING_VARIANT,
  type WordingVariant,
} from "@backoffice/contracts/site-rules";
import {
  CalendarDays,
  Clapperboard,
  DownloadCloud,
  Gamepad2,
  History as HistoryIcon,
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
import { type SiteKey, siteKeys } from "./keys";

export { DEFAULT_SITE, type SiteKey, siteOfPath } from "./keys";

/** Screens a site section can show; the router maps each to its feature component. */
export type ScreenKey =
  | "apps"
  | "ads"
  | "emails"
  | "contacts"
  | "locker"
  | "matches"
  | "fetch-matches"
  | "servers"
  | "movies-list"
  | "movies-import"
  | "profile"
  | "history"
  | "trash";

export type SiteRoute = {
  /** Path below the site prefix, in React Router syntax. */
  path: string;
  screen: ScreenKey;
  /** Navigation label, also the screen's heading. */
  label: string;
  icon: LucideIcon;
  /** false: reached from another screen, not the sidebar (the Trash, from History). */
  nav?: false;
};

export type NavItem = { label: string; to: string; icon: LucideIcon };

export type AdPage = "home" | "info" | "player" | "browse";

export type SiteSettings = {
  key: SiteKey;
  /** Display name; the public URL comes from GET /config at run time. */
  name: string;
  /** Shown until /config answers. */
  fallbackUrl: string;
  /** Where /{site} leads. */
  home: string;
  routes: SiteRoute[];
  /** The API client variant (movies has its own wording). */
  apiVariant: WordingVariant;
  wording: {
    adsLoadError: { title: string; description: string };
    adUpdated: string;
  };
  /** Character limits of shortened texts, per breakpoint (narrow < 992px, mobile < 640px). */
  truncation: Truncation;
  /** Movies ads have one list per page (tabs); the others have a single list. */
  adPages: readonly AdPage[] | null;
  lockerTypes: readonly LockerKind[] | null;
  /** Which Manage Locker the site shows (sportbn's or movies' calls and wording), or null. */
  lockerVariant: "sportbn" | "movies" | null;
};

const dashboard = (icon: LucideIcon = LayoutDashboard) => ({ label: "Dashboard", icon });

// apkw uses sportbn's wording and truncation lengths for ads and emails.
const sportbnWording: SiteSettings["wording"] = {
  adsLoadError: { title: "Connection Error", description: "Failed to connect to email API" },
  adUpdated: "Ad created successfully",
};

/** The per-site rules shared with the server (packages/contracts/src/site-rules.ts). */
const rulesOf = (site: SiteKey) => ({
  apiVariant: WORDING_VARIANT[site],
  truncation: TRUNCATION[site],
  adPages: (AD_PAGES[site] as readonly AdPage[] | undefined) ?? null,
  lockerTypes: LOCKER_TYPES_OF[site] ?? null,
});

/** Every screen a site section may have; each site lists its own, in sidebar order. */
const ROUTES = {
  apps: { path: "apps", screen: "apps", label: "Apps & Games", icon: Gamepad2 },
  matches: { path: "matches", screen: "matches", label: "Manage Matches", icon: CalendarDays },
  fetchMatches: { path: "fetch-matches", screen: "fetch-matches", label: "Fetch Matches", icon: RadioTower },
  servers: { path: "servers", screen: "servers", label: "Other Servers", icon: Server },
  moviesList: { path: "list", screen: "movies-list", label: "Movies & TV List", icon: Clapperboard },
  moviesImport: { path: "import", screen: "movies-import", label: "Import Movies & TV", icon: DownloadCloud },
  ads: { path: "ads", screen: "ads", label: "Manage Ads", icon: Megaphone },
  // Movies ads have one list per page, each at its own URL.
  adsByPage: { path: "ads/:page?", screen: "ads", label: "Manage Ads", icon: Megaphone },
  locker: { path: "locker", screen: "locker", label: "Manage Locker", icon: Timer },
  emails: { path: "emails", screen: "emails", label: "Manage Emails", icon: Mail },
  // Movies keeps the /emails path for its contact inbox.
  contacts: { path: "emails", screen: "contacts", label: "Manage Contacts", icon: MessagesSquare },
  profile: { path: "profile", screen: "profile", label: "Edit Profile", icon: UserCog },
  history: { path: "history", screen: "history", label: "History", icon: HistoryIcon },
  // Under History, so History stays the active sidebar item (the screens' items, plus History).
  trash: { path: "history/trash", screen: "trash", label: "Trash", icon: Trash2, nav: false },
} satisfies Record<string, SiteRoute>;

/** What differs between the sites is data: their screens, home, wording and the shared rules. */
const site = (
  key: SiteKey,
  settings: Pick<SiteSettings, "home" | "routes" | "wording" | "lockerVariant">,
): SiteSettings => ({
  key,
  name: SITE_NAMES[key],
  fallbackUrl: `https://${key}.example`,
  ...settings,
  ...rulesOf(key),
});

export const sites: Record<SiteKey, SiteSettings> = {
  apkw: site("apkw", {
    home: "apps",
    routes: [ROUTES.apps, ROUTES.ads, ROUTES.emails, ROUTES.profile, ROUTES.history, ROUTES.trash],
    wording: sportbnWording,
    lockerVariant: null,
  }),
  sportbn: site("sportbn", {
    home: "matches",
    routes: [
      ROUTES.matches,
      ROUTES.fetchMatches,
      ROUTES.servers,
      ROUTES.ads,
      ROUTES.locker,
      ROUTES.emails,
      ROUTES.profile,
      ROUTES.history,
      ROUTES.trash,
    ],
    wording: sportbnWording,
    lockerVariant: "sportbn",
  }),
  movies: site("movies", {
    home: "list",
    routes: [
      ROUTES.moviesList,
      ROUTES.moviesImport,
      ROUTES.adsByPage,
      ROUTES.locker,
      ROUTES.contacts,
      ROUTES.profile,
      ROUTES.history,
      ROUTES.trash,
    ],
    wording: {
      adsLoadError: { title: "Connection Error", description: "Failed to fetch ads" },
      adUpdated: "Ad updated successfully",
    },
    lockerVariant: "movies",
  }),
};

export const siteList: SiteSettings[] = siteKeys.map((key) => sites[key]);

/** The sidebar items of a site: Dashboard (the site root) and one per screen. */
export function navItems(site: SiteKey): NavItem[] {
  const settings = sites[site];
  const { label, icon } = dashboard();
  return [
    { label, icon, to: `/${site}` },
    ...settings.routes
      .filter((r) => r.nav !== false)
      .map((r) => ({
        label: r.label,
        icon: r.icon,
        to: `/${site}/${r.path.replace(/\/:[^/]+\??$/, "")}`,
      })),
  ];
}

/** The item whose path is the longest prefix of `pathname`, or null. */
export function activeNavItem(items: NavItem[], pathname: string): NavItem | null {
  let best: NavItem | null = null;
  for (const item of items) {
    const matches = pathname === item.to || pathname.startsWith(`${item.to}/`);
    if (matches && (!best || item.to.length > best.to.length)) best = item;
  }
  return best;
}
