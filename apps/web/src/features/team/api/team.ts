import type { MemberLevel, MessageAnswer, Site } from "@backoffice/contracts";
import type { InviteBody, TeamMember } from "@backoffice/contracts/team";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";

/** The team (`/api/v1/team`, Owners only): members and open invitations. */
const teamKey = ["team"] as const;

type TeamAnswer = { status: "success"; data: TeamMember[] };

const teamQueryOptions = queryOptions({
  queryKey: teamKey,
  queryFn: ({ signal }) => api.get<TeamAnswer>("/team", { signal }).then((answer) => answer.data),
});

export function useTeam() {
  return useQuery(teamQueryOptions);
}

/** Team opens on its members and invitations (an Owner's; app/router.tsx loads it ahead for Owners only). */
export const teamScreenData: ScreenData = () => [prefetchOf(teamQueryOptions)];

/** A write of the Team screen; the list reloads after each. */
function useTeamWrite<V>(send: (variables: V) => Promise<MessageAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useInvite() {
  return useTeamWrite((body: InviteBody) => api.post<MessageAnswer>("/team/invitations", body));
}

export function useChangeAccess() {
  return useTeamWrite(({ id, level, sites }: { id: string; level: MemberLevel; sites: Site[] | null }) =>
    api.patch<MessageAnswer>(`/team/members/${id}`, { level, sites }),
  );
}

/** The row actions that need no form: each is one call on a member or an invitation. */
export type TeamAction = "resend" | "revoke" | "disable" | "enable" | "sign-out" | "remove";

const ACTION_CALLS: Record<TeamAction, (id: string) => Promise<MessageAnswer>> = {
  resend: (id) => api.post(`/team/invitations/${id}/resend`),
  revoke: (id) => api.delete(`/team/invitations/${id}`),
  disable: (id) => api.post(`/team/members/${id}/disable`),
  enable: (id) => api.post(`/team/members/${id}/enable`),
  "sign-out": (id) => api.post(`/team/members/${id}/sign-out`),
  remove: (id) => api.delete(`/team/members/${id}`),
};

export function useTeamAction() {
  return useTeamWrite(({ id, action }: { id: string; action: TeamAction }) => ACTION_CALLS[action](id));
}
