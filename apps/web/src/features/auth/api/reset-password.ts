import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MessageAnswer } from "./types";

export function resetPassword(input: {
  email: string;
  otp: string;
  password: string;
}): Promise<MessageAnswer> {
  return api.post<MessageAnswer>("/auth/forgot-password", input, { auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
