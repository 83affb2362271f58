import { CONTACT_MESSAGES, contactMessageSchema } from "@backoffice/contracts";
import { inboxRoutes } from "../inbox/admin.ts";
import { contactsRepository } from "./repository.ts";

/** `GET /contacts?page=n` and `DELETE /contacts {ids}`: the movies site's contact inbox. */
export default inboxRoutes({
  path: "/contacts",
  row: contactMessageSchema,
  repository: contactsRepository,
  messages: { deleted: CONTACT_MESSAGES.deleted, noneDeleted: CONTACT_MESSAGES.noneDeleted },
  csv: {
    header: ["Email", "First name", "Last name", "Subject", "Message", "Page", "Received at"],
    fields: (row) => [
      row.email,
      row.firstName,
      row.lastName,
      row.subject,
      row.message,
      row.page,
      row.createdAt,
    ],
  },
});
