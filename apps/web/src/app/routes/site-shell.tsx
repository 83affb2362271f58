import { Eye } from "lucide-react";
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { ConfirmProvider } from "@/components/confirm-dialog";
import { Header } from "@/components/layout/header";
import { SidebarContent } from "@/components/layout/sidebar";
import { ErrorState, LoadingState } from "@/components/states";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { paths } from "@/config/paths";
import { useLogout } from "@/features/auth/api/logout";
import { authMessages } from "@/features/auth/messages";
import { useChangesNotApplied } from "@/features/schedule/api/schedule";
import { useCanWrite, useMemberSites } from "@/hooks/use-access";
import { useBreakpoint } from "@/hooks/use-breakpoint";
import { useLiveEvents } from "@/hooks/use-live-events";
import { useMe, useMySecondFactor } from "@/hooks/use-me";
import { useSession } from "@/hooks/use-session";
import { hostOf } from "@/lib/format";
import { clearSession, getStoredSite, storeSite } from "@/lib/session";
import { useConfig } from "@/lib/site-config";
import { requestToaster, toast } from "@/lib/toast";
import { activeNavItem, type SiteKey, siteOfPath, sites } from "@/sites";
import { isSiteKey } from "@/sites/keys";
import { navItems } from "../site-routes";
import { CommandPalette } from "./command-palette";
import { QueryBoundary } from "./query-boundary";

/** The dashboard shell: header, sidebar and current screen (docs/PRODUCT-RULES.md#routes-and-navigation). */
export function SiteShell() {
  return (
    <QueryBoundary>
      <ConfirmProvider>
        <MemberGate>
          <Shell />
        </MemberGate>
      </ConfirmProvider>
    </QueryBoundary>
  );
}

/**
 * The signed-in member's level and sites (GET /auth/me) come before any screen: the shell shows
 * only their sites and the screens only their writes (docs/PRODUCT-RULES.md#team-and-access).
 */
function MemberGate({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.data) return children;
  if (me.isError)
    return (
      <ErrorState
        title="The dashboard could not load your account"
        description="Check the connection and try again."
        onRetry={() => me.refetch()}
        retrying={me.isFetching}
      />
    );
  return <LoadingState className="min-h-dvh" />;
}

/** The account menu's screens outside the sites, by path: the title's screen name. */
const ACCOUNT_SCREENS: Record<string, string> = {
  [paths.jobs]: "Jobs",
  [paths.security]: "Security",
  [paths.team]: "Team",
  [paths.backups]: "Backups",
  [paths.integrations]: "Integrations",
};

function Shell() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  // The account menu's Team is for Owners only (docs/PRODUCT-RULES.md#team-screen-and-invitations).
  const isOwner = useMe().data?.level === "owner";
  const { desktop } = useBreakpoint();
  // Only the member's sites (MemberGate has loaded them): in the switcher, and as the section shown.
  const memberSites = useMemberSites() ?? [];
  // A path outside the sites (the Jobs screen) keeps the site last used.
  const pathSite = siteOfPath(pathname);
  const stored = getStoredSite();
  const own = (key: string | null): key is SiteKey => isSiteKey(key) && memberSites.includes(key);
  const site: SiteKey = own(pathSite) ? pathSite : own(stored) ? stored : memberSites[0]!;
  const settings = sites[site];
  const canWrite = useCanWrite(site);

  // Open by default at 992px and wider, closed below; a breakpoint change resets it.
  const [open, setOpen] = useState(desktop);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => setOpen(desktop), [desktop]);

  // A path of a site selects that site (links and bookmarks work).
  useEffect(() => storeSite(site), [site]);
  useEffect(requestToaster, []);
  // While a second factor must be set up, Security is all there is (docs/PRODUCT-RULES.md#second-factor):
  // no sidebar, site switcher, command palette or live stream, which the api would refuse.
  const setupNeeded = useMySecondFactor().data?.setupNeeded === true;
  // Screens stay current without a reload (docs/PRODUCT-RULES.md#live-updates).
  useLiveEvents(!setupNeeded);

  const config = useConfig();
  const configured = config.data?.sites[site];
  const siteName = configured?.name ?? settings.name;
  const siteHost = configured
    ? hostOf(configured.url)
    : config.isError
      ? hostOf(settings.fallbackUrl)
      : undefined;

  const items = navItems(site);
  const active = activeNavItem(items, pathname);
  // Scheduled changes that were not applied are told to everyone on the site, until dismissed.
  // Not while a second factor must be set up first: the api refuses every screen's data then.
  const notApplied = useChangesNotApplied(settings, !setupNeeded);
  const scheduleItem = items.find((item) => item.to.endsWith("/schedule"));
  const notices = scheduleItem && {
    [scheduleItem.to]: {
      count: notApplied,
      label: `${notApplied} scheduled ${notApplied === 1 ? "change was" : "changes were"} not applied`,
    },
  };

  // Screens outside the sites are the account menu's (Jobs: all sites'; Security: the member's own).
  const screenLabel = pathSite ? (active?.label ?? "Dashboard") : (ACCOUNT_SCREENS[pathname] ?? "Jobs");
  useEffect(() => {
    document.title = `${screenLabel} · ${settings.name} · Back-office`;
  }, [screenLabel, settings.name]);

  const logout = useLogout();
  const onLogout = () => {
    // The session ends locally whatever the server says; the token is revoked when it answers.
    logout.mutate(undefined, {
      onSettled: (providerSignOut) => {
        clearSession();
        // An SSO session also signs out at its provider, which sends the browser back to /login.
        if (providerSignOut) return window.location.assign(providerSignOut);
        navigate(paths.root, { replace: true });
        toast({
          title: authMessages.loggedOut,
          description: authMessages.loggedOutDescription,
          variant: "success",
        });
      },
    });
  };

  const onSiteChange = (next: SiteKey) => {
    storeSite(next);
    navigate(paths.site(next));
  };

  const sidebar = (
    <SidebarContent
      siteName={siteName}
      siteHost={siteHost}
      items={items}
      active={active}
      onNavigate={desktop ? undefined : () => setOpen(false)}
      notices={notices}
    />
  );

  // A direct URL to another site's screen lands on the member's own first site.
  if (pathSite && !own(pathSite)) return <Navigate to={paths.site(memberSites[0]!)} replace />;

  return (
    <>
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <div className="flex min-h-dvh bg-muted/30">
        {!setupNeeded && desktop && open && (
          <aside
            id="app-sidebar"
            aria-label="Sidebar"
            className="sticky top-0 h-dvh w-64 shrink-0 border-r border-sidebar-border bg-sidebar"
          >
            {sidebar}
          </aside>
        )}
        {!setupNeeded && !desktop && (
          <Sheet open={open} onOpenChange={setOpen}>
            <SheetContent
              id="app-sidebar"
              aria-label="Sidebar"
              // The drawer opens from the header's toggle, not a Radix trigger: focus goes back to it.
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                toggleRef.current?.focus();
              }}
            >
              <SheetTitle className="sr-only">Navigation</SheetTitle>
              <SheetDescription className="sr-only">{settings.name} sections</SheetDescription>
              {sidebar}
            </SheetContent>
          </Sheet>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <Header
            sidebarOpen={open}
            onToggleSidebar={() => setOpen((v) => !v)}
            toggleRef={toggleRef}
            site={site}
            sites={memberSites.map((key) => sites[key])}
            onSiteChange={onSiteChange}
            userEmail={session?.user.email ?? ""}
            profilePath={`/${site}/profile`}
            jobsPath={paths.jobs}
            securityPath={paths.security}
            teamPath={isOwner ? paths.team : undefined}
            backupsPath={isOwner ? paths.backups : undefined}
            integrationsPath={isOwner ? paths.integrations : undefined}
            onLogout={onLogout}
            loggingOut={logout.isPending}
            commands={
              !setupNeeded && <CommandPalette site={site} onSiteChange={onSiteChange} onLogout={onLogout} />
            }
            setupOnly={setupNeeded}
          />
          <main id="main-content" tabIndex={-1} className="flex-1 p-4 pb-32 outline-none sm:p-6 lg:p-8">
            <div className="mx-auto w-full max-w-7xl">
              {/* Every screen of a site the member only views says so, once (docs/PRODUCT-RULES.md#team-and-access). */}
              {pathSite && !canWrite && (
                <p
                  data-slot="view-only"
                  className="mb-4 flex items-center gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm text-muted-foreground"
                >
                  <Eye aria-hidden="true" className="size-4 shrink-0" />
                  You can view {settings.name}; an Owner can give you more
                </p>
              )}
              <Outlet />
            </div>
          </main>
        </div>
      </div>
    </>
  );
}

export { SiteShell as Component };
