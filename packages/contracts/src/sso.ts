import { z } from "zod";
import { MEMBER_LEVELS } from "./auth.ts";
import { idSchema, successOf } from "./common.ts";
import { SITES } from "./site-rules.ts";

/** Single sign-on with OpenID Connect (docs/SSO.md). */

export * from "./sso-messages.ts";

/** A provider as the sign-in screen sees it (`GET /api/v1/config`). */
export const ssoProviderInfo = z.object({ id: z.string(), label: z.string() });
export type SsoProviderInfo = z.infer<typeof ssoProviderInfo>;

export const ssoStartQuery = z.strictObject({
  provider: z.string({ error: "provider is required" }).min(1, "provider is required").max(40),
});

/** The provider's redirect back (RFC 6749 §4.1.2): everything is checked by openid-client. */
export const ssoCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(512).optional(),
  error_description: z.string().max(2048).optional(),
});

/** The one-time code the callback gave the dashboard, exchanged for the session. */
export const ssoExchangeBody = z.strictObject({
  code: z
    .string({ error: "code is required" })
    .regex(/^[A-Za-z0-9_-]{43}$/, "code must be the code of the single sign-on link"),
});

/**
 * `GET /auth/oidc/sign-out-url`: where the dashboard sends the browser after signing out of an SSO
 * session (the provider's end_session_endpoint), or null.
 */
export const ssoSignOutAnswer = successOf(z.object({ url: z.string().nullable() }));

const trimmed = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);
const issuer = z
  .string({ error: "issuer is required" })
  .trim()
  .max(2048, "issuer must be at most 2048 characters")
  .pipe(z.url({ protocol: /^https?$/, error: "issuer must be an http(s) URL" }));

const groupRule = z
  .strictObject({
    group: trimmed("group", 256),
    level: z.enum(MEMBER_LEVELS, { error: "level must be owner, editor or viewer" }),
    sites: z.array(z.enum(SITES, { error: `sites must be some of ${SITES.join(", ")}` })).nullable(),
  })
  .refine((value) => value.level === "owner" || value.sites === null || value.sites.length > 0, {
    path: ["sites"],
    message: "sites must include at least one site",
  });

export const ssoProviderBody = z.strictObject({
  label: trimmed("label", 60),
  issuer,
  clientId: trimmed("clientId", 512),
  clientSecret: trimmed("clientSecret", 2048),
  /** The provider's groups mapped to a level and sites (the highest level a member's groups give wins). */
  groupRules: z.array(groupRule).max(100).optional(),
  /** The claim holding the groups (default `groups`). */
  groupsClaim: trimmed("groupsClaim", 100).optional(),
  /** An extra scope the provider needs to send the groups (Keycloak, Authentik: often `groups`). */
  groupsScope: z
    .string()
    .trim()
    .regex(/^[\x21\x23-\x5B\x5D-\x7E]{0,100}$/, "groupsScope must be one scope name")
    // Empty or null (as answered, and as the Group rules dialog sends an empty field): no extra
    // scope (a change clears it).
    .transform((scope) => scope || null)
    .nullable()
    .optional(),
  /** The provider's groups are the source of truth: each sign-in sets the access; manual changes are refused. */
  groupsAuthoritative: z.boolean({ error: "groupsAuthoritative must be true or false" }).optional(),
});
/** A change; the secret is kept when left out (it is never answered back). */
export const ssoProviderPatchBody = ssoProviderBody.partial();

/** The Team screen's Group rules dialog: a provider's groups mapping, sent as a change of the provider. */
export const ssoGroupRulesBody = ssoProviderBody
  .pick({ groupRules: true, groupsClaim: true, groupsScope: true, groupsAuthoritative: true })
  .required({ groupRules: true, groupsClaim: true, groupsAuthoritative: true });

/** A provider as the Team screen shows it: the client secret never comes back. */
export const ssoProviderSchema = z.object({
  id: z.string(),
  label: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  groupRules: z.array(
    z.object({ group: z.string(), level: z.enum(MEMBER_LEVELS), sites: z.array(z.enum(SITES)).nullable() }),
  ),
  groupsClaim: z.string(),
  groupsScope: z.string().nullable(),
  groupsAuthoritative: z.boolean(),
  /** Set by OIDC_* environment variables: read-only on the Team screen. */
  fromEnvironment: z.boolean(),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;
export const ssoProviderAnswer = successOf(ssoProviderSchema);

const domain = z
  .string({ error: "domain is required" })
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    "domain must be a domain such as example.com",
  );
/** An allowed domain: identities of it join at this level and these sites. */
export const ssoDomainBody = z
  .strictObject({
    domain,
    level: z.enum(MEMBER_LEVELS, { error: "level must be owner, editor or viewer" }),
    sites: z.array(z.enum(SITES, { error: `sites must be some of ${SITES.join(", ")}` })).nullable(),
  })
  .refine((value) => value.level === "owner" || value.sites === null || value.sites.length > 0, {
    path: ["sites"],
    message: "sites must include at least one site",
  });

export const ssoSettingsBody = z.strictObject({
  /** Password sign-in refused but for break-glass Owners. */
  ssoOnly: z.boolean({ error: "ssoOnly must be true or false" }),
  /** Owners who keep password + second factor sign-in under SSO only. */
  breakGlass: z.array(idSchema).max(100),
  domains: z.array(ssoDomainBody).max(100),
});
export type SsoSettingsBody = z.infer<typeof ssoSettingsBody>;

export const ssoSettingsAnswer = successOf(
  z.object({
    ssoOnly: z.boolean(),
    breakGlass: z.array(z.string()),
    domains: z.array(
      z.object({
        domain: z.string(),
        level: z.enum(MEMBER_LEVELS),
        sites: z.array(z.enum(SITES)).nullable(),
      }),
    ),
    providers: z.array(ssoProviderSchema),
    /** Where each provider must send members back (`{PUBLIC_URL}/api/v1/auth/oidc/callback`). */
    redirectUrl: z.string(),
  }),
);
export type SsoSettings = z.infer<typeof ssoSettingsAnswer>["data"];
