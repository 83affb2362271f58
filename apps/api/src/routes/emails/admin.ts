import { emailSubscriptionSchema } from "@backoffice/contracts";
import { inboxRoutes } from "../inbox/admin.ts";
import { emailsRepository } from "./repository.ts";

/** `GET /emails?page=n` and `DELETE /emails {ids}`: the subscriptions a public site collected. */
export default inboxRoutes({
  path: "/emails",
  row: emailSubscriptionSchema,
  repository: emailsRepository,
  messages: { deleted: "Emails deleted successfully", noneDeleted: "No matching emails to delete" },
  csv: { header: ["Email", "Page", "Subscribed at"], fields: (row) => [row.email, row.url, row.createdAt] },
});
