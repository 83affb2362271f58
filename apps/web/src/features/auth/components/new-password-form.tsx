import { forgotPasswordBody } from "@backoffice/contracts";
import { type FormEvent, useState } from "react";
import { authMessages, MIN_PASSWORD_LENGTH } from "../messages";
import { PasswordField, PendingSubmit } from "./auth-controls";
import { FormAlert } from "./auth-layout";

/**
 * A new password and its confirmation (the reset's last step, an invitation's page): both filled,
 * the same, then the password rule the server checks (contracts: the reset's and the invitation's
 * `password`); the first refusal shows above the fields, else `onSubmit` runs.
 */
export function NewPasswordForm({
  label,
  passwordLabel,
  confirmPlaceholder,
  onSubmit,
  pending,
  pendingText,
  children,
}: {
  /** The form's name for screen readers. */
  label: string;
  passwordLabel: string;
  confirmPlaceholder: string;
  onSubmit: (password: string) => Promise<unknown>;
  pending: boolean;
  pendingText: string;
  /** The submit button's text. */
  children: string;
}) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused =
      !password || !confirm
        ? authMessages.fillAllFields
        : password !== confirm
          ? authMessages.passwordsDoNotMatch
          : forgotPasswordBody.shape.password.safeParse(password).error?.issues[0]?.message;
    setError(refused);
    if (!refused) void onSubmit(password);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label={label}>
      <FormAlert message={error} />
      <PasswordField
        label={passwordLabel}
        autoComplete="new-password"
        placeholder={`At least ${MIN_PASSWORD_LENGTH} characters`}
        autoFocus
        value={password}
        onChange={setPassword}
        invalid={!!error}
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        placeholder={confirmPlaceholder}
        value={confirm}
        onChange={setConfirm}
        invalid={!!error}
      />
      <PendingSubmit pending={pending} pendingText={pendingText}>
        {children}
      </PendingSubmit>
    </form>
  );
}
