import { type FormEvent, useState } from "react";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { loginSecondFactor, loginWithPasskey } from "../api/login";
import type { LoginAnswer, SecondFactorStep } from "../api/types";
import { PendingSubmit } from "./auth-controls";
import { FormAlert } from "./auth-layout";

/** What the step says when the browser's passkey prompt was dismissed. */
const PASSKEY_CANCELLED = "The passkey request was cancelled or timed out.";

/** The message of a refused step: the server's, else the browser's, else a plain one. */
export function stepError(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.name === "NotAllowedError") return PASSKEY_CANCELLED;
  return "Something went wrong. Please try again.";
}

/**
 * The code step after a correct password (docs/PRODUCT-RULES.md#second-factor), on the sign-in
 * screen itself: a code from the authenticator app, or a recovery code, or the member's passkey.
 */
export function SecondFactorStepForm({
  step,
  onSignedIn,
  onBack,
}: {
  step: SecondFactorStep;
  onSignedIn: (answer: LoginAnswer) => void;
  /** Back to the password; `reason` says why when the step ended on its own. */
  onBack: (reason?: string) => void;
}) {
  const [recovery, setRecovery] = useState(!step.data.totp);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = async (attempt: () => Promise<LoginAnswer>) => {
    if (busy) return;
    setError(undefined);
    setBusy(true);
    try {
      onSignedIn(await attempt());
    } catch (e) {
      // An expired or used-up challenge needs the password again.
      if (e instanceof ApiError && e.status === 401) return onBack(stepError(e));
      setError(stepError(e));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) return setError(recovery ? "Enter a recovery code" : "Enter the 6-digit code");
    void run(() =>
      loginSecondFactor(
        recovery
          ? { challenge: step.data.challenge, recoveryCode: value }
          : { challenge: step.data.challenge, code: value },
      ),
    );
  };

  return (
    <div className="grid gap-4">
      {(step.data.totp || !step.data.passkeys) && (
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Second factor">
          <FormAlert message={error} />
          <FormField
            label={recovery ? "Recovery code" : "Authentication code"}
            hint={
              recovery ? "One of the codes you saved, e.g. abcde-fghij." : "The 6-digit code from your app."
            }
            invalid={!!error}
          >
            <Input
              name={recovery ? "recoveryCode" : "code"}
              inputMode={recovery ? "text" : "numeric"}
              autoComplete="one-time-code"
              autoFocus
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </FormField>
          <PendingSubmit pending={busy} pendingText="Verifying...">
            Verify
          </PendingSubmit>
          {step.data.totp && (
            <Button
              type="button"
              variant="link"
              className="justify-self-start px-0"
              onClick={() => {
                setRecovery(!recovery);
                setCode("");
                setError(undefined);
              }}
            >
              {recovery ? "Use a code from your app" : "Use a recovery code"}
            </Button>
          )}
        </form>
      )}
      {step.data.passkeys && (
        <>
          {!step.data.totp && <FormAlert message={error} />}
          <Button type="button" variant="outline" disabled={busy} onClick={() => run(loginWithPasskey)}>
            Use a passkey
          </Button>
        </>
      )}
      <Button type="button" variant="ghost" onClick={() => onBack()}>
        Back to sign in
      </Button>
    </div>
  );
}
