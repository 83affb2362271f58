import type { Locker } from "@backoffice/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";
import type { SiteSettings } from "@/sites";
import { type LockerValues, lockerPayload } from "../utils/locker-texts";
import { lockerKey } from "./get-locker";

type SaveLockerAnswer = { status: "success"; data: Locker; message?: string };

export type SaveLockerInput = { id: string | null; values: LockerValues };

/** The first save creates the record (POST); later saves update it (PUT /locker/{id}). */
export async function saveLocker(site: SiteSettings, { id, values }: SaveLockerInput): Promise<Locker> {
  const body = lockerPayload(site.lockerVariant ?? "sportbn", site.key, values);
  const options = { variant: site.apiVariant };
  const answer = unwrap(
    id
      ? await api.put<SaveLockerAnswer>(`/${site.key}/locker/${encodeURIComponent(id)}`, body, options)
      : await api.post<SaveLockerAnswer>(`/${site.key}/locker`, body, options),
  );
  return answer.data;
}

export function useSaveLocker(site: SiteSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveLockerInput) => saveLocker(site, input),
    onSuccess: (locker) => queryClient.setQueryData(lockerKey(site), locker),
  });
}
