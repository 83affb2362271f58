import { ScreenPlaceholder } from "@/components/screen-placeholder";
import { useCurrentSite } from "@/hooks/use-current-site";

/** Import Movies & TV (movies). Placeholder until its own issue replaces this component. */
export function MoviesImportScreen() {
  const site = useCurrentSite();
  return (
    <ScreenPlaceholder
      title="Import Movies & TV"
      description="Import titles from the movie database."
      siteName={site.name}
    />
  );
}
