import type { Ad } from "@backoffice/contracts";
import { Megaphone, Plus, WifiOff } from "lucide-react";
import { ClearFiltersButton } from "@/components/list/list-body";
import { EmptyState, ErrorState, ListSkeleton } from "@/components/states";
import { Button } from "@/components/ui/button";
import { useWindowClock } from "@/components/window/window-badge";
import { useWindowFilter, WindowFilterSelect } from "@/components/window/window-filter";
import { inWindowFilter } from "@/components/window/window-state";
import { useCanWrite } from "@/hooks/use-access";
import { useErrorToast } from "@/hooks/use-error-toast";
import { toast } from "@/lib/toast";
import type { AdPage, SiteSettings } from "@/sites";
import { useAds } from "../api/get-ads";
import { adMessages } from "../utils/ad-form";
import { AdCard } from "./ad-card";

/** The ads of a site (movies: of one page), newest first. */
export function AdsList({
  site,
  page,
  onEdit,
  onCreate,
}: {
  site: SiteSettings;
  page: AdPage | null;
  onEdit: (ad: Ad) => void;
  /** The screen's main action, offered by the empty state. */
  onCreate: () => void;
}) {
  const query = useAds(site, page);
  const canWrite = useCanWrite(site.key);
  // Cards and the Window filter follow the clock: read again at the next opening or closing.
  const now = useWindowClock(query.data);
  const windowFilter = useWindowFilter();
  useErrorToast(query, () => toast({ ...site.wording.adsLoadError, variant: "destructive" }));

  if (query.isPending) {
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">Loading ads...</span>
        <ListSkeleton rows={3} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        icon={WifiOff}
        title={site.wording.adsLoadError.title}
        description={site.wording.adsLoadError.description}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={Megaphone}
        title={adMessages.empty}
        // A Viewer cannot create one: no hint to do what they cannot.
        description={canWrite ? adMessages.emptyHint : undefined}
        action={
          canWrite && (
            <Button onClick={onCreate}>
              <Plus aria-hidden="true" />
              {adMessages.createFirst}
            </Button>
          )
        }
      />
    );
  }
  const shown = query.data.filter((ad) => inWindowFilter(ad, windowFilter.value, now));
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <WindowFilterSelect value={windowFilter.value} onChange={windowFilter.set} />
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {shown.length} {shown.length === 1 ? "ad" : "ads"}
        </p>
      </div>
      {shown.length === 0 ? (
        <EmptyState
          icon={Megaphone}
          title={adMessages.noneInFilter}
          action={<ClearFiltersButton onClick={windowFilter.clear} />}
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Ads">
          {shown.map((ad) => (
            <li key={ad._id}>
              <AdCard ad={ad} site={site} onEdit={onEdit} now={now} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
