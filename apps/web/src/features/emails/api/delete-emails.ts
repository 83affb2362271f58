import type { deletedCountAnswer } from "@backoffice/contracts";
import type { z } from "zod";
import { siteApi } from "@/lib/api-client";
import { useListWrite } from "@/lib/list-write";
import type { SiteSettings } from "@/sites";
import { emailsKey } from "./get-emails";

type DeleteEmailsAnswer = z.infer<typeof deletedCountAnswer>;

/** Deletes one or several subscriptions by id. */
export function deleteEmails(site: SiteSettings, ids: string[]) {
  return siteApi(site).delete<DeleteEmailsAnswer>("/emails", { ids });
}

export function useDeleteEmails(site: SiteSettings) {
  return useListWrite(emailsKey(site), (ids: string[]) => deleteEmails(site, ids));
}
