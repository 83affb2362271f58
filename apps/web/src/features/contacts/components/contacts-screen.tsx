import { ScreenPlaceholder } from "@/components/screen-placeholder";
import { useCurrentSite } from "@/hooks/use-current-site";

/** Manage Contacts (movies). Placeholder until its own issue replaces this component. */
export function ContactsScreen() {
  const site = useCurrentSite();
  return (
    <ScreenPlaceholder
      title="Manage Contacts"
      description="Read and manage messages sent from the contact form."
      siteName={site.name}
    />
  );
}
