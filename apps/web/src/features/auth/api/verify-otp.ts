import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MessageAnswer } from "./types";

/** The email goes with the code: the server binds each code to its address. */
export function verifyOtp(input: { email: string; otp: string }): Promise<MessageAnswer> {
  return api.post<MessageAnswer>("/auth/verify-otp", input, { auth: false });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
