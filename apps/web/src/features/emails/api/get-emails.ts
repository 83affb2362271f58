import type { emailSubscriptionSchema, PagedAnswer } from "@backoffice/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { siteApi } from "@/lib/api-client";
import type { SiteSettings } from "@/sites";

/** The paged list answer: 20 a page, newest first. */
export type EmailsPage = PagedAnswer<typeof emailSubscriptionSchema>;

export function getEmails(site: SiteSettings, page: number, signal?: AbortSignal): Promise<EmailsPage> {
  return siteApi(site).get<EmailsPage>("/emails", { query: { page }, signal });
}

/** Every page of a site's subscriptions (what a delete invalidates). */
export const emailsKey = (site: SiteSettings) => ["emails", site.key] as const;

export const emailsQueryOptions = (site: SiteSettings, page: number) =>
  queryOptions({
    queryKey: [...emailsKey(site), page] as const,
    queryFn: ({ signal }) => getEmails(site, page, signal),
    // Keep the table on screen while the next page loads.
    placeholderData: keepPreviousData,
  });

export function useEmails(site: SiteSettings, page: number) {
  return useQuery(emailsQueryOptions(site, page));
}
