import type { MessageAnswer } from "@backoffice/contracts";
import type {
  SsoProvider,
  SsoSettings,
  SsoSettingsBody,
  ssoGroupRulesBody,
  ssoProviderBody,
} from "@backoffice/contracts/sso";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";

/** The Team screen's single sign-on settings (`/api/v1/team/sso`, Owners only; docs/SSO.md). */
const ssoKey = ["team", "sso"] as const;

const ssoQueryOptions = queryOptions({
  queryKey: ssoKey,
  queryFn: ({ signal }) =>
    api.get<{ status: "success"; data: SsoSettings }>("/team/sso", { signal }).then((answer) => answer.data),
});

export function useSsoSettings() {
  return useQuery(ssoQueryOptions);
}

/** A write of the SSO settings; they reload after each (and the team, which a rule may change). */
function useSsoWrite<V, A extends MessageAnswer>(send: (variables: V) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: ssoKey }),
  });
}

/** The rules at once: SSO only, break-glass Owners, allowed domains. */
export function useSaveSsoSettings() {
  return useSsoWrite((body: SsoSettingsBody) => api.put<MessageAnswer>("/team/sso", body));
}

export function useAddProvider() {
  return useSsoWrite((body: z.output<typeof ssoProviderBody>) =>
    api.post<MessageAnswer & { data: SsoProvider }>("/team/sso/providers", body),
  );
}

/** A provider's group rules, claim, scope and source-of-truth switch: a change of the provider. */
export function useSaveGroupRules(id: string) {
  return useSsoWrite((body: z.output<typeof ssoGroupRulesBody>) =>
    api.patch<MessageAnswer & { data: SsoProvider }>(`/team/sso/providers/${id}`, body),
  );
}

export function useRemoveProvider() {
  return useSsoWrite((id: string) => api.delete<MessageAnswer>(`/team/sso/providers/${id}`));
}
