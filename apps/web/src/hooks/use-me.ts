import type { Me } from "@backoffice/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

type MeAnswer = { status: "success"; data: { user: Me } };

/**
 * The signed-in member with their level and sites (`GET /api/v1/auth/me`,
 * docs/PRODUCT-RULES.md#team-and-access): the shell shows what the member may use from it.
 */
export function useMe() {
  return useQuery({
    queryKey: ["auth", "me"],
    queryFn: ({ signal }) => api.get<MeAnswer>("/auth/me", { signal }).then((answer) => answer.data.user),
    staleTime: 60_000,
  });
}
