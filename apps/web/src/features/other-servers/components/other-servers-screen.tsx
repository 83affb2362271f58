import { ScreenPlaceholder } from "@/components/screen-placeholder";
import { useCurrentSite } from "@/hooks/use-current-site";

/** Other Servers (sportbn). Placeholder until its own issue replaces this component. */
export function OtherServersScreen() {
  const site = useCurrentSite();
  return (
    <ScreenPlaceholder
      title="Other Servers"
      description="Manage additional servers for match streaming."
      siteName={site.name}
    />
  );
}
