import { Download, MoreVertical, Plus, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { SiteSettings } from "@/sites";

/**
 * The link to the Import screen: a menu item's or a button's child (`asChild`), so an element that
 * takes their props, not a component of its own.
 */
export const importLink = (site: SiteSettings) => (
  <Link to={`/${site.key}/import`}>
    <Download aria-hidden="true" />
    Import Movies & TV
  </Link>
);

/** Quick Add (for a member who may write), and More actions: Refresh, Import. */
export function MoviesHeaderActions({
  site,
  canWrite,
  onQuickAdd,
  onRefresh,
}: {
  site: SiteSettings;
  canWrite: boolean;
  onQuickAdd: () => void;
  onRefresh: () => void;
}) {
  return (
    <div className="flex w-full gap-2 sm:w-auto">
      {canWrite && (
        <Button onClick={onQuickAdd} className="flex-1 sm:flex-none">
          <Plus aria-hidden="true" />
          Quick Add
        </Button>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="icon" aria-label="More actions">
            <MoreVertical aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={onRefresh}>
            <RefreshCw aria-hidden="true" />
            Refresh
          </DropdownMenuItem>
          {canWrite && <DropdownMenuItem asChild>{importLink(site)}</DropdownMenuItem>}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
