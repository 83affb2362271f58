import { z } from "zod";
import { idsBody, optionalHttpUrl, successOf } from "./common.ts";

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
  /** When an admin first opened it (null: unread, shown in bold). */
  readAt: z.string().nullable(),
  /** When the last reply went out (null: not answered). */
  answeredAt: z.string().nullable(),
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
  marked: "Messages marked",
  deleted: "Messages deleted successfully",
  noneDeleted: "No matching messages to delete",
} as const;

/** A reply an admin sent from the dashboard, kept with the message it answers. */
export const contactReplySchema = z.object({
  _id: z.string(),
  messageId: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  message: z.string(),
  /** Who sent it (the admin's address). */
  sentBy: z.string().nullable(),
  sentAt: z.string(),
});
export type ContactReply = z.infer<typeof contactReplySchema>;

/** `GET /contacts/{id}`: the message with its replies, oldest first. */
export const contactDetailsAnswer = successOf(
  contactMessageSchema.extend({ replies: z.array(contactReplySchema) }),
);
export type ContactDetails = z.infer<typeof contactDetailsAnswer>["data"];

/** `PATCH /contacts/{id}/read {read}`: marks a message read (or unread again). */
export const contactReadBody = z.strictObject({
  read: z.boolean({ error: "read must be true or false" }),
});
export const contactAnswer = successOf(contactMessageSchema);

/**
 * `PATCH /contacts {ids, read?, answered?}`: marks by hand (docs/PRODUCT-RULES.md#contacts-get-answered),
 * one message or the selection: read or unread, answered (a reply by phone; it makes the message read
 * too unless `read` is false) or not. At least one of the two.
 */
export const contactMarkBody = z
  .strictObject({
    ids: idsBody.shape.ids,
    read: z.boolean({ error: "read must be true or false" }).optional(),
    answered: z.boolean({ error: "answered must be true or false" }).optional(),
  })
  .refine((body) => body.read !== undefined || body.answered !== undefined, {
    message: "Give read or answered",
    path: ["read"],
  });
export type ContactMarkBody = z.infer<typeof contactMarkBody>;
/** The messages marked, as they are now (newest first); those not found are left out. */
export const contactsMarkedAnswer = z.object({
  status: z.literal("success"),
  message: z.string(),
  data: z.array(contactMessageSchema),
});

/**
 * `PUT /contacts/seen`: the inbox screen records that the member opened it now; the overview's unread
 * figure counts the messages received after it (docs/PRODUCT-RULES.md#overview).
 */
export const contactsSeenAnswer = successOf(z.object({ seenAt: z.string() }));

export const REPLY_LIMITS = { subject: 250, message: 20_000 } as const;

/** `POST /contacts/{id}/reply {subject, message}`: sent to the message's address through SMTP. */
export const contactReplyBody = z.strictObject({
  subject: oneLine("subject", REPLY_LIMITS.subject, true),
  message: z
    .string({ error: "message is required" })
    .trim()
    .min(1, "message is required")
    .max(REPLY_LIMITS.message, `message must be at most ${REPLY_LIMITS.message} characters`),
});
export type ContactReplyBody = z.infer<typeof contactReplyBody>;
export const contactReplyAnswer = successOf(contactReplySchema);

export const REPLY_MESSAGES = {
  sent: "Reply sent",
  noSmtp: "Replies cannot be sent from the dashboard: no mail server is configured (SMTP_URL).",
  smtpFailed: "The mail server did not accept the reply. Try again in a moment.",
  notFound: "Message not found",
} as const;
