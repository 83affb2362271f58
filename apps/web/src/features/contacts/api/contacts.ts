import type {
  ContactDetails,
  ContactMarkBody,
  ContactMessage,
  ContactReply,
  ContactReplyBody,
  contactAnswer,
  contactDetailsAnswer,
  contactMessageSchema,
  contactReplyAnswer,
  contactsMarkedAnswer,
  deletedCountAnswer,
  PagedAnswer,
} from "@backoffice/contracts";
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { z } from "zod";
import { type InboxFilterQuery, inboxQueryOf } from "@/components/inbox-query";
import { pageFromParam } from "@/components/list/use-page-param";
import { ApiError, siteApi } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";
import type { SiteSettings } from "@/sites";
import { contactMessages } from "../utils/contact-texts";

export type ContactsPage = PagedAnswer<typeof contactMessageSchema> & { capped?: boolean };
type Endpoint = "/contacts" | "/emails";
type DeleteAnswer = z.infer<typeof deletedCountAnswer>;

/**
 * The endpoint that answered, per site: `/contacts`, or `/emails` when the first answers
 * 404 (an older server). Later loads and deletes use the one that worked.
 */
const working = new Map<string, Endpoint>();

/** The endpoint loads, deletes and exports use: the one that answered last. */
export const contactsEndpoint = (site: SiteSettings): Endpoint => working.get(site.key) ?? "/contacts";

/** A row of either endpoint as a contact message (an `/emails` row has `url` and no name). */
function asContact(
  row: Partial<ContactMessage> & { _id: string; email: string; url?: string | null },
): ContactMessage {
  return {
    _id: row._id,
    email: row.email,
    firstName: row.firstName ?? "",
    lastName: row.lastName ?? "",
    subject: row.subject ?? "",
    message: row.message ?? "",
    page: row.page ?? row.url ?? null,
    createdAt: row.createdAt ?? "",
    // An older server keeps no read state: nothing shows as unread.
    readAt: row.readAt === undefined ? (row.createdAt ?? "") : row.readAt,
    answeredAt: row.answeredAt ?? null,
  };
}

export async function getContacts(
  site: SiteSettings,
  page: number,
  filter: InboxFilterQuery = {},
  signal?: AbortSignal,
): Promise<ContactsPage> {
  const known = working.get(site.key);
  const candidates: Endpoint[] = known ? [known] : ["/contacts", "/emails"];
  for (const endpoint of candidates) {
    try {
      const answer = await siteApi(site).get<ContactsPage>(endpoint, { query: { page, ...filter }, signal });
      working.set(site.key, endpoint);
      return { ...answer, data: answer.data.map(asContact) };
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  working.delete(site.key);
  throw new ApiError(contactMessages.noEndpoint, 404);
}

/** Every page of a site's messages (what a delete invalidates). */
export const contactsKey = (site: SiteSettings) => ["contacts", site.key] as const;

const contactsQueryOptions = (site: SiteSettings, page: number, filter: InboxFilterQuery = {}) =>
  queryOptions({
    queryKey: [...contactsKey(site), filter, page] as const,
    queryFn: ({ signal }) => getContacts(site, page, filter, signal),
    placeholderData: keepPreviousData,
  });

export function useContacts(site: SiteSettings, page: number, filter: InboxFilterQuery = {}) {
  return useQuery(contactsQueryOptions(site, page, filter));
}

/** Manage Contacts opens on the URL's page of the messages its filters ask for (`?page=&q=&sort=&from=&to=`). */
export const contactsScreenData: ScreenData = ({ site, search }) => [
  prefetchOf(
    contactsQueryOptions(
      site,
      pageFromParam(search.get("page")),
      inboxQueryOf((key) => search.get(key) ?? ""),
    ),
  ),
];

/** `DELETE` on the endpoint that worked, with the `_id`s (single and bulk). */
export function useDeleteContacts(site: SiteSettings) {
  return useListWrite(contactsKey(site), (ids: string[]) =>
    siteApi(site).delete<DeleteAnswer | undefined>(contactsEndpoint(site), { ids }),
  );
}

/** A message with its replies (`GET /contacts/{id}`), loaded while its details are open. */
export function useContactDetails(site: SiteSettings, id: string | null) {
  return useQuery({
    queryKey: [...contactsKey(site), "details", id] as const,
    queryFn: async ({ signal }): Promise<ContactDetails> => {
      const answer = await siteApi(site).get<z.infer<typeof contactDetailsAnswer>>(`/contacts/${id}`, {
        signal,
      });
      return answer.data;
    },
    enabled: id !== null && contactsEndpoint(site) === "/contacts",
  });
}

/** Puts a changed message into every cached page that shows it, before the lists load again. */
function patchPages(
  site: SiteSettings,
  queryClient: ReturnType<typeof useQueryClient>,
  changed: Partial<ContactMessage> & { _id: string },
) {
  queryClient.setQueriesData<ContactsPage>({ queryKey: contactsKey(site) }, (page) =>
    page?.data
      ? { ...page, data: page.data.map((row) => (row._id === changed._id ? { ...row, ...changed } : row)) }
      : page,
  );
}

/** `PATCH /contacts/{id}/read {read}`: opening a message marks it read at once on screen. */
export function useMarkRead(site: SiteSettings) {
  const queryClient = useQueryClient();
  return useListWrite(contactsKey(site), ({ id, read }: { id: string; read: boolean }) => {
    patchPages(site, queryClient, { _id: id, readAt: read ? new Date().toISOString() : null });
    return siteApi(site).patch<z.infer<typeof contactAnswer>>(`/contacts/${id}/read`, { read });
  });
}

/**
 * `PATCH /contacts {ids, read?, answered?}`: marks by hand, one message or the selection
 * (docs/PRODUCT-RULES.md#contacts-get-answered); the marked rows show at once, then the lists reload.
 */
export function useMarkContacts(site: SiteSettings) {
  return useListWrite(
    contactsKey(site),
    (marks: ContactMarkBody) => siteApi(site).patch<z.infer<typeof contactsMarkedAnswer>>("/contacts", marks),
    (answer, _marks, queryClient) => {
      for (const row of answer.data) patchPages(site, queryClient, row);
      queryClient.invalidateQueries({ queryKey: [...contactsKey(site), "details"] });
    },
  );
}

/** `POST /contacts/{id}/reply {subject, message}`: sent through the api's mail server, then kept. */
export function useSendReply(site: SiteSettings) {
  return useListWrite(
    contactsKey(site),
    ({ id, reply }: { id: string; reply: ContactReplyBody }) =>
      siteApi(site).post<z.infer<typeof contactReplyAnswer>>(`/contacts/${id}/reply`, reply),
    (answer, { id }, queryClient) => {
      const sent: ContactReply = answer.data;
      patchPages(site, queryClient, { _id: id, answeredAt: sent.sentAt });
    },
  );
}

/**
 * Opening the inbox records it for the member (`PUT /contacts/seen`): the overview's unread figure
 * then counts only what arrives after (docs/PRODUCT-RULES.md#overview), so its cached answer goes.
 * A failure only leaves the figure as it was.
 */
export function useMarkInboxSeen(site: SiteSettings) {
  const queryClient = useQueryClient();
  useEffect(() => {
    siteApi(site)
      .put("/contacts/seen")
      .then(
        () => queryClient.invalidateQueries({ queryKey: ["overview", site.key] }),
        () => undefined,
      );
  }, [site, queryClient]);
}
