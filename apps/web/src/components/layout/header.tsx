import {
  ChevronDown,
  DatabaseBackup,
  LogOut,
  Monitor,
  Moon,
  PanelLeft,
  Plug,
  ShieldCheck,
  Sun,
  Timer,
  UserCog,
  Users,
} from "lucide-react";
import type { ReactNode, Ref } from "react";
import { Link } from "react-router";
import { OptionsSelect } from "@/components/options-select";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { setThemeChoice, type ThemeChoice, useThemeChoice } from "@/lib/theme";
import type { SiteKey, SiteSettings } from "@/sites";

const themes = [
  ["system", "System", Monitor],
  ["light", "Light", Sun],
  ["dark", "Dark", Moon],
] as const;

export type HeaderProps = {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  /** The sidebar toggle, where focus returns when the phone drawer closes. */
  toggleRef?: Ref<HTMLButtonElement>;
  site: SiteKey;
  sites: SiteSettings[];
  onSiteChange: (site: SiteKey) => void;
  userEmail: string;
  profilePath: string;
  /** All sites' jobs (the account menu's Jobs). */
  jobsPath: string;
  /** The member's sessions and sign-in factors (the account menu's Security). */
  securityPath: string;
  /** The Team screen (the account menu's Team), given to Owners only. */
  teamPath?: string | undefined;
  /** Backups, shown to Owners only. */
  backupsPath?: string | undefined;
  /** The Integrations screen (API tokens, webhooks), given to Owners only. */
  integrationsPath?: string | undefined;
  onLogout: () => void;
  loggingOut: boolean;
  /** Beside the account menu: the command palette's button. */
  commands?: ReactNode;
  /**
   * A second factor must be set up before anything else (docs/PRODUCT-RULES.md#second-factor): no
   * sidebar toggle, site switcher or account links but Security, where the member is.
   */
  setupOnly?: boolean;
};

/** Sidebar toggle, site switcher and the account menu with the theme and Logout. */
export function Header({
  sidebarOpen,
  onToggleSidebar,
  toggleRef,
  site,
  sites,
  onSiteChange,
  userEmail,
  profilePath,
  jobsPath,
  securityPath,
  teamPath,
  backupsPath,
  integrationsPath,
  onLogout,
  loggingOut,
  commands,
  setupOnly = false,
}: HeaderProps) {
  const theme = useThemeChoice();
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:gap-3 sm:px-4">
      {!setupOnly && (
        <>
          <Button
            variant="ghost"
            size="icon"
            ref={toggleRef}
            onClick={onToggleSidebar}
            aria-label={sidebarOpen ? "Close sidebar" : "Open sidebar"}
            aria-expanded={sidebarOpen}
            aria-controls="app-sidebar"
            data-testid="sidebar-toggle"
          >
            <PanelLeft aria-hidden="true" />
          </Button>
          <div className="h-5 w-px bg-border" aria-hidden="true" />
          <OptionsSelect
            aria-label="Site"
            className="h-9 min-w-32 font-medium"
            data-testid="site-switcher"
            value={site}
            onValueChange={(value) => onSiteChange(value as SiteKey)}
            options={sites.map((s) => [s.key, s.name])}
          />
        </>
      )}
      <div className="ml-auto flex items-center gap-1">
        {commands}
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" className="gap-2 px-2">
              <span
                className="flex size-7 items-center justify-center rounded-full bg-muted text-xs font-semibold uppercase"
                aria-hidden="true"
              >
                {userEmail.slice(0, 1) || "?"}
              </span>
              <span className="sr-only">Account menu for </span>
              {/* The address is visible from 768px; below, screen readers still hear it. */}
              <span className="sr-only md:not-sr-only md:max-w-48 md:truncate md:text-sm">{userEmail}</span>
              <ChevronDown className="size-4 text-muted-foreground" aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="w-56">
            <DropdownMenuLabel className="grid gap-0.5">
              <span className="text-xs font-normal text-muted-foreground">Signed in as</span>
              <span className="truncate">{userEmail}</span>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            {!setupOnly && (
              <>
                <DropdownMenuItem asChild>
                  <Link to={profilePath}>
                    <UserCog aria-hidden="true" />
                    Edit Profile
                  </Link>
                </DropdownMenuItem>
                <DropdownMenuItem asChild>
                  <Link to={jobsPath}>
                    <Timer aria-hidden="true" />
                    Jobs
                  </Link>
                </DropdownMenuItem>
              </>
            )}
            <DropdownMenuItem asChild>
              <Link to={securityPath}>
                <ShieldCheck aria-hidden="true" />
                Security
              </Link>
            </DropdownMenuItem>
            {teamPath && !setupOnly && (
              <DropdownMenuItem asChild>
                <Link to={teamPath}>
                  <Users aria-hidden="true" />
                  Team
                </Link>
              </DropdownMenuItem>
            )}
            {backupsPath && !setupOnly && (
              <DropdownMenuItem asChild>
                <Link to={backupsPath}>
                  <DatabaseBackup aria-hidden="true" />
                  Backups
                </Link>
              </DropdownMenuItem>
            )}
            {integrationsPath && !setupOnly && (
              <DropdownMenuItem asChild>
                <Link to={integrationsPath}>
                  <Plug aria-hidden="true" />
                  Integrations
                </Link>
              </DropdownMenuItem>
            )}
            <DropdownMenuSeparator />
            <DropdownMenuLabel className="text-xs font-normal text-muted-foreground" id="theme-label">
              Theme
            </DropdownMenuLabel>
            <DropdownMenuRadioGroup
              aria-labelledby="theme-label"
              value={theme}
              onValueChange={(value) => setThemeChoice(value as ThemeChoice)}
            >
              {themes.map(([value, label, Icon]) => (
                <DropdownMenuRadioItem key={value} value={value}>
                  <Icon aria-hidden="true" />
                  {label}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" disabled={loggingOut} onSelect={onLogout}>
              <LogOut aria-hidden="true" />
              Logout
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </header>
  );
}
