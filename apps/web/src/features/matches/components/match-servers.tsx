import type { Match, OtherServer } from "@backoffice/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil, Plus, Trash2 } from "lucide-react";
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
import { ApplyAtField, toastScheduled } from "@/components/window/apply-at-field";
import { useWindowClock, WindowBadge } from "@/components/window/window-badge";
import { useSiteTimeZone, WindowFields } from "@/components/window/window-fields";
import {
  applyAtFormField,
  changedFields,
  checkWindowOrder,
  emptyApplyAt,
  emptyWindowForm,
  toApplyAt,
  toWindowBody,
  windowFormFields,
  windowToForm,
} from "@/components/window/window-form";
import { inWindowFilter } from "@/components/window/window-state";
import { useCanWrite } from "@/hooks/use-access";
import { toastError, toastSuccess } from "@/lib/toast";
import { useUndo } from "@/lib/undo";
import type { SiteSettings } from "@/sites";
import { serversKey, useCreateServer, useDeleteServer, useServers, useUpdateServer } from "../api/servers";
import { LinkHealthLine, MatchLinks } from "./link-health";

/** The texts of a match's servers, fixed word for word (Other Servers). */
const serverTexts = {
  confirmDelete: "Are you sure you want to delete this server?",
  required: "Please fill in all fields",
} as const;

/** What the server dialog is open for: a new server of a match, or one of its servers. */
type ServerDialogState = { match: Match; server: OtherServer | null };

/**
 * A match's extra stream servers: the list (each with its window's state), Edit, Delete (confirmed,
 * with Undo) and New Server. The one component of Other Servers' cards and the Edit Match dialog,
 * where it sits outside the match's form (the server dialog has a form of its own; saving a server
 * saves nothing else). `windowFilter`: Other Servers' Window filter (`?window=`), none elsewhere.
 */
export function MatchServers({
  site,
  match,
  windowFilter = "",
}: {
  site: SiteSettings;
  match: Match;
  windowFilter?: string;
}) {
  const canWrite = useCanWrite(site.key);
  const servers = useServers(site);
  const all = (servers.data ?? []).filter((server) => server.match_id === match._id);
  // Badges and the filter follow the clock: read again at the next opening or closing.
  const now = useWindowClock(all);
  const mine = all.filter((server) => inWindowFilter(server, windowFilter, now));
  const confirm = useConfirm();
  const remove = useDeleteServer(site);
  const undo = useUndo(site, serversKey(site));
  const [dialog, setDialog] = useState<ServerDialogState | null>(null);
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
        <p className="text-sm text-muted-foreground">
          {all.length === 0 ? "No servers yet." : "No servers in this window."}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-2">
          {mine.map((server) => (
            <li key={server._id} className="flex items-center gap-2 rounded-md border px-2 py-1.5 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium [overflow-wrap:anywhere]">{server.name}</p>
                <p className="font-mono text-xs break-all text-muted-foreground">{server.url}</p>
                <WindowBadge window={server} now={now} />
                <LinkHealthLine health={server.health} />
              </div>
              {canWrite && (
                <>
                  <IconButton
                    icon={Pencil}
                    label={`Edit server ${server.name}`}
                    tooltip="Edit"
                    onClick={() => setDialog({ match, server })}
                  />
                  <IconButton
                    icon={Trash2}
                    label={`Delete server ${server.name}`}
                    destructive
                    disabled={remove.isPending}
                    onClick={() => onDelete(server)}
                  />
                </>
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
          onClick={() => setDialog({ match, server: null })}
          aria-label={`New Server for ${title}`}
        >
          <Plus aria-hidden="true" />
          New Server
        </Button>
      )}
      <ServerDialog site={site} state={dialog} onClose={() => setDialog(null)} />
    </section>
  );
}

const serverFormSchema = z
  .object({
    name: z.string().trim().min(1, serverTexts.required),
    url: z.string().trim().min(1, serverTexts.required),
    // When it shows on the public site (docs/PRODUCT-RULES.md#windows), in the site's time zone.
    ...windowFormFields,
    ...applyAtFormField,
  })
  .superRefine(checkWindowOrder);
type ServerFormValues = z.infer<typeof serverFormSchema>;
const ServerField = fieldOf<ServerFormValues>();

/** New Server, or Edit Server for one of the match's servers. */
function ServerDialog({ site, state, onClose }: DialogProps<{ state: ServerDialogState | null }>) {
  const match = state?.match;
  return (
    <FormDialog
      value={state}
      formKey={(state) => `${state.match._id} ${state.server?._id ?? "new"}`}
      title={state?.server ? "Edit Server" : "New Server"}
      description={match ? `An extra stream for ${match.homeTeam.name} vs ${match.awayTeam.name}.` : ""}
      onClose={onClose}
    >
      {(state, dialog) => <ServerForm site={site} state={state} {...dialog} />}
    </FormDialog>
  );
}

function ServerForm({ site, state, onDone, reportDirty }: DialogFormProps<{ state: ServerDialogState }>) {
  const { match, server } = state;
  const timeZone = useSiteTimeZone();
  const form = useDialogForm<ServerFormValues>(
    {
      resolver: zodResolver(serverFormSchema),
      defaultValues: server
        ? { name: server.name, url: server.url, ...windowToForm(server, timeZone), ...emptyApplyAt() }
        : { name: "", url: "", ...emptyWindowForm(), ...emptyApplyAt() },
    },
    reportDirty,
  );
  const create = useCreateServer(site);
  const update = useUpdateServer(site);
  const onSubmit = async (values: ServerFormValues) => {
    const bodyOf = (from: ServerFormValues) => ({
      name: from.name,
      url: from.url,
      ...toWindowBody(from, timeZone),
    });
    const body = bodyOf(values);
    const applyAt = toApplyAt(values.applyAt, timeZone);
    try {
      if (server && applyAt) {
        const loaded = bodyOf(form.formState.defaultValues as ServerFormValues);
        await update.mutateAsync({ id: server._id, ...changedFields(body, loaded), applyAt });
        toastScheduled(values.name, applyAt, timeZone, "server-save");
        return onDone();
      }
      const answer = server
        ? await update.mutateAsync({ id: server._id, ...body })
        : await create.mutateAsync({ match_id: match._id, ...body });
      toastSuccess(
        "Success",
        answer.message,
        `${values.name} streams ${match.homeTeam.name} vs ${match.awayTeam.name}.`,
        { key: "server-save" },
      );
      onDone();
    } catch (error) {
      // An error with a field is said there only.
      if (applyServerErrors(form, error)) return;
      toastError("Error", error, undefined, "server-save");
    }
  };
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      aria-label={server ? "Edit server" : "New server"}
      className="grid gap-4"
    >
      <ServerField name="name" label="Server Name">
        <Input autoComplete="off" placeholder="e.g. HD Server" />
      </ServerField>
      <ServerField name="url" label="Stream URL">
        <Input type="url" inputMode="url" placeholder="https://" />
      </ServerField>
      <WindowFields />
      {server && <ApplyAtField />}
      <FormDialogFooter submit="Save Server" busy={form.formState.isSubmitting} />
    </Form>
  );
}
