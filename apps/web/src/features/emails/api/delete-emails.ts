import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api-client";
import type { SiteSettings } from "@/sites";
import { emailsKey } from "./get-emails";

type DeleteEmailsAnswer = { status: "success"; message?: string; deleted?: number };

/** Deletes one or several subscriptions by id. */
export async function deleteEmails(site: SiteSettings, ids: string[]): Promise<DeleteEmailsAnswer> {
  return unwrap(
    await api.delete<DeleteEmailsAnswer>(`/${site.key}/emails`, { ids }, { variant: site.apiVariant }),
  );
}

export function useDeleteEmails(site: SiteSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => deleteEmails(site, ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailsKey(site) }),
  });
}
