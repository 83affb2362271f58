import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";
import type { SiteKey } from "@/sites/keys";

export type PublicConfig = { sites: Record<SiteKey, { name: string; url: string }> };
type ConfigAnswer = { status: "success"; data: PublicConfig };

/** Site names and public URLs, read at run time (DESIGN §9). */
export async function getConfig(): Promise<PublicConfig> {
  return unwrap(await api.get<ConfigAnswer>("/config", { auth: false })).data;
}

export const configQueryOptions = () =>
  queryOptions({ queryKey: ["config"], queryFn: getConfig, staleTime: Number.POSITIVE_INFINITY });

export function useConfig() {
  return useQuery(configQueryOptions());
}
