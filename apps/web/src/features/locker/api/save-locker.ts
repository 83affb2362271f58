import type { Locker, lockerSchema, RecordWindow, SuccessAnswer } from "@backoffice/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { siteApi, versionHeaders } from "@/lib/api-client";
import type { SiteSettings } from "@/sites";
import { type LockerValues, lockerPayload } from "../utils/locker-texts";
import { lockerKey } from "./get-locker";

type SaveLockerAnswer = SuccessAnswer<typeof lockerSchema>;

/** `version`: the `updatedAt` the form loaded (409 if the locker changed since, docs/PRODUCT-RULES.md#live-updates). */
export type SaveLockerInput = {
  id: string | null;
  values: LockerValues;
  version?: string | undefined;
  /** Its window as instants (docs/PRODUCT-RULES.md#windows); left out, the stored one stays. */
  window?: RecordWindow;
};

/** An existing locker's change that waits until `applyAt` on the Schedule (202); the stored locker stays. */
export async function scheduleLockerChange(
  site: SiteSettings,
  { id, values, window, applyAt }: SaveLockerInput & { id: string; applyAt: string },
): Promise<void> {
  const body = { ...lockerPayload(site.lockerVariant ?? "sportbn", site.key, values), ...window };
  await siteApi(site).put(`/locker/${encodeURIComponent(id)}`, body, { query: { applyAt } });
}

/** The first save creates the record (POST); later saves update it (PUT /locker/{id}). */
export async function saveLocker(
  site: SiteSettings,
  { id, values, version, window }: SaveLockerInput,
): Promise<Locker> {
  const body = { ...lockerPayload(site.lockerVariant ?? "sportbn", site.key, values), ...window };
  const answer = id
    ? await siteApi(site).put<SaveLockerAnswer>(`/locker/${encodeURIComponent(id)}`, body, {
        headers: versionHeaders(version),
      })
    : await siteApi(site).post<SaveLockerAnswer>("/locker", body);
  return answer.data;
}

export function useSaveLocker(site: SiteSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveLockerInput) => saveLocker(site, input),
    onSuccess: (locker) => queryClient.setQueryData(lockerKey(site), locker),
  });
}
