import type { Job } from "@backoffice/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";

/**
 * All sites' jobs (`GET /api/v1/jobs`), with their last and next run: the Jobs screen lists them and
 * other screens run theirs (Fetch Matches' feed sync), so they live outside any one feature.
 */
export const jobsKey = ["jobs"] as const;

type JobsAnswer = { status: "success"; data: Job[] };
type MessageAnswer = { status: "success"; message: string };

export const jobsQueryOptions = queryOptions({
  queryKey: jobsKey,
  queryFn: ({ signal }) => api.get<JobsAnswer>("/jobs", { signal }).then((answer) => answer.data),
  // Runs finish on their own: the screen follows them while it is open.
  refetchInterval: 5000,
});

export function useJobs() {
  return useQuery(jobsQueryOptions);
}

/** The Jobs screen opens on every job the member's sites have. */
export const jobsScreenData: ScreenData = () => [prefetchOf(jobsQueryOptions)];

export type JobAction = "run" | "pause" | "resume";

/** `POST /jobs/{name}/run|pause|resume`; the list reloads after each. */
export function useJobAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, action }: { name: string; action: JobAction }) =>
      api.post<MessageAnswer>(`/jobs/${encodeURIComponent(name)}/${action}`),
    onSettled: () => client.invalidateQueries({ queryKey: jobsKey }),
  });
}
