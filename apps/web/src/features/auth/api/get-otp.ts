import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MessageAnswer } from "./types";

export function getOtp(input: { email: string }): Promise<MessageAnswer> {
  return api.post<MessageAnswer>("/auth/get-otp", input, { auth: false });
}

export function useGetOtp() {
  return useMutation({ mutationFn: getOtp });
}
