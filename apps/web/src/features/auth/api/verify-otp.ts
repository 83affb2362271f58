import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";
import { authMessages } from "../messages";
import type { MessageAnswer } from "./types";

/** The email goes with the code: the server binds each code to its address (DESIGN §7). */
export async function verifyOtp(input: { email: string; otp: string }): Promise<MessageAnswer> {
  return unwrap(
    await api.post<MessageAnswer>("/auth/verify-otp", input, { auth: false }),
    authMessages.otpInvalid,
  );
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
