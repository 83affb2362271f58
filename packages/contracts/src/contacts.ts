import { z } from "zod";
import { optionalHttpUrl } from "./common.ts";

/** A visitor's message from the movies site's contact form. */
export const contactMessageSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  subject: z.string(),
  message: z.string(),
  /** The page the form was sent from, or null. */
  page: z.string().nullable(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000 } as const;

// Fields that could end up in a mail header (a reply, a notification) never carry a line break.
const oneLine = (field: string, max: number, required: boolean) =>
  z
    .string({ error: `${field} ${required ? "is required" : "must be text"}` })
    .trim()
    .min(required ? 1 : 0, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)
    .refine((value) => !/[\r\n]/.test(value), `${field} must be on one line`);

/** `POST /api/v1/public/movies/contacts`, anonymous (docs/PRODUCT-RULES.md#public-endpoints). */
export const contactBody = z.strictObject({
  email: oneLine("email", 254, true).pipe(z.email("email must be a valid email address")),
  firstName: oneLine("firstName", CONTACT_LIMITS.name, false).default(""),
  lastName: oneLine("lastName", CONTACT_LIMITS.name, false).default(""),
  subject: oneLine("subject", CONTACT_LIMITS.subject, false).default(""),
  message: z
    .string({ error: "message is required" })
    .trim()
    .min(1, "message is required")
    .max(CONTACT_LIMITS.message, `message must be at most ${CONTACT_LIMITS.message} characters`),
  page: optionalHttpUrl("page"),
});
export type ContactBody = z.infer<typeof contactBody>;

export const CONTACT_MESSAGES = {
  received: "Message received",
  deleted: "Messages deleted successfully",
  noneDeleted: "No matching messages to delete",
} as const;
