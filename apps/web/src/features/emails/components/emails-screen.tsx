import { ScreenPlaceholder } from "@/components/screen-placeholder";
import { useCurrentSite } from "@/hooks/use-current-site";

/** Manage Emails (apkw, sportbn). Placeholder until its own issue replaces this component. */
export function EmailsScreen() {
  const site = useCurrentSite();
  return (
    <ScreenPlaceholder
      title="Manage Emails"
      description="View and manage email subscriptions."
      siteName={site.name}
    />
  );
}
