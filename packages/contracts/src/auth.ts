import { z } from "zod";
import { siteSchema, successOf } from "./common.ts";
import { coded } from "./field-errors.ts";
import { PASSWORD_MIN_LENGTH, type Site } from "./site-rules.ts";

const email = z
  .string({ error: "email is required" })
  .trim()
  .min(1, "email is required")
  .max(254, "email must be at most 254 characters");
const otp = z.string({ error: "otp must be a 6-digit code" }).regex(/^\d{6}$/, "otp must be a 6-digit code");
const newPassword = z
  .string({ error: "password is required" })
  .min(PASSWORD_MIN_LENGTH, "Password must be at least 8 characters long")
  .max(256, "password must be at most 256 characters");

export const loginBody = z.strictObject({
  email,
  password: z.string({ error: "password is required" }).min(1, "password is required").max(1024),
});
export const getOtpBody = z.strictObject({ email });
export const verifyOtpBody = z.strictObject({ email, otp });
export const forgotPasswordBody = z.strictObject({ email, otp, password: newPassword });
export const editProfileBody = z.strictObject({
  email: email.refine((value) => value.includes("@"), {
    message: "email must contain an @",
    ...coded("invalid_email"),
  }),
  // Empty keeps the current password.
  password: z.union([z.literal(""), newPassword]).default(""),
  /** Needed when the password or the email changes (docs/PRODUCT-RULES.md#passwords-and-the-profile). */
  currentPassword: z.string({ error: "currentPassword must be text" }).max(200).default(""),
});

/**
 * A member's level on top of role admin (docs/PRODUCT-RULES.md#team-and-access): owner manages the
 * team, editor writes, viewer reads.
 */
export const MEMBER_LEVELS = ["owner", "editor", "viewer"] as const;
export type MemberLevel = (typeof MEMBER_LEVELS)[number];
export const memberLevelSchema = z.enum(MEMBER_LEVELS);
/** The sites given to a member: null is every site (also ones added later). */
export const memberSitesSchema = z.array(siteSchema).min(1).nullable();

/** What the access rule needs of a member (docs/PRODUCT-RULES.md#team-and-access). */
export interface Member {
  level: MemberLevel;
  sites: readonly Site[] | null;
}

/**
 * Whether a member reads a site: an Owner reads every site, others the sites given to them (null is
 * every site). `"all"` is every site at once (an all-sites job): only a member given every site.
 */
export function memberReadsSite(member: Member, site: Site | "all"): boolean {
  if (member.level === "owner" || member.sites === null) return true;
  return site !== "all" && member.sites.includes(site);
}

/** Whether a member changes a site: a site they read, unless they are a Viewer. */
export function memberWritesSite(member: Member, site: Site | "all"): boolean {
  return member.level !== "viewer" && memberReadsSite(member, site);
}

export const userSchema = z.object({ email: z.string(), role: z.string() });
export type User = z.infer<typeof userSchema>;

export const loginAnswer = z.object({
  status: z.literal("success"),
  data: z.object({ user: userSchema, token: z.string() }),
  message: z.string(),
});
/**
 * Edit Profile's answer. A new email takes effect only once the code mailed to it is entered
 * (`POST /auth/me/email/confirm`): until then `user` keeps the current one and `pendingEmail` names
 * the address waiting for its code (docs/PRODUCT-RULES.md#passwords-and-the-profile).
 */
export const profileAnswer = successOf(
  z.object({ user: userSchema, pendingEmail: z.string().nullable().optional() }),
);
export const confirmEmailBody = z.strictObject({
  code: z.string({ error: "code must be a 6-digit code" }).regex(/^\d{6}$/, "code must be a 6-digit code"),
});
/** Texts of the email change (docs/PRODUCT-RULES.md#passwords-and-the-profile). */
export const EMAIL_CHANGE_MESSAGES = {
  codeSent: (email: string) => `Enter the code we sent to ${email} to change your email.`,
  changed: "Email changed successfully",
  codeInvalid: "The code is wrong or has expired. Save the new email again for a new code.",
  nothingPending: "There is no email change waiting for a code. Save the new email first.",
  invitationPending: "This address has a pending invitation. Ask an Owner to revoke it first.",
  taken: "email is already used by another account",
} as const;
/**
 * The signed-in member (GET /api/v1/auth/me): what the dashboard shows and allows
 * (docs/PRODUCT-RULES.md#team-and-access). Later parts of the team add their fields here.
 */
export const meSchema = userSchema.extend({ level: memberLevelSchema, sites: memberSitesSchema });
export type Me = z.infer<typeof meSchema>;
/**
 * The signed-in member's second factor, read with their session on every request
 * (docs/PRODUCT-RULES.md#second-factor): the dashboard sends a member who must set one up to Security.
 */
const memberSecondFactorSchema = z.object({
  /** TOTP is on or the member has a passkey. */
  enabled: z.boolean(),
  /** An Owner requires a second factor of every member. */
  required: z.boolean(),
  /** Required and the member has none: every admin route but `/auth/*` and `/csrf` answers 403. */
  setupNeeded: z.boolean(),
});
export type MemberSecondFactor = z.infer<typeof memberSecondFactorSchema>;
export const meAnswer = successOf(z.object({ user: meSchema, secondFactor: memberSecondFactorSchema }));
export const csrfAnswer = z.object({ status: z.literal("success"), csrfToken: z.string() });

export const AUTH_MESSAGES = {
  loginSuccess: "Login successful",
  invalidCredentials: "Invalid email or password",
  forbidden: "You don't have permissions to access this dashboard.",
  otpSent: "OTP code has been sent to your email",
  otpVerified: "OTP verified successfully",
  otpInvalid: "Invalid OTP code",
  passwordReset: "Password reset successfully",
  profileUpdated: "Profile updated successfully",
  currentPasswordIncorrect: "Current password is incorrect",
  loggedOut: "Logged out",
  noToken: "No authentication token",
  sessionExpired: "Session expired. Please login again.",
  /** The 401 of a session ended by a sign-out elsewhere (Security, an Owner, a disable), not by time. */
  sessionSignedOut: "You were signed out. Please sign in again.",
  csrfInvalid: "Invalid or missing CSRF token",
  /** A member outside the site (docs/PRODUCT-RULES.md#team-and-access). */
  siteForbidden: "You don't have access to this site",
  /** A Viewer's write. */
  viewOnly: "You can only view this site",
  /** A team change by an Editor or a Viewer. */
  ownerOnly: "Only an Owner can manage the team",
} as const;
