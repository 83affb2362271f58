import { ScreenPlaceholder } from "@/components/screen-placeholder";
import { useCurrentSite } from "@/hooks/use-current-site";

/** Apps & Games (apkw). Placeholder until its own issue replaces this component. */
export function AppsScreen() {
  const site = useCurrentSite();
  return (
    <ScreenPlaceholder
      title="Apps & Games"
      description="Manage the catalogue of apps and games."
      siteName={site.name}
    />
  );
}
