import { z } from "zod";

export const siteInfo = z.object({ name: z.string(), url: z.string() });
export const configAnswer = z.object({
  status: z.literal("success"),
  data: z.object({ sites: z.object({ apkw: siteInfo, sportbn: siteInfo, movies: siteInfo }) }),
});
export type PublicConfig = z.infer<typeof configAnswer>["data"];
