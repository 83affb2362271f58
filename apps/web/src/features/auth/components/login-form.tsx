import { SSO_ERRORS, SSO_MESSAGES } from "@backoffice/contracts/sso-messages";
import { type FormEvent, type MouseEvent, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { ApiError, clientMessages, serverMessageOf } from "@/lib/api-client";
import { clearSession, type SignOutReason, saveSession, takeSignOutReason } from "@/lib/session";
import { requestToaster, toast, toastError, toastSuccess } from "@/lib/toast";
import { exchangeSsoCode, login, loginWithPasskey } from "../api/login";
import { clearSsoOutcome, ssoOutcome } from "../api/sso";
import type { LoginAnswer, SecondFactorStep } from "../api/types";
import { authMessages } from "../messages";
import { EmailField, PasswordField, PendingSubmit } from "./auth-controls";
import { AuthLayout, FormAlert } from "./auth-layout";
import { SecondFactorStepForm, stepError } from "./second-factor-step";
import { SsoButtons, useSsoProviders } from "./sso-buttons";

function denyAccess() {
  clearSession();
  toast({ title: "Access denied", description: authMessages.noPermission, variant: "destructive" });
}

/**
 * The refusals of "Sign in with SSO only" (docs/SSO.md#sign-in-with-sso-only): said on the form in
 * the server's words, not as the non-admin's "Access denied".
 */
const SSO_ONLY_REFUSALS = new Set<string>([SSO_MESSAGES.ssoOnly, SSO_MESSAGES.breakGlassNeedsFactor]);
const ssoOnlyRefusal = (e: unknown) =>
  e instanceof ApiError && e.status === 403 && SSO_ONLY_REFUSALS.has(serverMessageOf(e, ""))
    ? serverMessageOf(e, "")
    : undefined;

/** Why the last session ended, when the dashboard ended it (docs/PRODUCT-RULES.md#sessions). */
const ENDED: Record<SignOutReason, string> = {
  daily: authMessages.dailySignOut,
  signedOut: clientMessages.signedOut,
  expired: clientMessages.sessionExpired,
};

export interface LoginNavigation {
  /** The page that sent the user here, to return to after sign-in. */
  returnTo: string | null;
  navigate(to: string, options: { replace: boolean }): void;
}

/**
 * Welcome Back: email, password with show/hide, Forgot password? and Sign In.
 * It does not use React Router itself: a first visit to /login shows it before the router is
 * downloaded (main.tsx), and the route table renders it with the router's navigation.
 */
export function LoginForm({ returnTo, navigate }: LoginNavigation) {
  const [ended] = useState(takeSignOutReason);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<SecondFactorStep | null>(null);
  // Back from single sign-on: the callback's one-time code, or why it refused (docs/SSO.md).
  const [sso] = useState(ssoOutcome);
  const [ssoBusy, setSsoBusy] = useState(Boolean(sso.code));
  const providers = useSsoProviders();

  const finish = (answer: LoginAnswer) => {
    const { user, token } = answer.data;
    // Only administrators may stay signed in (docs/PRODUCT-RULES.md#sessions).
    if (user.role !== "admin") return denyAccess();
    saveSession(token, user);
    toastSuccess(authMessages.loginSuccess, answer.message, `Signed in as ${user.email}.`);
    // Back to the page that sent the user here; from /login itself, to /apkw.
    navigate(returnTo ?? paths.site("apkw"), { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the outcome the page was opened with
  useEffect(() => {
    clearSsoOutcome();
    if (sso.error) setError(SSO_ERRORS[sso.error as keyof typeof SSO_ERRORS] ?? authMessages.loginFailed);
    if (!sso.code) return;
    exchangeSsoCode(sso.code)
      .then(
        (answer) => (answer.status === "second-factor" ? setStep(answer) : finish(answer)),
        (e: unknown) => setError(serverMessageOf(e, authMessages.loginFailed)),
      )
      .finally(() => setSsoBusy(false));
  }, [sso]);

  /** A passkey alone signs in (it counts as two factors: docs/PRODUCT-RULES.md#second-factor). */
  const onPasskey = async () => {
    if (busy) return;
    setError(undefined);
    setBusy(true);
    requestToaster();
    try {
      finish(await loginWithPasskey());
    } catch (e) {
      const refusal = ssoOnlyRefusal(e);
      if (refusal) return setError(refusal);
      if (e instanceof ApiError && e.status === 403) return denyAccess();
      setError(stepError(e));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!email.trim() || !password) return setError(authMessages.fillAllFields);
    setError(undefined);
    setBusy(true);
    requestToaster();
    try {
      const answer = await login({ email: email.trim(), password });
      if (answer.status === "second-factor") return setStep(answer);
      finish(answer);
    } catch (e) {
      const refusal = ssoOnlyRefusal(e);
      if (refusal) return setError(refusal);
      if (e instanceof ApiError && e.status === 403) return denyAccess();
      toastError(authMessages.loginFailed, e);
    } finally {
      setBusy(false);
    }
  };

  if (step)
    return (
      <AuthLayout title="Two-step verification" description={step.message}>
        <SecondFactorStepForm
          step={step}
          onSignedIn={finish}
          onBack={(reason) => {
            setStep(null);
            setPassword("");
            setError(reason);
          }}
        />
      </AuthLayout>
    );

  return (
    <AuthLayout title="Welcome Back" description="Sign in to your account to continue">
      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Sign in">
        {ended && !error && (
          <p role="status" className="rounded-md border bg-muted px-3 py-2 text-sm">
            {ENDED[ended]}
          </p>
        )}
        {ssoBusy && (
          <p role="status" className="rounded-md border bg-muted px-3 py-2 text-sm">
            Signing in with single sign-on...
          </p>
        )}
        <FormAlert message={error} />
        <EmailField value={email} onChange={setEmail} invalid={!!error && !email.trim()} />
        <div className="grid gap-2">
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            placeholder="Enter your password"
            value={password}
            onChange={setPassword}
            invalid={!!error && !password}
          />
          {/* After the password in the tab order. */}
          <a
            href={paths.forgotPassword}
            onClick={(event: MouseEvent) => {
              // A modified click opens a new tab as any link does.
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                return;
              event.preventDefault();
              navigate(paths.forgotPassword, { replace: false });
            }}
            className="justify-self-end text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            Forgot password?
          </a>
        </div>
        <PendingSubmit pending={busy} pendingText="Signing in...">
          Sign In
        </PendingSubmit>
        <Button type="button" variant="outline" className="w-full" disabled={busy} onClick={onPasskey}>
          Continue with a passkey
        </Button>
        <SsoButtons providers={providers} disabled={busy || ssoBusy} />
      </form>
    </AuthLayout>
  );
}
