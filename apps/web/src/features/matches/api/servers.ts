import type {
  ListAnswer,
  MessageAnswer,
  OtherServer,
  otherServerSchema,
  SuccessAnswer,
} from "@backoffice/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { siteApi } from "@/lib/api-client";
import type { SiteSettings } from "@/sites";

// The kind's name (RECORD_KINDS): live updates load it again when servers change.
export const serversKey = (site: SiteSettings) => ["servers", site.key] as const;

export function useServers(site: SiteSettings) {
  return useQuery(
    queryOptions({
      queryKey: serversKey(site),
      queryFn: async ({ signal }) =>
        (await siteApi(site).get<ListAnswer<typeof otherServerSchema>>("/other-servers/all", { signal }))
          .data,
    }),
  );
}

export function useCreateServer(site: SiteSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { match_id: string; name: string; url: string }) =>
      siteApi(site).post<SuccessAnswer<typeof otherServerSchema>>("/other-servers", input),
    // The new server goes to the top of the list at once.
    onSuccess: (answer) =>
      queryClient.setQueryData<OtherServer[]>(serversKey(site), (servers) => [
        answer.data,
        ...(servers ?? []),
      ]),
  });
}

export function useDeleteServer(site: SiteSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      siteApi(site).delete<MessageAnswer>(`/other-servers/${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<OtherServer[]>(serversKey(site), (servers) =>
        servers?.filter((s) => s._id !== id),
      ),
  });
}
