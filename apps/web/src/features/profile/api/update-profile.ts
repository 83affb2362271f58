import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";
import type { SessionUser } from "@/lib/session";

export type UpdateProfileInput = { email: string; password: string };
export type UpdateProfileAnswer = { status: "success"; data: { user: SessionUser }; message?: string };

/** An empty password keeps the current one. */
export async function updateProfile(input: UpdateProfileInput): Promise<UpdateProfileAnswer> {
  return unwrap(await api.put<UpdateProfileAnswer>("/auth/me/edit-profile", input), "Request failed");
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
