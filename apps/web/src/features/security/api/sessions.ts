import type { MemberSession } from "@backoffice/contracts/sessions";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The member's live sessions (`GET /api/v1/auth/sessions`, docs/PRODUCT-RULES.md#sessions). */
const sessionsKey = ["auth", "sessions"] as const;

type SessionsAnswer = { status: "success"; data: MemberSession[] };
type MessageAnswer = { status: "success"; message: string };
type SignedOutOthersAnswer = MessageAnswer & { signedOut: number };

export const sessionsQueryOptions = queryOptions({
  queryKey: sessionsKey,
  queryFn: ({ signal }) =>
    api.get<SessionsAnswer>("/auth/sessions", { signal }).then((answer) => answer.data),
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

/** `DELETE /auth/sessions/{id}`: signs out one of the member's other sessions. */
export function useSignOutSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageAnswer>(`/auth/sessions/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** `PATCH /auth/sessions/{id} {name}`: names one of the member's sessions (null: its browser's name). */
export function useRenameSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string | null }) =>
      api.patch<MessageAnswer & { data: MemberSession }>(`/auth/sessions/${encodeURIComponent(id)}`, {
        name,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** `POST /auth/sessions/sign-out-others`: every session but this one. */
export function useSignOutOthers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SignedOutOthersAnswer>("/auth/sessions/sign-out-others"),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
