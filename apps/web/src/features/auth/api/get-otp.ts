import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";
import { authMessages } from "../messages";
import type { MessageAnswer } from "./types";

export async function getOtp(input: { email: string }): Promise<MessageAnswer> {
  return unwrap(
    await api.post<MessageAnswer>("/auth/get-otp", input, { auth: false }),
    authMessages.otpSendFailed,
  );
}

export function useGetOtp() {
  return useMutation({ mutationFn: getOtp });
}
