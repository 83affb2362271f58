import { ArrowLeft } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { paths } from "@/config/paths";
import { toastError, toastSuccess } from "@/lib/toast";
import { useGetOtp } from "../api/get-otp";
import { useResetPassword } from "../api/reset-password";
import { useVerifyOtp } from "../api/verify-otp";
import { authMessages, OTP_LENGTH } from "../messages";
import { EmailField, PendingSubmit } from "./auth-controls";
import { AuthLayout, FormAlert } from "./auth-layout";
import { NewPasswordForm } from "./new-password-form";

type Step = "email" | "otp" | "password";

const stepText: Record<Step, { title: string; description: string }> = {
  email: { title: "Forgot Password", description: "Enter your email address and we'll send you a code." },
  otp: { title: "Verify OTP", description: "Enter the code from your email to continue." },
  password: { title: "Reset Password", description: "Choose a new password for your account." },
};

/**
 * The three-step password reset: email, then code, then new password
 * (docs/PRODUCT-RULES.md#passwords-and-the-profile).
 */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>("email");
  const [email, setEmail] = useState("");
  const [otp, setOtp] = useState("");
  const [error, setError] = useState<string>();
  const [otpInvalid, setOtpInvalid] = useState(false);

  const getOtp = useGetOtp();
  const verifyOtp = useVerifyOtp();
  const resetPassword = useResetPassword();

  const sendCode = async (event?: FormEvent) => {
    event?.preventDefault();
    const address = email.trim();
    if (!address) return setError(authMessages.enterEmail);
    setError(undefined);
    try {
      const answer = await getOtp.mutateAsync({ email: address });
      toastSuccess(authMessages.otpSent, answer.message, `Check the inbox of ${address}.`);
      setEmail(address);
      setOtp("");
      setOtpInvalid(false);
      setStep("otp");
    } catch (e) {
      toastError(authMessages.otpSendFailed, e);
    }
  };

  const checkCode = async (event: FormEvent) => {
    event.preventDefault();
    const code = otp.trim();
    if (!code) return setError(authMessages.enterOtp);
    setError(undefined);
    try {
      const answer = await verifyOtp.mutateAsync({ email, otp: code });
      toastSuccess(authMessages.otpVerified, answer.message, "Choose your new password.");
      setOtpInvalid(false);
      setStep("password");
    } catch (e) {
      setOtpInvalid(true);
      toastError(authMessages.otpInvalid, e);
    }
  };

  const reset = async (password: string) => {
    try {
      const answer = await resetPassword.mutateAsync({ email, otp: otp.trim(), password });
      toastSuccess(authMessages.resetSuccess, answer.message, "Sign in with your new password.");
      navigate(paths.login, { replace: true });
    } catch (e) {
      toastError(authMessages.resetFailed, e);
    }
  };

  const { title, description } = stepText[step];
  const footer = (
    <Link
      to={paths.login}
      className="inline-flex items-center gap-1.5 underline-offset-4 hover:text-foreground hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to login
    </Link>
  );

  return (
    <AuthLayout title={title} description={description} footer={footer}>
      <p className="sr-only" aria-live="polite">
        Step {step === "email" ? 1 : step === "otp" ? 2 : 3} of 3: {title}
      </p>
      <StepDots step={step} />
      {step === "email" && (
        <form key="email" onSubmit={sendCode} noValidate className="grid gap-5" aria-label="Request a code">
          <FormAlert message={error} />
          <EmailField value={email} onChange={setEmail} invalid={!!error} />
          <PendingSubmit pending={getOtp.isPending} pendingText="Sending...">
            Send OTP Code
          </PendingSubmit>
        </form>
      )}
      {step === "otp" && (
        <form key="otp" onSubmit={checkCode} noValidate className="grid gap-5" aria-label="Verify the code">
          <FormAlert message={error} />
          <FormField
            label="OTP Code"
            invalid={!!error || otpInvalid}
            error={otpInvalid ? authMessages.otpHelper : undefined}
            hint={`We sent a ${OTP_LENGTH}-digit code to ${email}`}
          >
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              placeholder="000000"
              autoFocus
              className="text-center font-mono text-lg tracking-[0.5em]"
              value={otp}
              onChange={(e) => {
                setOtp(e.target.value.slice(0, OTP_LENGTH));
                setOtpInvalid(false);
              }}
            />
          </FormField>
          <PendingSubmit pending={verifyOtp.isPending} pendingText="Verifying...">
            Verify OTP
          </PendingSubmit>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <Button
              variant="link"
              className="h-auto p-0 text-muted-foreground"
              onClick={() => {
                setError(undefined);
                setStep("email");
              }}
            >
              Change email
            </Button>
            <Button
              variant="link"
              className="h-auto p-0 text-muted-foreground"
              disabled={getOtp.isPending}
              onClick={() => void sendCode()}
            >
              Resend code
            </Button>
          </div>
        </form>
      )}
      {step === "password" && (
        <NewPasswordForm
          key="password"
          label="Choose a new password"
          passwordLabel="New Password"
          confirmPlaceholder="Repeat the new password"
          onSubmit={reset}
          pending={resetPassword.isPending}
          pendingText="Resetting..."
        >
          Reset Password
        </NewPasswordForm>
      )}
    </AuthLayout>
  );
}

function StepDots({ step }: { step: Step }) {
  const steps: Step[] = ["email", "otp", "password"];
  const current = steps.indexOf(step);
  return (
    <div className="mb-5 flex items-center justify-center gap-2" aria-hidden="true">
      {steps.map((s, i) => (
        <span
          key={s}
          className={`h-1.5 rounded-full transition-all ${i === current ? "w-8 bg-primary" : i < current ? "w-4 bg-primary/60" : "w-4 bg-border"}`}
        />
      ))}
    </div>
  );
}
