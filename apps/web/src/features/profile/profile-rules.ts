export const MIN_PASSWORD_LENGTH = 8;

export const profileMessages = {
  mismatch: {
    title: "Password Mismatch",
    description: "New password and confirmation password don't match.",
  },
  weak: { title: "Weak Password", description: "Password must be at least 8 characters long." },
  updated: "Profile Updated",
  failed: "Profile update failed",
} as const;

/** The live checklist of the Change Password card (spec §2). */
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
  return password === "" || (password === confirm && password.length >= MIN_PASSWORD_LENGTH);
}
