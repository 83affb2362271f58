import { ScreenPlaceholder } from "@/components/screen-placeholder";
import { useCurrentSite } from "@/hooks/use-current-site";

/** Manage Ads (all sites). Placeholder until its own issue replaces this component. */
export function AdsScreen() {
  const site = useCurrentSite();
  return (
    <ScreenPlaceholder
      title="Manage Ads"
      description="Create and manage advertisement scripts for your website."
      siteName={site.name}
    />
  );
}
