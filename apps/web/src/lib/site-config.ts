import type { configAnswer, PublicConfig } from "@backoffice/contracts";

export type { PublicConfig };

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";

/** Site names and public URLs, read at run time, not from the build. */
export async function getConfig(): Promise<PublicConfig> {
  return (await api.get<z.infer<typeof configAnswer>>("/config", { auth: false })).data;
}

export const configQueryOptions = () =>
  queryOptions({ queryKey: ["config"], queryFn: getConfig, staleTime: Number.POSITIVE_INFINITY });

export function useConfig() {
  return useQuery(configQueryOptions());
}
