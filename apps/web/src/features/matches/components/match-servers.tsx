import type { Match, OtherServer } from "@backoffice/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { z } from "zod";
import { useConfirm } from "@/components/confirm-dialog";
import { applyServerErrors, Form, fieldOf, useDialogForm } from "@/components/form";
import {
  type DialogFormProps,
  type DialogProps,
  FormDialog,
  FormDialogFooter,
} from "@/components/form-dialog";
import { IconButton } from "@/components/icon-button";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useCanWrite } from "@/hooks/use-access";
import { toastError, toastSuccess } from "@/lib/toast";
import { useUndo } from "@/lib/undo";
import type { SiteSettings } from "@/sites";
import { serversKey, useCreateServer, useDeleteServer, useServers } from "../api/servers";
import { LinkHealthLine, MatchLinks } from "./link-health";

/** The texts of a match's servers, fixed word for word (Other Servers). */
const serverTexts = {
  confirmDelete: "Are you sure you want to delete this server?",
  required: "Please fill in all fields",
} as const;

/**
 * A match's extra stream servers: the list, Delete (confirmed, with Undo) and New Server. The one
 * component of Other Servers' cards and the Edit Match dialog, where it sits outside the match's
 * form (New Server has a form of its own; saving a server saves nothing else).
 */
export function MatchServers({ site, match }: { site: SiteSettings; match: Match }) {
  const canWrite = useCanWrite(site.key);
  const servers = useServers(site);
  const mine = (servers.data ?? []).filter((server) => server.match_id === match._id);
  const confirm = useConfirm();
  const remove = useDeleteServer(site);
  const undo = useUndo(site, serversKey(site));
  const [adding, setAdding] = useState<Match | null>(null);
  const title = `${match.homeTeam.name} vs ${match.awayTeam.name}`;
  const onDelete = async (server: OtherServer) => {
    if (
      !(await confirm({
        title: serverTexts.confirmDelete,
        description: `${server.name} (${server.url})`,
        confirmText: "Delete",
      }))
    )
      return;
    try {
      const answer = await remove.mutateAsync(server._id);
      const offer = { ...undo(answer), key: "server-delete" };
      toastSuccess("Success", answer.message, `${server.name} was removed.`, offer);
    } catch (error) {
      toastError("Error", error, undefined, "server-delete");
    }
  };
  return (
    // One shrinkable column (grid-cols-1): a long URL's width never widens the card or dialog.
    <section className="grid grid-cols-1 gap-2 border-t pt-3" aria-label={`Servers of ${title}`}>
      <MatchLinks site={site} match={match} />
      <h3 className="text-sm font-semibold">Existing Servers</h3>
      {servers.isPending ? (
        <p className="text-sm text-muted-foreground">Loading servers...</p>
      ) : mine.length === 0 ? (
        <p className="text-sm text-muted-foreground">No servers yet.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2">
          {mine.map((server) => (
            <li key={server._id} className="flex items-center gap-2 rounded-md border px-2 py-1.5 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium [overflow-wrap:anywhere]">{server.name}</p>
                <p className="font-mono text-xs break-all text-muted-foreground">{server.url}</p>
                <LinkHealthLine health={server.health} />
              </div>
              {canWrite && (
                <IconButton
                  icon={Trash2}
                  label={`Delete server ${server.name}`}
                  destructive
                  disabled={remove.isPending}
                  onClick={() => onDelete(server)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => setAdding(match)}
          aria-label={`New Server for ${title}`}
        >
          <Plus aria-hidden="true" />
          New Server
        </Button>
      )}
      <NewServerDialog site={site} match={adding} onClose={() => setAdding(null)} />
    </section>
  );
}

const serverFormSchema = z.object({
  name: z.string().trim().min(1, serverTexts.required),
  url: z.string().trim().min(1, serverTexts.required),
});
type ServerFormValues = z.infer<typeof serverFormSchema>;
const ServerField = fieldOf<ServerFormValues>();

function NewServerDialog({ site, match, onClose }: DialogProps<{ match: Match | null }>) {
  return (
    <FormDialog
      value={match}
      formKey={(match) => match._id}
      title="New Server"
      description={match ? `An extra stream for ${match.homeTeam.name} vs ${match.awayTeam.name}.` : ""}
      onClose={onClose}
    >
      {(match, dialog) => <ServerForm site={site} match={match} {...dialog} />}
    </FormDialog>
  );
}

function ServerForm({ site, match, onDone, reportDirty }: DialogFormProps<{ match: Match }>) {
  const form = useDialogForm<ServerFormValues>(
    { resolver: zodResolver(serverFormSchema), defaultValues: { name: "", url: "" } },
    reportDirty,
  );
  const create = useCreateServer(site);
  const onSubmit = async (values: ServerFormValues) => {
    try {
      const answer = await create.mutateAsync({ match_id: match._id, ...values });
      toastSuccess(
        "Success",
        answer.message,
        `${values.name} streams ${match.homeTeam.name} vs ${match.awayTeam.name}.`,
        { key: "server-create" },
      );
      onDone();
    } catch (error) {
      // An error with a field is said there only.
      if (applyServerErrors(form, error)) return;
      toastError("Error", error, undefined, "server-create");
    }
  };
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="New server" className="grid gap-4">
      <ServerField name="name" label="Server Name">
        <Input autoComplete="off" placeholder="e.g. HD Server" />
      </ServerField>
      <ServerField name="url" label="Stream URL">
        <Input type="url" inputMode="url" placeholder="https://" />
      </ServerField>
      <FormDialogFooter submit="Save Server" busy={form.formState.isSubmitting} />
    </Form>
  );
}
