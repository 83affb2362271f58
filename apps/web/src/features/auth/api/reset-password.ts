import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";
import { authMessages } from "../messages";
import type { MessageAnswer } from "./types";

export async function resetPassword(input: {
  email: string;
  otp: string;
  password: string;
}): Promise<MessageAnswer> {
  return unwrap(
    await api.post<MessageAnswer>("/auth/forgot-password", input, { auth: false }),
    authMessages.resetFailed,
  );
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
