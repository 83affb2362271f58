import type {
  deleteMatchesAnswer,
  ListAnswer,
  Match,
  MatchInput,
  matchSchema,
  SuccessAnswer,
} from "@backoffice/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { siteApi, versionHeaders } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";
import type { SiteSettings } from "@/sites";

type MatchAnswer = SuccessAnswer<typeof matchSchema>;
type DeleteAnswer = z.infer<typeof deleteMatchesAnswer>;

/** Every match of the site (what a write invalidates). */
export const matchesKey = (site: SiteSettings) => ["matches", site.key] as const;

export const matchesQueryOptions = (site: SiteSettings) =>
  queryOptions({
    queryKey: matchesKey(site),
    queryFn: async ({ signal }) =>
      (await siteApi(site).get<ListAnswer<typeof matchSchema>>("/matches", { signal })).data,
    // Statuses follow the clock on the server (docs/PRODUCT-RULES.md#matches-and-the-sports-feed): an
    // open screen asks again every minute, so its cards, Match Summary and filters keep up unsaved.
    refetchInterval: 60_000,
  });

export function useMatches(site: SiteSettings) {
  return useQuery(matchesQueryOptions(site));
}

/**
 * `POST /matches` or `PUT /matches/{id}` with the flattened payload; an edit sends the `updatedAt` it
 * loaded as `version` (409 if the match changed since, docs/PRODUCT-RULES.md#live-updates).
 */
export function useSaveMatch(site: SiteSettings) {
  return useListWrite(
    matchesKey(site),
    ({ id, payload, version }: { id: string | null; payload: MatchInput; version?: string }) =>
      id
        ? siteApi(site).put<MatchAnswer>(`/matches/${encodeURIComponent(id)}`, payload, {
            headers: versionHeaders(version),
          })
        : siteApi(site).post<MatchAnswer>("/matches", payload),
  );
}

export function useDeleteMatches(site: SiteSettings) {
  return useListWrite(
    matchesKey(site),
    (ids: string[]) => siteApi(site).delete<DeleteAnswer>("/matches", { ids }),
    (_answer, ids, queryClient) =>
      queryClient.setQueryData<Match[]>(matchesKey(site), (matches) =>
        matches?.filter((m) => !ids.includes(m._id)),
      ),
  );
}
