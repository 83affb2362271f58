import { ApiError, api } from "@/lib/api-client";
import { authMessages } from "../messages";
import type { LoginAnswer } from "./types";

export type LoginInput = { email: string; password: string };

/**
 * Signs in. Called directly rather than through TanStack Query: the sign-in screen is the
 * one route that does not download the query library (its JavaScript budget:
 * docs/PRODUCT-RULES.md#performance-goals).
 */
export async function login(input: LoginInput): Promise<LoginAnswer> {
  const body = await api.post<LoginAnswer>("/auth/login", input, { auth: false });
  if (!body?.data?.token || !body.data.user) throw new ApiError(authMessages.loginFailed);
  return body;
}
