import { siteApi, versionHeaders } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";
import type { SiteSettings } from "@/sites";
import type { AppPayload } from "../utils/app-form";
import type { AppAnswer } from "./create-app";
import { appsKey } from "./get-apps";

/** `version`: the `updatedAt` the edit loaded (409 if the app changed since, docs/PRODUCT-RULES.md#live-updates). */
/** `applyAt`: when the change is to be applied instead of now (202: it waits on the Schedule). */
export type UpdateAppInput = {
  id: string;
  payload: AppPayload;
  version?: string;
  applyAt?: string | undefined;
};

/** `PUT /apps/{id}` with the whole app, as the create call sends it. */
export function updateApp(
  site: SiteSettings,
  { id, payload, version, applyAt }: UpdateAppInput,
): Promise<AppAnswer> {
  return siteApi(site).put<AppAnswer>(`/apps/${encodeURIComponent(id)}`, payload, {
    headers: versionHeaders(version),
    query: { applyAt },
  });
}

export function useUpdateApp(site: SiteSettings) {
  return useListWrite(appsKey(site), (input: UpdateAppInput) => updateApp(site, input));
}
