import type { appSchema, SuccessAnswer } from "@backoffice/contracts";
import { siteApi } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";
import type { SiteSettings } from "@/sites";
import type { AppPayload } from "../utils/app-form";
import { appsKey } from "./get-apps";

export type AppAnswer = SuccessAnswer<typeof appSchema>;

export function createApp(site: SiteSettings, payload: AppPayload): Promise<AppAnswer> {
  return siteApi(site).post<AppAnswer>("/apps", payload);
}

export function useCreateApp(site: SiteSettings) {
  return useListWrite(appsKey(site), (payload: AppPayload) => createApp(site, payload));
}
