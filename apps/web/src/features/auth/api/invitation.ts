import type { acceptInvitationAnswer, InvitationState } from "@backoffice/contracts/team";
import { useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";

type AcceptAnswer = z.infer<typeof acceptInvitationAnswer>;

type InvitationAnswer = { status: "success"; data: { state: InvitationState; email: string | null } };

/** `GET /team/invitations/{token}`: whether the link still works (no session). */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ["invitation", token],
    queryFn: ({ signal }) =>
      api
        .get<InvitationAnswer>(`/team/invitations/${encodeURIComponent(token)}`, { auth: false, signal })
        .then((answer) => answer.data),
  });
}

/** `POST /team/invitations/{token}/accept`: the new member's password; answers a sign-in. */
export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (password: string) =>
      api.post<AcceptAnswer>(
        `/team/invitations/${encodeURIComponent(token)}/accept`,
        { password },
        { auth: false },
      ),
  });
}
