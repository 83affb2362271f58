import type { ComponentProps } from "react";
import { FormField } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";

// The sign-in screens keep plain inputs (no form library) so that /login stays within its
// JavaScript budget; these are the pieces they share.

/** The Email field of the sign-in and forgot-password forms, focused on arrival. */
export function EmailField({
  value,
  onChange,
  invalid,
}: {
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  return (
    <FormField label="Email" invalid={invalid}>
      <Input
        type="email"
        name="email"
        autoComplete="email"
        placeholder="admin@example.com"
        autoFocus
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

/** A password field of the sign-in screens (sign-in, a new password and its confirmation). */
export function PasswordField({
  label,
  value,
  onChange,
  invalid,
  ...input
}: Omit<ComponentProps<typeof PasswordInput>, "value" | "onChange"> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  return (
    <FormField label={label} invalid={invalid}>
      <PasswordInput {...input} value={value} onChange={(e) => onChange(e.target.value)} />
    </FormField>
  );
}

/** A form's full-width submit button: spinner and `pendingText` while the request runs. */
export function PendingSubmit({
  pending,
  pendingText,
  children,
}: {
  pending: boolean;
  pendingText: string;
  children: string;
}) {
  return (
    <Button type="submit" className="w-full" disabled={pending}>
      {pending && <Spinner />}
      {pending ? pendingText : children}
    </Button>
  );
}
