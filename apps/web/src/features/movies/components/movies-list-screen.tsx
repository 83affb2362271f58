import { ScreenPlaceholder } from "@/components/screen-placeholder";
import { useCurrentSite } from "@/hooks/use-current-site";

/** Movies & TV List (movies). Placeholder until its own issue replaces this component. */
export function MoviesListScreen() {
  const site = useCurrentSite();
  return (
    <ScreenPlaceholder
      title="Movies & TV List"
      description="Browse and manage the movie and TV catalogue."
      siteName={site.name}
    />
  );
}
