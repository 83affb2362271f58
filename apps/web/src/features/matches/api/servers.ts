import type {
  ListAnswer,
  MessageAnswer,
  OtherServer,
  otherServerSchema,
  RecordWindow,
  SuccessAnswer,
} from "@backoffice/contracts";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import { siteApi } from "@/lib/api-client";
import type { SiteSettings } from "@/sites";

// The kind's name (RECORD_KINDS): live updates load it again when servers change.
export const serversKey = (site: SiteSettings) => ["servers", site.key] as const;

/**
 * The matches a screen shows (its page): the servers read are theirs only (`?matches=`), whatever
 * else the site keeps. Without it (a screen that is not paged), every server of the site.
 */
export const MatchesInView = createContext<readonly string[] | null>(null);

export function useServers(site: SiteSettings) {
  const inView = useContext(MatchesInView);
  const matches = inView ? [...inView].sort().join(",") : undefined;
  return useQuery(
    queryOptions({
      queryKey: [...serversKey(site), matches ?? "all"],
      queryFn: async ({ signal }) =>
        (
          await siteApi(site).get<ListAnswer<typeof otherServerSchema>>("/other-servers/all", {
            query: { matches: matches || undefined },
            signal,
          })
        ).data,
      // A page's servers stay while the next page's load.
      placeholderData: keepPreviousData,
      enabled: matches !== "",
    }),
  );
}

export function useCreateServer(site: SiteSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { match_id: string; name: string; url: string } & RecordWindow) =>
      siteApi(site).post<SuccessAnswer<typeof otherServerSchema>>("/other-servers", input),
    // The new server goes to the top of the list at once.
    onSuccess: (answer) =>
      queryClient.setQueriesData<OtherServer[]>({ queryKey: serversKey(site) }, (servers) =>
        servers ? [answer.data, ...servers] : servers,
      ),
  });
}

/** `PUT /other-servers/{id}`: a server's name, URL and window (docs/PRODUCT-RULES.md#windows). */
export function useUpdateServer(site: SiteSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      applyAt,
      ...changes
    }: { id: string; applyAt?: string | undefined } & Partial<
      { name: string; url: string } & RecordWindow
    >) =>
      siteApi(site).put<SuccessAnswer<typeof otherServerSchema>>(
        `/other-servers/${encodeURIComponent(id)}`,
        changes,
        { query: { applyAt } },
      ),
    // The edited server keeps its place; its health is read again with the list. A change that
    // waits for its time (`applyAt`, 202) leaves the list as it is.
    onSuccess: (answer, { applyAt }) => {
      if (applyAt) return;
      queryClient.setQueriesData<OtherServer[]>({ queryKey: serversKey(site) }, (servers) =>
        servers?.map((server) => (server._id === answer.data._id ? { ...server, ...answer.data } : server)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: serversKey(site) }),
  });
}

export function useDeleteServer(site: SiteSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      siteApi(site).delete<MessageAnswer>(`/other-servers/${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) =>
      queryClient.setQueriesData<OtherServer[]>({ queryKey: serversKey(site) }, (servers) =>
        servers?.filter((s) => s._id !== id),
      ),
  });
}
