import type {
  ContactMessage,
  contactMessageSchema,
  deletedCountAnswer,
  PagedAnswer,
} from "@backoffice/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { ApiError, siteApi } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";
import type { SiteSettings } from "@/sites";
import { contactMessages } from "../utils/contact-texts";

export type ContactsPage = PagedAnswer<typeof contactMessageSchema>;
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
    readAt: row.readAt ?? null,
    answeredAt: row.answeredAt ?? null,
  };
}

export async function getContacts(
  site: SiteSettings,
  page: number,
  signal?: AbortSignal,
): Promise<ContactsPage> {
  const known = working.get(site.key);
  const candidates: Endpoint[] = known ? [known] : ["/contacts", "/emails"];
  for (const endpoint of candidates) {
    try {
      const answer = await siteApi(site).get<ContactsPage>(endpoint, { query: { page }, signal });
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

export function useContacts(site: SiteSettings, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...contactsKey(site), page] as const,
      queryFn: ({ signal }) => getContacts(site, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** `DELETE` on the endpoint that worked, with the `_id`s (single and bulk). */
export function useDeleteContacts(site: SiteSettings) {
  return useListWrite(contactsKey(site), (ids: string[]) =>
    siteApi(site).delete<DeleteAnswer | undefined>(contactsEndpoint(site), { ids }),
  );
}
