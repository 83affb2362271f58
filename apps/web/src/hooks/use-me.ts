import type { Me, MemberSecondFactor } from "@backoffice/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** What `GET /api/v1/auth/me` answers in `data` (contracts' meAnswer). */
export type MeData = { user: Me; secondFactor: MemberSecondFactor };
type MeAnswer = { status: "success"; data: MeData };

/**
 * One query of `GET /api/v1/auth/me` for the whole dashboard; each hook below reads its part, and the
 * screens' route loaders (app/screen-loader.ts) ask it whom they load for.
 */
export const meQueryOptions = queryOptions({
  queryKey: ["auth", "me"],
  queryFn: ({ signal }) => api.get<MeAnswer>("/auth/me", { signal }).then((answer) => answer.data),
  staleTime: 60_000,
});

/**
 * The signed-in member with their level and sites (docs/PRODUCT-RULES.md#team-and-access): the
 * shell shows what the member may use from it.
 */
export function useMe() {
  return useQuery({ ...meQueryOptions, select: (data) => data.user });
}

/**
 * The signed-in member's second factor (docs/PRODUCT-RULES.md#second-factor): whether they must set
 * one up before any screen but Security. Writes that change it refresh this query
 * (features/security/api/second-factor.ts).
 */
export function useMySecondFactor() {
  return useQuery({ ...meQueryOptions, select: (data) => data.secondFactor });
}
