import { ScreenPlaceholder } from "@/components/screen-placeholder";
import { useCurrentSite } from "@/hooks/use-current-site";

/** Fetch Matches (sportbn). Placeholder until its own issue replaces this component. */
export function FetchMatchesScreen() {
  const site = useCurrentSite();
  return (
    <ScreenPlaceholder
      title="Fetch Matches"
      description="Pull today's fixtures from the sports feed and accept them."
      siteName={site.name}
    />
  );
}
