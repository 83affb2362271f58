/** Single sign-on texts (docs/SSO.md), without zod: the sign-in screen imports them. */

/** The sign-in button's text (DESIGN §11). */
export const ssoButtonText = (label: string) => `Sign in with ${label}`;

/** Why an SSO sign-in did not end in a session: the key the callback hands the dashboard in its URL. */
export const SSO_ERRORS = {
  unavailable:
    "The sign-in provider cannot be reached right now. Try again later, or sign in with your password.",
  "unknown-provider": "This sign-in provider is not set up. Sign in with your password.",
  cancelled: "Sign-in was cancelled at the provider.",
  expired: "This single sign-on attempt expired or was already used. Start again.",
  failed: "The sign-in provider's answer could not be verified. Start again.",
  unverified: "Your provider has not verified this email address, so it cannot sign you in.",
  "not-member": "This account is not a member of the team. Ask an Owner to invite you.",
  disabled: "Your account is disabled. Contact an Owner.",
} as const;
export type SsoError = keyof typeof SSO_ERRORS;

/**
 * Why a sign-in was refused, as a Sign-ins entry of History says it (docs/SSO.md#history-of-refused-sign-ins):
 * the entry keeps the code (`after.reason`), the dashboard these words.
 */
export const SIGN_IN_REFUSALS: Record<string, string> = {
  unverified: "The provider has not verified the email address.",
  "not-member": "The identity is not a member of the team.",
  disabled: "The account is disabled.",
  expired: "The invitation was accepted meanwhile.",
  "sso-only": "The team signs in with single sign-on only.",
};

/** How a session began, as History's sign-in entries say it. */
export const SIGN_IN_METHODS: Record<string, string> = {
  password: "Password",
  passkey: "Passkey",
  sso: "Single sign-on",
};

export const SSO_MESSAGES = {
  /** POST /auth/login for a member under "Sign in with SSO only" who is not a break-glass Owner. */
  ssoOnly: "This team signs in with single sign-on only. Use the single sign-on button.",
  /** An invitation accepted with a password under SSO only. */
  ssoOnlyJoin:
    "This team signs in with single sign-on only. Accept the invitation with the single sign-on button on the sign-in screen.",
  /** A break-glass Owner's password sign-in needs their second factor. */
  breakGlassNeedsFactor:
    "Break-glass sign-in needs a second factor. Set up a passkey or an authenticator app first.",
  providerNotFound: "Provider not found",
  /** PATCH /team/members/{id} of a member whose access a source-of-truth provider's groups set. */
  accessFromProvider: (email: string, label: string) =>
    `The access of ${email} comes from ${label}'s groups. Change their groups at the provider.`,
  providerSaved: "Provider saved",
  providerRemoved: "Provider removed",
  settingsSaved: "Single sign-on settings saved",
  /** An issuer whose discovery fails when an Owner saves it. */
  discoveryFailed: "issuer could not be reached or is not an OpenID Connect provider",
} as const;
