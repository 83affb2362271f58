import { type HistoryResource, RECORD_KINDS } from "@backoffice/contracts";
import { type Backup, backupRestoreBody, RESTORABLE_KINDS } from "@backoffice/contracts/backups";
import { ArchiveRestore, DatabaseBackup, Download, RotateCw } from "lucide-react";
import { useState } from "react";
import type { z } from "zod";
import { applyServerErrors, contractResolver, Form, fieldOf, useDialogForm } from "@/components/form";
import { FormDialog, FormDialogFooter } from "@/components/form-dialog";
import { PageHeader } from "@/components/layout/page-header";
import { ListBody } from "@/components/list/list-body";
import { OptionsSelect } from "@/components/options-select";
import { ListSkeleton } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { formatDateTime } from "@/lib/format";
import { toastError, toastSuccess } from "@/lib/toast";
import { downloadBackup, useBackUpNow, useBackupPreview, useBackups, useRestoreBackup } from "../api/backups";

export const backupTexts = {
  title: "Backups",
  subtitle:
    "Both databases, the generated secrets and the media, every day and on demand; each one is verified by restoring it.",
  backUpNow: "Back up now",
  running: "Backing up…",
  started: "Backup started",
  startFailed: "The backup did not start",
  empty: "No backups yet",
  emptyDescription: "The first one runs tonight, or take one now.",
  loadError: { title: "Backups could not load", description: "Check the connection and try again." },
  restore: "Restore",
  restoreTitle: (time: string) => `Restore the backup of ${time}?`,
  restoreDescription:
    "Everything is replaced by the backup's data; a safety backup of the data now is taken first. Everyone signs in again.",
  restored: "Backup restored",
  whatToRestore: "What to restore",
  everything: "Everything (replaces all the data)",
  kindHint:
    "One kind only is restored into the current data: History shows it as a restore, and what it removes goes to the Trash.",
  restoreFailed: "The backup was not restored",
  downloadFailed: "The backup could not be downloaded",
  offsite: "Copied off-site",
  offsiteFailed: "Not copied off-site",
} as const;

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Backups (Owners, account menu): the list, Back up now with its progress, Download and Restore. */
export function BackupsScreen() {
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  const query = useBackups(waitingSince !== null);
  const backUp = useBackUpNow();
  const [restoring, setRestoring] = useState<Backup | null>(null);
  // A backup newer than the click ends the wait.
  const waiting =
    waitingSince !== null &&
    !query.data?.some((backup) => Date.parse(backup.createdAt) >= waitingSince - 60_000);
  if (waitingSince !== null && !waiting) setWaitingSince(null);

  const start = async () => {
    try {
      const answer = await backUp.mutateAsync();
      setWaitingSince(Date.now());
      toastSuccess(backupTexts.started, answer.message);
    } catch (error) {
      toastError(backupTexts.startFailed, error, "Try again.");
    }
  };
  const save = async (backup: Backup) => {
    try {
      const { blob, filename } = await downloadBackup(backup.id);
      const href = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = href;
      link.download = filename;
      link.click();
      setTimeout(() => URL.revokeObjectURL(href), 0);
    } catch (error) {
      toastError(backupTexts.downloadFailed, error, "Try again.");
    }
  };
  const busy = backUp.isPending || waiting;

  return (
    <div className="grid gap-6">
      <PageHeader
        title={backupTexts.title}
        description={backupTexts.subtitle}
        actions={
          <Button onClick={start} disabled={busy} aria-busy={busy}>
            {busy ? (
              <RotateCw className="animate-spin" aria-hidden="true" />
            ) : (
              <DatabaseBackup aria-hidden="true" />
            )}
            {busy ? backupTexts.running : backupTexts.backUpNow}
          </Button>
        }
      />
      <ListBody
        query={query}
        loading={<ListSkeleton />}
        error={backupTexts.loadError}
        empty={
          query.data?.length === 0
            ? { icon: DatabaseBackup, title: backupTexts.empty, description: backupTexts.emptyDescription }
            : null
        }
      >
        <ul className="grid gap-3" aria-label="Backups">
          {query.data?.map((backup) => (
            <li key={backup.id} aria-labelledby={`backup-${backup.id}`}>
              <Card className="gap-3 py-4">
                <CardContent className="flex flex-col gap-3 px-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="grid gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h2 id={`backup-${backup.id}`} className="font-semibold">
                        {formatDateTime(backup.createdAt)}
                      </h2>
                      {backup.status === "failed" ? (
                        <Badge variant="destructive">Failed</Badge>
                      ) : backup.verified ? (
                        <Badge variant="success">Verified</Badge>
                      ) : (
                        <Badge variant="warning">Not verified</Badge>
                      )}
                      {backup.kind === "safety" && <Badge variant="outline">Before a restore</Badge>}
                      {backup.encrypted && <Badge variant="outline">Encrypted</Badge>}
                      {backup.offsite === "copied" && <Badge variant="outline">{backupTexts.offsite}</Badge>}
                      {backup.offsite === "failed" && (
                        <Badge variant="warning">{backupTexts.offsiteFailed}</Badge>
                      )}
                    </div>
                    <p className="text-sm text-muted-foreground">
                      {backup.status === "ready" ? size(backup.size) : null}
                      {backup.error ? ` ${backup.error}` : null}
                      {backup.offsiteError ? ` ${backup.offsiteError}` : null}
                    </p>
                  </div>
                  {backup.status === "ready" && (
                    <div className="flex flex-wrap gap-2">
                      <Button size="sm" variant="outline" onClick={() => save(backup)}>
                        <Download aria-hidden="true" />
                        Download
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setRestoring(backup)}>
                        <ArchiveRestore aria-hidden="true" />
                        {backupTexts.restore}
                      </Button>
                    </div>
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </ListBody>
      <FormDialog
        value={restoring}
        formKey={(backup) => backup.id}
        title={
          restoring ? backupTexts.restoreTitle(formatDateTime(restoring.createdAt)) : backupTexts.restore
        }
        description={backupTexts.restoreDescription}
        onClose={() => setRestoring(null)}
      >
        {(backup, dialog) => <RestoreForm backup={backup} {...dialog} />}
      </FormDialog>
    </div>
  );
}

type RestoreValues = z.input<typeof backupRestoreBody>;
/** The select's value for a whole restore (no `kind` sent). */
const EVERYTHING = "everything";
const RestoreField = fieldOf<RestoreValues>();

/** The preview (rows in the backup beside rows now), then the password and code again. */
function RestoreForm({
  backup,
  onDone,
  reportDirty,
}: {
  backup: Backup;
  onDone: () => void;
  reportDirty: (dirty: boolean) => void;
}) {
  const preview = useBackupPreview(backup.id);
  const form = useDialogForm<RestoreValues, z.output<typeof backupRestoreBody>>(
    { resolver: contractResolver(backupRestoreBody), defaultValues: { password: "", kind: undefined } },
    reportDirty,
  );
  const restore = useRestoreBackup();
  const onSubmit = async (values: z.output<typeof backupRestoreBody>) => {
    try {
      const answer = await restore.mutateAsync({ id: backup.id, ...values });
      toastSuccess(backupTexts.restored, answer.message);
      onDone();
    } catch (error) {
      if (!applyServerErrors(form, error))
        toastError(backupTexts.restoreFailed, error, "Nothing was changed.");
    }
  };
  const rows = (tables: Record<string, number>) => Object.values(tables).reduce((a, b) => a + b, 0);
  return (
    <Form form={form} onSubmit={onSubmit} aria-label={backupTexts.restore} className="grid gap-4">
      <section aria-label="Preview" className="grid gap-1 text-sm">
        {preview.isPending && <p className="text-muted-foreground">Reading the backup…</p>}
        {preview.isError && (
          <p role="alert" className="text-destructive">
            {preview.error instanceof Error ? preview.error.message : "The backup could not be read."}
          </p>
        )}
        {preview.data && (
          <>
            <p>
              Backup of {formatDateTime(preview.data.createdAt)}, version {preview.data.productVersion}
            </p>
            {Object.entries(preview.data.databases).map(([name, db]) => (
              <p key={name}>
                {name === "api" ? "Sites' data" : "Movie titles"}: {rows(db.tables)} rows in the backup
                replace {rows(db.current)} rows now
              </p>
            ))}
            <p>
              {preview.data.files.media} media files
              {preview.data.files.media ? " replace the current ones" : ""}
            </p>
          </>
        )}
      </section>
      <RestoreField name="kind" label={backupTexts.whatToRestore} hint={backupTexts.kindHint}>
        {(field, control) => (
          <OptionsSelect
            {...control}
            ref={field.ref}
            className="w-full"
            value={field.value ?? EVERYTHING}
            onValueChange={(next) => field.onChange(next === EVERYTHING ? undefined : next)}
            options={[
              [EVERYTHING, backupTexts.everything],
              ...RESTORABLE_KINDS.map(
                (kind) => [kind, `Only ${RECORD_KINDS[kind as HistoryResource].label}`] as const,
              ),
            ]}
          />
        )}
      </RestoreField>
      <RestoreField name="password" label="Your password">
        <Input type="password" autoComplete="current-password" />
      </RestoreField>
      <RestoreField name="code" label="Authenticator code (if you use one)">
        <Input inputMode="numeric" autoComplete="one-time-code" />
      </RestoreField>
      <FormDialogFooter
        submit={`Restore the backup of ${formatDateTime(backup.createdAt)}`}
        busy={form.formState.isSubmitting}
      />
    </Form>
  );
}
