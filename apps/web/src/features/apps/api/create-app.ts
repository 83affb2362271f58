import type { appSchema, SuccessAnswer } from "@backoffice/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { siteApi } from "@/lib/api-client";
import type { SiteSettings } from "@/sites";
import type { AppPayload } from "../utils/app-form";
import { appsKey } from "./get-apps";

export type AppAnswer = SuccessAnswer<typeof appSchema>;

export function createApp(site: SiteSettings, payload: AppPayload): Promise<AppAnswer> {
  return siteApi(site).post<AppAnswer>("/apps", payload);
}

export function useCreateApp(site: SiteSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: AppPayload) => createApp(site, payload),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appsKey(site) }),
  });
}
