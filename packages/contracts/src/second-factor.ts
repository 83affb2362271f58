import { z } from "zod";
import { idSchema, successOf } from "./common.ts";

/** Second factor (docs/PRODUCT-RULES.md#second-factor): TOTP, recovery codes and passkeys. */

const totpCode = z
  .string({ error: "code must be a 6-digit code" })
  .trim()
  .regex(/^\d{6}$/, "code must be a 6-digit code");
/** Ten characters in two groups (`abcde-fghij`); spaces, hyphens and case do not matter. */
const recoveryCode = z
  .string({ error: "recoveryCode must be a recovery code" })
  .transform((value) => value.toLowerCase().replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^[a-z2-9]{10}$/, "recoveryCode must be a recovery code such as abcde-fghij"));

export const totpCodeBody = z.strictObject({ code: totpCode });
export const totpDisableBody = z.strictObject({
  password: z.string({ error: "password is required" }).min(1, "password is required").max(1024),
  code: totpCode,
});

/** The code step after a correct password: a TOTP code or one recovery code. */
export const secondFactorLoginBody = z
  .strictObject({
    challenge: z.string({ error: "challenge is required" }).min(1, "challenge is required").max(200),
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: "code or recoveryCode is required (one of them)",
    path: ["code"],
  });

/** What `POST /auth/login` answers (200) for a member with a second factor, instead of a session. */
export const secondFactorStepAnswer = z.object({
  status: z.literal("second-factor"),
  data: z.object({
    /** Single use, valid 5 minutes: sent back with the code. */
    challenge: z.string(),
    /** Which factors the member has: the step offers a code when `totp`, a passkey when `passkeys`. */
    totp: z.boolean(),
    passkeys: z.boolean(),
  }),
  message: z.string(),
});
export type SecondFactorStep = z.infer<typeof secondFactorStepAnswer>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** The member's own second factor, and the Owner's rule for everyone. */
export const secondFactorStatusSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(passkeySchema),
  /** An Owner requires a second factor of every member. */
  required: z.boolean(),
  /** Required and this member has none: the dashboard takes them to set one up. */
  setupNeeded: z.boolean(),
  /** The member is an Owner: the security screen shows them the switch of `required`. */
  canRequire: z.boolean(),
  /**
   * Owners only: the active members with no second factor, whom the rule stops until they set one
   * up (the switch's confirmation names them).
   */
  membersWithout: z.number().int().optional(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;
export const secondFactorStatusAnswer = successOf(secondFactorStatusSchema);

export const totpSetupAnswer = successOf(
  z.object({
    /** Base32, for typing into an authenticator app. */
    secret: z.string(),
    /** The otpauth:// URI the QR code carries. */
    uri: z.string(),
    /** The QR code as an SVG document (made on the server, no outside service). */
    qrSvg: z.string(),
  }),
);
export const recoveryCodesAnswer = successOf(z.object({ recoveryCodes: z.array(z.string()) }));

const passkeyName = z
  .string({ error: "name is required" })
  .trim()
  .min(1, "name is required")
  .max(60, "name must be at most 60 characters");
/** WebAuthn's JSON (simplewebauthn's RegistrationResponseJSON / AuthenticationResponseJSON), checked by the verifier. */
const credentialResponse = z.looseObject({
  id: z.string({ error: "response.id is required" }).min(1).max(1024),
  rawId: z.string({ error: "response.rawId is required" }).max(1024),
  type: z.literal("public-key", { error: "response.type must be public-key" }),
  response: z.looseObject({
    clientDataJSON: z.string({ error: "response.response.clientDataJSON is required" }).max(4096),
  }),
});
export const passkeyRegisterBody = z.strictObject({ name: passkeyName, response: credentialResponse });
export const passkeyRenameBody = z.strictObject({ name: passkeyName });
export const passkeySignInBody = z.strictObject({ response: credentialResponse });
export const passkeyParams = z.strictObject({ id: idSchema });
/** WebAuthn options for the browser (simplewebauthn's PublicKeyCredential*OptionsJSON). */
export const webauthnOptionsAnswer = successOf(z.object({ options: z.record(z.string(), z.unknown()) }));
export const passkeyAnswer = successOf(passkeySchema);

export const secondFactorPolicyBody = z.strictObject({
  required: z.boolean({ error: "required must be true or false" }),
});
export const secondFactorPolicyAnswer = successOf(z.object({ required: z.boolean() }));

export const SECOND_FACTOR_MESSAGES = {
  step: "Enter the code from your authenticator app",
  codeInvalid: "Invalid code",
  codeUsed: "This code was already used. Wait for the next one.",
  recoveryInvalid: "Invalid recovery code",
  challengeInvalid: "The sign-in has expired. Please sign in again.",
  tooMany: "Too many wrong codes. Please wait and try again.",
  setupRequired: "Set up a second factor before anything else: an Owner requires one for every member.",
  noSetup: "Start the set-up first",
  totpAlreadyOn: "Two-step verification is already on",
  totpOff: "Two-step verification is not on",
  passwordIncorrect: "Password is incorrect",
  totpOn: "Two-step verification is on",
  totpTurnedOff: "Two-step verification is off",
  passkeyInvalid: "The passkey could not be verified. Please try again.",
  passkeyUnknown: "This passkey is not registered here",
  passkeyExpired: "The passkey request has expired. Please try again.",
  passkeyAdded: "Passkey added",
  passkeyRenamed: "Passkey renamed",
  passkeyRemoved: "Passkey removed",
  passkeyNotFound: "Passkey not found",
  hostInvalid: "The Host header (or X-Forwarded-Host and X-Forwarded-Proto) is not a valid address",
  lastFactor: "A second factor is required for everyone: add another one before removing this one.",
  ownerFirst: "Set up a second factor for your own account first",
  policySaved: "Saved",
} as const;
