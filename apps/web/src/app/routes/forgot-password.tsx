import { useEffect } from "react";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { requestToaster } from "@/lib/toast";
import { QueryBoundary } from "./query-boundary";

export function Component() {
  useEffect(requestToaster, []);
  return (
    <QueryBoundary>
      <ForgotPasswordForm />
    </QueryBoundary>
  );
}
