import type { MessageAnswer } from "@backoffice/contracts";
import type { Backup, BackupPreview } from "@backoffice/contracts/backups";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, download } from "@/lib/api-client";
import { prefetchOf, type ScreenData } from "@/lib/screen-data";

/** Backups (`/api/v1/backups`, Owners only; docs/BACKUPS.md). */
const backupsKey = ["backups"] as const;

const backupsQueryOptions = (waiting: boolean) =>
  queryOptions({
    queryKey: backupsKey,
    queryFn: ({ signal }) =>
      api.get<{ status: "success"; data: Backup[] }>("/backups", { signal }).then((answer) => answer.data),
    // While a Back up now runs, the list is asked again until the new backup shows.
    refetchInterval: waiting ? 2000 : false,
  });

export function useBackups(waiting = false) {
  return useQuery(backupsQueryOptions(waiting));
}

export const backupsScreenData: ScreenData = () => [prefetchOf(backupsQueryOptions(false))];

export function useBackUpNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MessageAnswer>("/backups"),
    onSettled: () => client.invalidateQueries({ queryKey: backupsKey }),
  });
}

/** What a restore would replace: the backup's rows per table beside the rows now. */
export function useBackupPreview(id: string | null) {
  return useQuery({
    queryKey: [...backupsKey, id, "preview"],
    queryFn: ({ signal }) =>
      api.get<{ status: "success"; data: BackupPreview }>(`/backups/${id}`, { signal }).then((a) => a.data),
    enabled: id !== null,
    retry: false,
  });
}

export function useRestoreBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      password,
      code,
      kind,
    }: {
      id: string;
      password: string;
      code?: string | undefined;
      /** One record kind only; absent: the whole backup. */
      kind?: string | undefined;
    }) =>
      api.post<MessageAnswer>(`/backups/${id}/restore`, {
        password,
        ...(code ? { code } : {}),
        ...(kind ? { kind } : {}),
      }),
    // Everything changed: every screen's data is read again.
    onSettled: () => client.invalidateQueries(),
  });
}

export const downloadBackup = (id: string) => download(`/backups/${id}/download`);
