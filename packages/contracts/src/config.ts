import { z } from "zod";

export const siteInfo = z.object({ name: z.string(), url: z.string() });
export const configAnswer = z.object({
  status: z.literal("success"),
  data: z.object({
    sites: z.object({ apkw: siteInfo, sportbn: siteInfo, movies: siteInfo }),
    /** Whether the api sends mail itself (SMTP_URL), and as whom (MAIL_FROM): Reply uses it, else mailto. */
    mail: z.object({ smtp: z.boolean(), from: z.string() }),
    /** The time zone match days and times are in (FEED_TIMEZONE): screens name it beside them. */
    timeZone: z.string(),
  }),
});
export type PublicConfig = z.infer<typeof configAnswer>["data"];
