import type { confirmEmailBody, editProfileBody, profileAnswer } from "@backoffice/contracts";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";

export type UpdateProfileInput = z.input<typeof editProfileBody>;
export type UpdateProfileAnswer = z.infer<typeof profileAnswer>;

/**
 * An empty password keeps the current one; a new password or email needs `currentPassword`. A new
 * email waits for the code mailed to it (`pendingEmail`), entered with `confirmEmail`.
 */
export function updateProfile(input: UpdateProfileInput): Promise<UpdateProfileAnswer> {
  return api.put<UpdateProfileAnswer>("/auth/me/edit-profile", input);
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}

export function confirmEmail(input: z.input<typeof confirmEmailBody>): Promise<UpdateProfileAnswer> {
  return api.post<UpdateProfileAnswer>("/auth/me/email/confirm", input);
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
