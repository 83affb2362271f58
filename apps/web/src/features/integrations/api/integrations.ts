import type { MessageAnswer } from "@backoffice/contracts";
import type { ApiToken, CreateTokenBody, Delivery, Webhook } from "@backoffice/contracts/integrations";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";

/** API tokens and webhooks (`/api/v1/tokens`, `/api/v1/webhooks`, Owners only; docs/INTEGRATIONS.md). */
const tokensKey = ["tokens"] as const;
const webhooksKey = ["webhooks"] as const;
const retentionKey = ["history", "retention"] as const;

type Answer<T> = { status: "success"; data: T; message?: string };

const tokensQuery = queryOptions({
  queryKey: tokensKey,
  queryFn: ({ signal }) => api.get<Answer<ApiToken[]>>("/tokens", { signal }).then((answer) => answer.data),
});
const webhooksQuery = queryOptions({
  queryKey: webhooksKey,
  queryFn: ({ signal }) => api.get<Answer<Webhook[]>>("/webhooks", { signal }).then((answer) => answer.data),
});

/** How long History keeps its entries (`/api/v1/history/retention`): days, or null for ever. */
const retentionQuery = queryOptions({
  queryKey: retentionKey,
  queryFn: ({ signal }) =>
    api.get<Answer<{ days: number | null }>>("/history/retention", { signal }).then((answer) => answer.data),
});

export const useTokens = () => useQuery(tokensQuery);
export const useHistoryRetention = () => useQuery(retentionQuery);
export const useWebhooks = () => useQuery(webhooksQuery);
export const useDeliveries = (id: string) =>
  useQuery({
    queryKey: [...webhooksKey, id, "deliveries"],
    queryFn: ({ signal }) =>
      api.get<Answer<Delivery[]>>(`/webhooks/${id}/deliveries`, { signal }).then((answer) => answer.data),
  });

/** Integrations opens on its tokens and endpoints (Owners). */
export const integrationsScreenData: ScreenData = () => [prefetchOf(tokensQuery), prefetchOf(webhooksQuery)];

/** A write of the screen; the lists (and delivery logs) reload after each. */
function useWrite<V, A>(send: (variables: V) => Promise<A>, key: readonly string[]) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => client.invalidateQueries({ queryKey: key }) });
}

export type CreatedToken = ApiToken & { token: string };
export type WebhookWithSecret = Webhook & { secret: string };
export type WebhookBody = { url: string; sites: Webhook["sites"]; events: string[] };

export const useSetHistoryRetention = () =>
  useWrite(
    (days: number | null) => api.put<Answer<{ days: number | null }>>("/history/retention", { days }),
    retentionKey,
  );

export const useCreateToken = () =>
  useWrite((body: CreateTokenBody) => api.post<Answer<CreatedToken>>("/tokens", body), tokensKey);
export const useRevokeToken = () =>
  useWrite((id: string) => api.delete<MessageAnswer>(`/tokens/${id}`), tokensKey);

export const useCreateWebhook = () =>
  useWrite((body: WebhookBody) => api.post<Answer<WebhookWithSecret>>("/webhooks", body), webhooksKey);
export const useUpdateWebhook = () =>
  useWrite(
    ({ id, ...patch }: { id: string; active?: boolean; events?: string[] }) =>
      api.patch<Answer<Webhook>>(`/webhooks/${id}`, patch),
    webhooksKey,
  );
export const useDeleteWebhook = () =>
  useWrite((id: string) => api.delete<MessageAnswer>(`/webhooks/${id}`), webhooksKey);
export const useRotateSecret = () =>
  useWrite((id: string) => api.post<Answer<WebhookWithSecret>>(`/webhooks/${id}/rotate`), webhooksKey);
export const useSendTest = () =>
  useWrite((id: string) => api.post<Answer<Delivery>>(`/webhooks/${id}/test`), webhooksKey);
export const useRedeliver = () =>
  useWrite(
    ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      api.post<Answer<Delivery>>(`/webhooks/${id}/deliveries/${deliveryId}/redeliver`),
    webhooksKey,
  );
