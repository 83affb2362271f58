import type { deletedCountAnswer } from "@backoffice/contracts";
import type { z } from "zod";
import { siteApi } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";
import type { SiteSettings } from "@/sites";
import { trashKey } from "./get-trash";

/** "N items deleted forever" and how many were. */
export type PurgeAnswer = z.infer<typeof deletedCountAnswer>;

/** `POST /trash/purge` with trash item ids: deleted forever, they cannot come back. */
export function purgeTrash(site: SiteSettings, ids: string[]) {
  return siteApi(site).post<PurgeAnswer>("/trash/purge", { ids });
}

export function usePurgeTrash(site: SiteSettings) {
  return useListWrite(trashKey(site), (ids: string[]) => purgeTrash(site, ids));
}
