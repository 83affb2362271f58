import { ScreenPlaceholder } from "@/components/screen-placeholder";
import { useCurrentSite } from "@/hooks/use-current-site";

/** Manage Matches (sportbn). Placeholder until its own issue replaces this component. */
export function MatchesScreen() {
  const site = useCurrentSite();
  return (
    <ScreenPlaceholder
      title="Manage Matches"
      description="Create, edit and remove sports matches."
      siteName={site.name}
    />
  );
}
