import { z } from "zod";
import { ssoProviderInfo } from "./sso.ts";

export const siteInfo = z.object({ name: z.string(), url: z.string() });
export const configAnswer = z.object({
  status: z.literal("success"),
  data: z.object({
    sites: z.object({ apkw: siteInfo, sportbn: siteInfo, movies: siteInfo }),
    /** Whether the api sends mail itself (SMTP_URL), and as whom (MAIL_FROM): Reply uses it, else mailto. */
    mail: z.object({ smtp: z.boolean(), from: z.string() }),
    /** The time zone match days and times are in (FEED_TIMEZONE): screens name it beside them. */
    timeZone: z.string(),
    /** Single sign-on providers: the sign-in screen shows "Sign in with {label}" for each (docs/SSO.md). */
    sso: z.array(ssoProviderInfo),
  }),
});
export type PublicConfig = z.infer<typeof configAnswer>["data"];
