import { Link } from "react-router";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import type { NavItem } from "@/sites";

export type SidebarContentProps = {
  siteName: string;
  /** The host of the site's public URL; undefined while loading. */
  siteHost: string | undefined;
  items: NavItem[];
  active: NavItem | null;
  onNavigate?: () => void;
  /** A count to notice beside an item (by its `to`), and what it counts for screen readers. */
  notices?: Readonly<Record<string, { count: number; label: string }>>;
};

/** The site name and domain, then the section's navigation with the active item marked. */
export function SidebarContent({
  siteName,
  siteHost,
  items,
  active,
  onNavigate,
  notices = {},
}: SidebarContentProps) {
  return (
    <div className="flex h-full flex-col gap-2">
      <div className="flex h-14 shrink-0 items-center gap-3 border-b border-sidebar-border px-4">
        <span
          className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-sm font-semibold text-primary-foreground"
          aria-hidden="true"
        >
          {siteName.slice(0, 1)}
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold leading-tight" data-testid="sidebar-site-name">
            {siteName}
          </p>
          {siteHost ? (
            <p className="truncate text-xs text-muted-foreground" data-testid="sidebar-site-host">
              {siteHost}
            </p>
          ) : (
            <Skeleton className="mt-1 h-3 w-24" />
          )}
        </div>
      </div>
      <nav aria-label={`${siteName} navigation`} className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="grid gap-1">
          {items.map((item) => {
            const isActive = item === active;
            const Icon = item.icon;
            const notice = notices[item.to];
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={onNavigate}
                  aria-current={isActive ? "page" : undefined}
                  className={cn(
                    "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-sidebar-foreground/80 outline-none transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring",
                    isActive && "bg-sidebar-accent text-sidebar-accent-foreground",
                  )}
                >
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  <span className="truncate">{item.label}</span>
                  {notice && notice.count > 0 && (
                    <span
                      data-slot="nav-notice"
                      className="ml-auto rounded-full bg-destructive px-1.5 text-xs font-semibold text-white tabular-nums"
                    >
                      <span aria-hidden="true">{notice.count}</span>
                      <span className="sr-only">({notice.label})</span>
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
