import { editProfileBody, PASSWORD_MIN_LENGTH } from "@backoffice/contracts";
import { z } from "zod";

export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH;

export const profileMessages = {
  mismatch: {
    title: "Password Mismatch",
    description: "New password and confirmation password don't match.",
  },
  weak: { title: "Weak Password", description: "Password must be at least 8 characters long." },
  updated: "Profile Updated",
  emailChanged: "Email Changed",
  currentNeeded: "Enter your current password to change your email or password.",
  failed: "Profile update failed",
} as const;

/** The live checklist of the Change Password card: length, uppercase, lowercase, number. */
export function passwordRequirements(password: string) {
  return [
    { label: "At least 8 characters", met: password.length >= MIN_PASSWORD_LENGTH },
    { label: "Contains uppercase letter", met: /[A-Z]/.test(password) },
    { label: "Contains lowercase letter", met: /[a-z]/.test(password) },
    { label: "Contains number", met: /\d/.test(password) },
  ];
}

/**
 * Update Profile is enabled when the email has an at-sign and the password is either empty
 * (kept) or matches its confirmation and has at least 8 characters.
 */
export function canUpdateProfile(email: string, password: string, confirm: string): boolean {
  if (!email.includes("@")) return false;
  // A confirmation typed without a new password does not match either.
  if (password === "" && confirm === "") return true;
  return password === confirm && password.length >= MIN_PASSWORD_LENGTH;
}

/** The contract's edit-profile body plus the confirmation, which must repeat the new password. */
export const profileFormSchema = editProfileBody
  .extend({ confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ["confirm"],
    message: profileMessages.mismatch.description,
  });
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;
