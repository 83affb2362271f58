import type { ContactMessage } from "@backoffice/contracts";
import { formatDayMonthYear } from "../../../lib/format"; // relative: the unit test project has no "@" alias

/** The texts of Reply (docs/PRODUCT-RULES.md#contacts-get-answered). */
export const replyMessages = {
  title: "Reply to message",
  description: (to: string, from: string) => `To ${to}, from ${from}.`,
  send: "Send Reply",
  sent: (to: string) => ({
    title: "Reply sent",
    description: `Your reply to ${to} was sent and kept with the message.`,
  }),
  failed: { title: "Reply not sent", description: "The reply could not be sent. Try again in a moment." },
  noSmtp:
    "No mail server is set up for the dashboard, so the reply opens in your own mail app: send it from there. It is not kept here.",
  openMailApp: "Open in Mail App",
  opened: (to: string) => ({
    title: "Mail app opened",
    description: `Send your reply to ${to} from your mail app.`,
  }),
} as const;

/** "Re: <subject>" (once), or "Re: your message" when the visitor gave no subject. */
export function replySubject(subject: string): string {
  const text = subject.trim();
  if (/^re:/i.test(text)) return text;
  return `Re: ${text || "your message"}`;
}

/** The reply's starting text: the original quoted line by line, then room to write (the caret starts there). */
export function quotedOriginal(contact: Pick<ContactMessage, "email" | "message" | "createdAt">): string {
  const lines = contact.message.split(/\r?\n/).map((line) => (line ? `> ${line}` : ">"));
  return `On ${formatDayMonthYear(contact.createdAt)}, ${contact.email} wrote:\n${lines.join("\n")}\n\n`;
}

/** A `mailto:` link that opens the admin's mail app with the address, subject and text filled in. */
export function mailtoOf(to: string, subject: string, body: string): string {
  const address = encodeURIComponent(to).replace(/%40/g, "@");
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
