import type { emailSubscriptionSchema, PagedAnswer } from "@backoffice/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type InboxFilterQuery, inboxQueryOf } from "@/components/inbox-query";
import { pageFromParam } from "@/components/list/use-page-param";
import { siteApi } from "@/lib/api-client";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";
import type { SiteSettings } from "@/sites";

/** The paged list answer: 20 a page, newest first; `capped` when a filtered total stopped at 10,000. */
export type EmailsPage = PagedAnswer<typeof emailSubscriptionSchema> & { capped?: boolean };

export function getEmails(
  site: SiteSettings,
  page: number,
  filter: InboxFilterQuery = {},
  signal?: AbortSignal,
): Promise<EmailsPage> {
  return siteApi(site).get<EmailsPage>("/emails", { query: { page, ...filter }, signal });
}

/** Every page of a site's subscriptions (what a delete invalidates). */
export const emailsKey = (site: SiteSettings) => ["emails", site.key] as const;

export const emailsQueryOptions = (site: SiteSettings, page: number, filter: InboxFilterQuery = {}) =>
  queryOptions({
    queryKey: [...emailsKey(site), filter, page] as const,
    queryFn: ({ signal }) => getEmails(site, page, filter, signal),
    // Keep the table on screen while the next page loads.
    placeholderData: keepPreviousData,
  });

export function useEmails(site: SiteSettings, page: number, filter: InboxFilterQuery = {}) {
  return useQuery(emailsQueryOptions(site, page, filter));
}

/** Manage Emails opens on the URL's page of the subscriptions its filters ask for (`?page=&q=&sort=&from=&to=`). */
export const emailsScreenData: ScreenData = ({ site, search }) => [
  prefetchOf(
    emailsQueryOptions(
      site,
      pageFromParam(search.get("page")),
      inboxQueryOf((key) => search.get(key) ?? ""),
    ),
  ),
];
