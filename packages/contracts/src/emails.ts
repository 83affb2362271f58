import { z } from "zod";
import { optionalHttpUrl } from "./common.ts";

export const emailSubscriptionSchema = z.object({
  _id: z.string(),
  email: z.string(),
  url: z.string().nullable(),
  createdAt: z.string(),
});
export type EmailSubscription = z.infer<typeof emailSubscriptionSchema>;

export const subscribeBody = z.strictObject({
  email: z
    .string({ error: "email is required" })
    .trim()
    .min(1, "email is required")
    .max(254, "email must be at most 254 characters")
    .pipe(z.email("email must be a valid email address")),
  url: optionalHttpUrl("url"),
});
