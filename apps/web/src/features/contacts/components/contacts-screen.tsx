import type { ContactMessage } from "@backoffice/contracts";
import { Copy, CopyCheck, Trash2 } from "lucide-react";
import { useState } from "react";
import { useConfirm } from "@/components/confirm-dialog";
import { ExportCsvButton } from "@/components/export-csv-button";
import { FactList } from "@/components/fact-list";
import { InboxList } from "@/components/inbox-list";
import { InboxScreen, RefreshButton } from "@/components/inbox-screen";
import { useConfirmedDelete } from "@/components/list/use-confirmed-delete";
import { usePageParam } from "@/components/list/use-page-param";
import { useSelection } from "@/components/list/use-selection";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useCurrentSite } from "@/hooks/use-current-site";
import { useErrorToast } from "@/hooks/use-error-toast";
import { serverMessageOf } from "@/lib/api-client";
import { formatDayMonthYear } from "@/lib/format";
import { toast, toastError, toastSuccess } from "@/lib/toast";
import { useUndo } from "@/lib/undo";
import { contactsEndpoint, contactsKey, useContacts, useDeleteContacts } from "../api/contacts";
import { contactMessages, nameOf } from "../utils/contact-texts";

/** Manage Contacts (movies): the messages visitors sent, 20 a page. */
export function ContactsScreen() {
  const site = useCurrentSite();
  const _confirm = useConfirm();
  const { page, setPage, reportPages } = usePageParam();
  const query = useContacts(site, page);
  const remove = useDeleteContacts(site);
  const selection = useSelection();
  const [open, setOpen] = useState<ContactMessage | null>(null);

  useErrorToast(query, (error) =>
    toast({
      title: contactMessages.loadError,
      description: serverMessageOf(error, (error as Error)?.message || contactMessages.noEndpoint),
      variant: "destructive",
    }),
  );

  const data = query.data;
  const rows = data?.data ?? [];
  reportPages(data?.pagination.numberOfPages);
  const rowIds = rows.map((row) => row._id);
  // Only rows on screen count as selected, so a refresh or another page cannot leave ghosts.
  const selected = rows.filter((row) => selection.has(row._id));

  const copy = async (emails: string[]) => {
    try {
      await navigator.clipboard.writeText(emails.join("\n"));
      toast({ ...contactMessages.copied(emails.length), variant: "success" });
    } catch {
      toast({ ...contactMessages.copyFailed, variant: "destructive" });
    }
  };
  const copySelected = () =>
    selected.length === 0 ? toast(contactMessages.nothingSelected) : copy(selected.map((row) => row.email));
  const copyAll = () =>
    rows.length === 0 ? toast(contactMessages.emptyList) : copy(rows.map((row) => row.email));

  const runDelete = useConfirmedDelete({
    remove,
    selection,
    undo: useUndo(site, contactsKey(site)),
    ask: (targets: ContactMessage[]) =>
      targets.length === 1
        ? {
            title: contactMessages.confirmDelete,
            description: `The message from ${targets[0]!.email}${targets[0]!.subject ? ` (“${targets[0]!.subject}”)` : ""} will be removed.`,
          }
        : {
            title: contactMessages.confirmBulkDelete(targets.length),
            description: `${targets.length} messages will be removed.`,
          },
    done: (_answer, targets, undo) => {
      if (open && targets.some((row) => row._id === open._id)) setOpen(null);
      // The server's message counts in the plural whatever the number; the title and this
      // description say what happened, in the singular for one.
      toastSuccess(
        contactMessages.deleted(targets.length),
        undefined,
        targets.length === 1
          ? `The message from ${targets[0]!.email} was removed.`
          : `${targets.length} messages were removed.`,
        undo,
      );
    },
    failed: (error, targets) => {
      const failed = targets.length === 1 ? contactMessages.deleteFailed : contactMessages.bulkDeleteFailed;
      toastError(failed.title, error, failed.description);
    },
  });

  const openRow = (id: string) => setOpen(rows.find((row) => row._id === id) ?? null);

  return (
    <>
      <InboxScreen
        title="Manage Contacts"
        description={contactMessages.subtitle}
        listTitle="Contact Messages"
        noun="messages"
        query={query}
        loadError={{
          title: contactMessages.loadError,
          description: serverMessageOf(query.error, query.error?.message || contactMessages.noEndpoint),
        }}
        empty={contactMessages.empty}
        page={page}
        onPageChange={(next) => {
          selection.clear();
          setPage(next);
        }}
        actions={
          <>
            <ExportCsvButton
              site={site}
              path={contactsEndpoint(site)}
              selectedIds={selected.map((row) => row._id)}
              noun={["message", "messages"]}
            />
            <RefreshButton query={query} />
            <Button variant="outline" size="sm" onClick={copySelected}>
              <CopyCheck aria-hidden="true" />
              Copy Selected
            </Button>
            <Button variant="outline" size="sm" onClick={copyAll}>
              <Copy aria-hidden="true" />
              Copy All
            </Button>
            <Button
              variant="destructive"
              size="sm"
              onClick={() => runDelete(selected)}
              disabled={selected.length === 0 || remove.isPending}
            >
              <Trash2 aria-hidden="true" />
              Delete Selected ({selected.length})
            </Button>
          </>
        }
      >
        <InboxList
          rows={rows.map((row) => ({ ...row, detail: row.subject, source: row.page }))}
          label="Contact messages"
          noun="messages"
          selected={selection.selected}
          onToggle={selection.set}
          onToggleAll={(on) => selection.setMany(rowIds, on)}
          onCopy={(email) => copy([email])}
          onDelete={(id) => runDelete(rows.filter((row) => row._id === id))}
          onOpen={openRow}
          busy={remove.isPending}
        />
      </InboxScreen>
      <MessageDetails contact={open} onClose={() => setOpen(null)} onCopy={(email) => copy([email])} />
    </>
  );
}

/** The Message Details dialog: email, name, subject, source, date and message. */
function MessageDetails({
  contact,
  onClose,
  onCopy,
}: {
  contact: ContactMessage | null;
  onClose: () => void;
  onCopy: (email: string) => void;
}) {
  const facts: [string, string][] = contact
    ? [
        ["Email", contact.email],
        ["Name", nameOf(contact)],
        ["Subject", contact.subject || "-"],
        ["Source", contact.page || "-"],
        ["Date", formatDayMonthYear(contact.createdAt)],
      ]
    : [];
  return (
    <Dialog open={contact !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Message Details</DialogTitle>
          <DialogDescription>{contact ? `From ${contact.email}` : ""}</DialogDescription>
        </DialogHeader>
        {contact && (
          <div className="grid gap-4">
            <FactList facts={facts} />
            <div className="grid gap-1.5">
              <h3 className="text-sm text-muted-foreground">Message</h3>
              <p className="max-h-72 overflow-y-auto rounded-md border bg-muted/40 p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
                {contact.message || "-"}
              </p>
            </div>
          </div>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
          <Button onClick={() => contact && onCopy(contact.email)}>
            <Copy aria-hidden="true" />
            Copy Email
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
