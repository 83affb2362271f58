import type { App } from "@backoffice/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";
import type { SiteSettings } from "@/sites";
import type { AppPayload } from "../utils/app-form";
import { appsKey } from "./get-apps";

export type AppAnswer = { status: "success"; data: App; message?: string };

export async function createApp(site: SiteSettings, payload: AppPayload): Promise<AppAnswer> {
  return unwrap(await api.post<AppAnswer>(`/${site.key}/apps`, payload, { variant: site.apiVariant }));
}

export function useCreateApp(site: SiteSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: AppPayload) => createApp(site, payload),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appsKey(site) }),
  });
}
