import { ScreenPlaceholder } from "@/components/screen-placeholder";
import { useCurrentSite } from "@/hooks/use-current-site";

/** Manage Locker (sportbn, movies). Placeholder until its own issue replaces this component. */
export function LockerScreen() {
  const site = useCurrentSite();
  return (
    <ScreenPlaceholder
      title="Manage Locker"
      description="Configure the wait timer the public site shows."
      siteName={site.name}
    />
  );
}
