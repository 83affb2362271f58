import type { Locker } from "@backoffice/contracts";
import { WifiOff } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { ErrorState, LoadingState } from "@/components/states";
import { useSiteTimeZone } from "@/components/window/window-fields";
import { useCanWrite } from "@/hooks/use-access";
import { useCurrentSite } from "@/hooks/use-current-site";
import { useErrorToast } from "@/hooks/use-error-toast";
import { toast } from "@/lib/toast";
import { useLocker } from "../api/get-locker";
import { lockerTexts, lockerValuesOf } from "../utils/locker-texts";
import { LockerForm } from "./locker-form";
import { LockerSummary, StatusIndicator, useLockerActive } from "./locker-summary";

/** Manage Locker: sportbn's type, seconds and switch, or movies' fixed-js variant. */
export function LockerScreen() {
  const site = useCurrentSite();
  const variant = site.lockerVariant ?? "sportbn";
  const texts = lockerTexts[variant];
  const query = useLocker(site);
  const canWrite = useCanWrite(site.key);

  useErrorToast(query, (error) =>
    toast({
      title: texts.loadFailed,
      description: (error instanceof Error && error.message) || texts.unknownError,
      variant: "destructive",
    }),
  );

  const locker: Locker | null = query.data ?? null;
  const saved = lockerValuesOf(locker, site.lockerTypes ?? ["js"]);
  const active = useLockerActive(locker, saved);
  const timeZone = useSiteTimeZone();

  return (
    <div className="grid gap-6">
      <PageHeader
        title={texts.heading}
        description="Set the wait timer the public site shows before its content."
        actions={query.isSuccess ? <StatusIndicator isActive={active} /> : undefined}
      />
      {query.isPending ? (
        <LoadingState label="Loading locker settings..." />
      ) : query.isError ? (
        <ErrorState
          icon={WifiOff}
          title={texts.loadFailed}
          description={(query.error instanceof Error && query.error.message) || texts.unknownError}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : !canWrite ? (
        // A Viewer reads the setting; the form is for those who may change it.
        <div className="max-w-xl">
          <LockerSummary variant={variant} site={site.key} saved={saved} locker={locker} />
        </div>
      ) : (
        <LockerForm
          // A new record (first save) starts the form from what the server stored; its window is
          // shown in the site's time zone once /config has said which.
          key={`${locker?._id ?? "new"} ${timeZone}`}
          site={site}
          variant={variant}
          locker={locker}
          saved={saved}
        />
      )}
    </div>
  );
}
