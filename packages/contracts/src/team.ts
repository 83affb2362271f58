import { z } from "zod";
import { forgotPasswordBody, loginAnswer, MEMBER_LEVELS, memberLevelSchema } from "./auth.ts";
import { idSchema, successOf } from "./common.ts";
import { coded } from "./field-errors.ts";
import { SITES } from "./site-rules.ts";

/**
 * The Team screen and invitations (docs/PRODUCT-RULES.md#team-screen-and-invitations): Owners list
 * the members, invite by email, change levels and sites, disable, sign out and remove; an invitee
 * sets a password through the mailed link `/invitation/{token}`.
 */

/** How long an invitation link works. */
export const INVITATION_HOURS = 72;

export const MEMBER_STATUSES = ["active", "invited", "disabled"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** One row of the Team screen: a member (`_id` a user's) or an open invitation (`_id` the invitation's). */
export const teamMemberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  level: memberLevelSchema,
  /** null: every site. */
  sites: z.array(z.enum(SITES)).nullable(),
  status: z.enum(MEMBER_STATUSES),
  /** A second factor (authenticator app) is set up. */
  secondFactor: z.boolean(),
  lastSignInAt: z.string().nullable(),
  /** An invitation's link stops working then (invited rows only). */
  expiresAt: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamAnswer = successOf(z.array(teamMemberSchema));
export const teamMemberAnswer = successOf(teamMemberSchema);

const sites = z.array(z.enum(SITES, { error: `sites must be some of ${SITES.join(", ")}` }), {
  error: "sites must be null (every site) or a list of sites",
});

/**
 * Level and sites together: an Owner has every site; anyone else needs at least one site
 * (null is every site, now and later).
 */
const access = {
  level: z.enum(MEMBER_LEVELS, { error: "level must be owner, editor or viewer" }),
  sites: sites.nullable(),
};
const refineAccess = <T extends { level: string; sites: readonly string[] | null }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.level !== "owner" && value.sites !== null && value.sites.length === 0)
    ctx.addIssue({
      code: "custom",
      path: ["sites"],
      message: "sites must include at least one site",
      ...coded("required"),
    });
};

export const inviteBody = z
  .strictObject({
    email: z
      .string({ error: "email is required" })
      .trim()
      .max(254, "email must be at most 254 characters")
      .pipe(z.email({ error: "email must be an email address" })),
    ...access,
  })
  .superRefine(refineAccess);
export type InviteBody = z.infer<typeof inviteBody>;

export const memberAccessBody = z.strictObject(access).superRefine(refineAccess);
export type MemberAccessBody = z.infer<typeof memberAccessBody>;

export const teamIdParams = z.strictObject({ id: idSchema });

/** The link's token as mailed (base64url of 32 random bytes). */
export const invitationTokenParams = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "token must be an invitation link's token"),
});

/** What an invitation link's page shows: set a password, or why the link no longer works. */
export const INVITATION_STATES = ["valid", "expired", "used", "revoked"] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];
export const invitationAnswer = successOf(
  z.object({ state: z.enum(INVITATION_STATES), email: z.string().nullable() }),
);

export const acceptInvitationBody = z.strictObject({ password: forgotPasswordBody.shape.password });
/** The new member is signed in at once: the same answer as a sign-in. */
export const acceptInvitationAnswer = loginAnswer;

export const TEAM_MESSAGES = {
  invited: (email: string) => `An invitation was sent to ${email}.`,
  mailFailed:
    "The invitation is saved, but its mail could not be sent. Check the mail settings, then resend it.",
  resent: (email: string) => `A new invitation was sent to ${email}; the previous link no longer works.`,
  revoked: (email: string) => `The invitation to ${email} was revoked.`,
  updated: (email: string) => `${email}'s access was changed.`,
  disabled: (email: string) => `${email} is disabled and signed out everywhere.`,
  enabled: (email: string) => `${email} can sign in again.`,
  signedOut: (email: string, count: number) =>
    `${email} was signed out of ${count} ${count === 1 ? "session" : "sessions"}.`,
  removed: (email: string) => `${email} was removed from the team.`,
  alreadyMember: "email must be an address that is not a member yet",
  memberNotFound: "Member not found.",
  invitationNotFound: "Invitation not found.",
  /** A token that was never issued, tampered with, or replaced by a resend. */
  invalidLink: "This invitation link is not valid. Ask an Owner of the team for a new one.",
  notOpen: {
    expired: "This invitation has expired. Ask an Owner of the team to send a new one.",
    used: "This invitation was already used. Sign in with your email and password.",
    revoked: "This invitation was revoked. Ask an Owner of the team if you still need access.",
  },
  joined: "Welcome to the team.",
  lastOwner:
    "The team needs at least one active Owner: make another member an Owner before demoting, disabling or removing this one.",
} as const;
