import { z } from "zod";
import { successOf } from "./common.ts";
import { coded } from "./field-errors.ts";

/** A device name: what the member calls a session ("Office laptop"), 1-60 characters. */
export const SESSION_NAME_MAX = 60;

/** One of the member's live sessions (docs/PRODUCT-RULES.md#sessions): what the Security screen lists. */
export const memberSessionSchema = z.object({
  id: z.string(),
  /** The name the member gave it, or null (shown as browser and system). */
  name: z.string().nullable(),
  /** Parsed from the user agent at sign-in: "Chrome 131", "Unknown browser". */
  browser: z.string(),
  /** "macOS", "Windows", "Android", "Unknown system". */
  system: z.string(),
  /** The client address at sign-in (null for sessions older than the record). */
  address: z.string().nullable(),
  startedAt: z.string(),
  lastActiveAt: z.string(),
  /** The path of the dashboard screen it last used (as of its last activity), or null. */
  lastScreen: z.string().nullable(),
  /** The session making this request ("This device"). */
  current: z.boolean(),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;

/** Newest first; the current session is always in the list. */
export const memberSessionsAnswer = successOf(z.array(memberSessionSchema));

/** `PATCH /auth/sessions/{id} {name}`: renames one of the member's sessions; null gives the name back. */
export const sessionRenameBody = z.strictObject({
  name: z
    .string({ error: "name must be text or null" })
    .trim()
    .min(1, "name is required")
    .max(SESSION_NAME_MAX, `name must be at most ${SESSION_NAME_MAX} characters`)
    .refine((value) => !/[\r\n]/.test(value), { message: "name must be on one line", ...coded("one_line") })
    .nullable(),
});
export type SessionRenameBody = z.infer<typeof sessionRenameBody>;
export const memberSessionAnswer = z.object({
  status: z.literal("success"),
  message: z.string(),
  data: memberSessionSchema,
});

/** Sign out all other sessions: how many ended. */
export const signedOutOthersAnswer = z.object({
  status: z.literal("success"),
  message: z.string(),
  signedOut: z.number().int(),
});

export const SESSION_MESSAGES = {
  signedOut: "Session signed out",
  signedOutOthers: "Other sessions signed out",
  renamed: "Session renamed",
  notFound: "Session not found",
  /** DELETE of the session making the request: that is Logout. */
  notCurrent: "Use Logout to end this session",
  /** Sign-in of a member an Owner disabled (docs/PRODUCT-RULES.md#sessions). */
  disabled: "Your account is disabled. Ask an Owner of your team to enable it.",
  /** The per-account cap on password checks from unknown devices at addresses the member never signed in from. */
  tooManyForAccount: "Too many sign-in attempts on this account. Please wait a minute and try again.",
} as const;
