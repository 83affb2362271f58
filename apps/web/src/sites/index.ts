import {
  CalendarDays,
  Clapperboard,
  DownloadCloud,
  Gamepad2,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Megaphone,
  MessagesSquare,
  RadioTower,
  Server,
  Timer,
  UserCog,
} from "lucide-react";
import { type SiteKey, siteKeys } from "./keys";

export { DEFAULT_SITE, isSiteKey, type SiteKey, siteKeys, siteOfPath } from "./keys";

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
  | "profile";

export type SiteRoute = {
  /** Path below the site prefix, in React Router syntax. */
  path: string;
  screen: ScreenKey;
  /** Navigation label (DESIGN §9), also the screen's heading. */
  label: string;
  icon: LucideIcon;
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
  /** The API client variant (movies has its own wording, DESIGN §9). */
  apiVariant: "default" | "movies";
  wording: {
    adsLoadError: { title: string; description: string };
    adUpdated: string;
  };
  /** Character limits of shortened texts, per breakpoint (narrow < 992px, mobile < 640px). */
  truncation: {
    appTitle: { desktop: number };
    matchTeamName: { narrow: number };
    fetchTeamName: { narrow: number };
    adPageName: { narrow: number };
    adUrl: { default: number; mobile: number };
  };
  /** Movies ads have one list per page (tabs); the others have a single list. */
  adPages: AdPage[] | null;
  lockerTypes: ("js" | "api")[] | null;
  /** Which Manage Locker the site shows (spec §2, §7, §8: sportbn's or movies' calls and wording), or null. */
  lockerVariant: "sportbn" | "movies" | null;
};

const dashboard = (icon: LucideIcon = LayoutDashboard) => ({ label: "Dashboard", icon });

// apkw uses sportbn's wording and truncation lengths for ads and emails (DESIGN §9).
const sportbnWording: SiteSettings["wording"] = {
  adsLoadError: { title: "Connection Error", description: "Failed to connect to email API" },
  adUpdated: "Ad created successfully",
};
const sportbnTruncation: SiteSettings["truncation"] = {
  appTitle: { desktop: 8 },
  matchTeamName: { narrow: 10 },
  fetchTeamName: { narrow: 15 },
  adPageName: { narrow: 5 },
  adUrl: { default: 20, mobile: 15 },
};

export const sites: Record<SiteKey, SiteSettings> = {
  apkw: {
    key: "apkw",
    name: "APKW",
    fallbackUrl: "https://apkw.example",
    home: "apps",
    routes: [
      { path: "apps", screen: "apps", label: "Apps & Games", icon: Gamepad2 },
      { path: "ads", screen: "ads", label: "Manage Ads", icon: Megaphone },
      { path: "emails", screen: "emails", label: "Manage Emails", icon: Mail },
      { path: "profile", screen: "profile", label: "Edit Profile", icon: UserCog },
    ],
    apiVariant: "default",
    wording: sportbnWording,
    truncation: sportbnTruncation,
    adPages: null,
    lockerTypes: null,
    lockerVariant: null,
  },
  sportbn: {
    key: "sportbn",
    name: "SportBN",
    fallbackUrl: "https://sportbn.example",
    home: "matches",
    routes: [
      { path: "matches", screen: "matches", label: "Manage Matches", icon: CalendarDays },
      { path: "fetch-matches", screen: "fetch-matches", label: "Fetch Matches", icon: RadioTower },
      { path: "servers", screen: "servers", label: "Other Servers", icon: Server },
      { path: "ads", screen: "ads", label: "Manage Ads", icon: Megaphone },
      { path: "locker", screen: "locker", label: "Manage Locker", icon: Timer },
      { path: "emails", screen: "emails", label: "Manage Emails", icon: Mail },
      { path: "profile", screen: "profile", label: "Edit Profile", icon: UserCog },
    ],
    apiVariant: "default",
    wording: sportbnWording,
    truncation: sportbnTruncation,
    adPages: null,
    lockerTypes: ["js", "api"],
    lockerVariant: "sportbn",
  },
  movies: {
    key: "movies",
    name: "Movies",
    fallbackUrl: "https://movies.example",
    home: "list",
    routes: [
      { path: "list", screen: "movies-list", label: "Movies & TV List", icon: Clapperboard },
      { path: "import", screen: "movies-import", label: "Import Movies & TV", icon: DownloadCloud },
      { path: "ads/:page?", screen: "ads", label: "Manage Ads", icon: Megaphone },
      { path: "locker", screen: "locker", label: "Manage Locker", icon: Timer },
      { path: "emails", screen: "contacts", label: "Manage Contacts", icon: MessagesSquare },
      { path: "profile", screen: "profile", label: "Edit Profile", icon: UserCog },
    ],
    apiVariant: "movies",
    wording: {
      adsLoadError: { title: "Connection Error", description: "Failed to fetch ads" },
      adUpdated: "Ad updated successfully",
    },
    truncation: { ...sportbnTruncation, adUrl: { default: 40, mobile: 24 } },
    adPages: ["home", "info", "player", "browse"],
    lockerTypes: ["js"],
    lockerVariant: "movies",
  },
};

export const siteList: SiteSettings[] = siteKeys.map((key) => sites[key]);

/** The sidebar items of a site: Dashboard (the site root) and one per screen. */
export function navItems(site: SiteKey): NavItem[] {
  const settings = sites[site];
  const { label, icon } = dashboard();
  return [
    { label, icon, to: `/${site}` },
    ...settings.routes.map((r) => ({
      label: r.label,
      icon: r.icon,
      to: `/${site}/${r.path.replace(/\/:[^/]+\??$/, "")}`,
    })),
  ];
}

/** The item whose path is the longest prefix of `pathname` (DESIGN §9), or null. */
export function activeNavItem(items: NavItem[], pathname: string): NavItem | null {
  let best: NavItem | null = null;
  for (const item of items) {
    const matches = pathname === item.to || pathname.startsWith(`${item.to}/`);
    if (matches && (!best || item.to.length > best.to.length)) best = item;
  }
  return best;
}
