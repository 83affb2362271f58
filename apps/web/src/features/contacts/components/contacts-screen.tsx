import type { ContactMessage } from "@backoffice/contracts";
import { Check, ChevronDown, Copy, CopyCheck, MoreHorizontal, Reply, Trash2 } from "lucide-react";
import { type ReactElement, useState } from "react";
import { useConfirm } from "@/components/confirm-dialog";
import { ExportCsvButton } from "@/components/export-csv-button";
import { FactList } from "@/components/fact-list";
import { IconButton } from "@/components/icon-button";
import { InboxFilters, useInboxFilters } from "@/components/inbox-filters";
import { InboxList } from "@/components/inbox-list";
import { InboxScreen, RefreshButton } from "@/components/inbox-screen";
import { ClearFiltersButton } from "@/components/list/list-body";
import { useConfirmedDelete } from "@/components/list/use-confirmed-delete";
import { usePageParam } from "@/components/list/use-page-param";
import { useSelection } from "@/components/list/use-selection";
import { Badge } from "@/components/ui/badge";
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
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useCanWrite } from "@/hooks/use-access";
import { useCurrentSite } from "@/hooks/use-current-site";
import { useErrorToast } from "@/hooks/use-error-toast";
import { serverMessageOf } from "@/lib/api-client";
import { formatDayMonthYear } from "@/lib/format";
import { useConfig } from "@/lib/site-config";
import { toast, toastError, toastSuccess } from "@/lib/toast";
import { useUndo } from "@/lib/undo";
import {
  contactsEndpoint,
  contactsKey,
  useContactDetails,
  useContacts,
  useDeleteContacts,
  useMarkContacts,
  useMarkInboxSeen,
  useMarkRead,
} from "../api/contacts";
import { contactMessages, MARK_BODIES, type MarkKind, nameOf } from "../utils/contact-texts";
import { ReplyDialog, type ReplyMail } from "./reply-dialog";

/** Manage Contacts (movies): the messages visitors sent, 20 a page, searched, read and answered. */
export function ContactsScreen() {
  const site = useCurrentSite();
  const _confirm = useConfirm();
  const { page, setPage, reportPages } = usePageParam();
  const filters = useInboxFilters();
  const query = useContacts(site, page, filters.query);
  const remove = useDeleteContacts(site);
  const markRead = useMarkRead(site);
  const mark = useMarkContacts(site);
  const canWrite = useCanWrite(site.key);
  useMarkInboxSeen(site);
  const selection = useSelection();
  const [open, setOpen] = useState<ContactMessage | null>(null);
  const [replying, setReplying] = useState<ContactMessage | null>(null);
  const config = useConfig();
  const mail: ReplyMail = { smtp: config.data?.mail?.smtp === true, from: config.data?.mail?.from ?? "" };

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
        { ...undo, key: "contact-delete" },
      );
    },
    failed: (error, targets) => {
      const failed = targets.length === 1 ? contactMessages.deleteFailed : contactMessages.bulkDeleteFailed;
      toastError(failed.title, error, failed.description, "contact-delete");
    },
  });

  // Marks by hand, of the selection or of the open message; each one is a History entry (server).
  const runMark = async (targets: ContactMessage[], kind: MarkKind) => {
    if (targets.length === 0) return;
    try {
      const answer = await mark.mutateAsync({ ids: targets.map((row) => row._id), ...MARK_BODIES[kind] });
      const marked = answer.data.find((row) => row._id === open?._id);
      if (marked) setOpen(marked);
      const { done } = contactMessages.marks[kind];
      toastSuccess(done, undefined, contactMessages.marked(targets.length, done));
    } catch (error) {
      toastError(contactMessages.markFailed.title, error, contactMessages.markFailed.description);
    }
  };

  // Opening a message marks it read (docs/PRODUCT-RULES.md#contacts-get-answered).
  const openRow = (id: string) => {
    const row = rows.find((candidate) => candidate._id === id) ?? null;
    // A Viewer changes nothing: their reading leaves the message unread for the team.
    if (canWrite && row && row.readAt === null) {
      markRead.mutate({ id: row._id, read: true });
      setOpen({ ...row, readAt: new Date().toISOString() });
    } else setOpen(row);
  };

  return (
    <>
      <InboxScreen
        title="Manage Contacts"
        description={contactMessages.subtitle}
        listTitle="Contact Messages"
        noun="messages"
        live={{ resource: "contacts", one: "new message", many: "new messages" }}
        query={query}
        loadError={{
          title: contactMessages.loadError,
          description: serverMessageOf(query.error, query.error?.message || contactMessages.noEndpoint),
        }}
        empty={
          filters.filtered
            ? { ...contactMessages.noMatch, action: <ClearFiltersButton onClick={filters.url.clear} /> }
            : contactMessages.empty
        }
        page={page}
        onPageChange={(next) => {
          selection.clear();
          setPage(next);
        }}
        filters={
          <InboxFilters
            filters={filters}
            searchLabel="Search messages"
            placeholder={contactMessages.searchPlaceholder}
          />
        }
        actions={
          <>
            <ExportCsvButton
              site={site}
              path={contactsEndpoint(site)}
              selectedIds={selected.map((row) => row._id)}
              filter={filters.query}
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
            {canWrite && (
              <MarkMenu
                label={`Mark Selected (${selected.length})`}
                kinds={["read", "unread", "answered", "unanswered"]}
                disabled={selected.length === 0 || mark.isPending}
                onMark={(kind) => runMark(selected, kind)}
              />
            )}
            {canWrite && (
              <Button
                variant="destructive"
                size="sm"
                onClick={() => runDelete(selected)}
                disabled={selected.length === 0 || remove.isPending}
              >
                <Trash2 aria-hidden="true" />
                Delete Selected ({selected.length})
              </Button>
            )}
          </>
        }
      >
        <InboxList
          rows={rows.map((row) => ({
            ...row,
            detail: row.subject,
            source: row.page,
            unread: row.readAt === null,
            answered: row.answeredAt !== null,
          }))}
          label="Contact messages"
          noun="messages"
          selected={selection.selected}
          onToggle={selection.set}
          onToggleAll={(on) => selection.setMany(rowIds, on)}
          onCopy={(email) => copy([email])}
          onDelete={(id) => runDelete(rows.filter((row) => row._id === id))}
          onOpen={openRow}
          rowMenu={
            canWrite
              ? (row) => (
                  <MarkMenu
                    trigger={
                      <IconButton
                        icon={MoreHorizontal}
                        label={`Mark ${row.email}`}
                        tooltip="Mark"
                        disabled={mark.isPending}
                      />
                    }
                    kinds={[row.unread ? "read" : "unread", row.answered ? "unanswered" : "answered"]}
                    onMark={(kind) =>
                      runMark(
                        rows.filter((candidate) => candidate._id === row._id),
                        kind,
                      )
                    }
                  />
                )
              : undefined
          }
          busy={remove.isPending}
        />
      </InboxScreen>
      <MessageDetails
        contact={open}
        onClose={() => setOpen(null)}
        onCopy={(email) => copy([email])}
        onReply={setReplying}
        onMark={(kind) => open && runMark([open], kind)}
        marking={mark.isPending}
      />
      <ReplyDialog site={site} contact={replying} mail={mail} onClose={() => setReplying(null)} />
    </>
  );
}

/**
 * A menu of marks by hand: the selection's (every mark), or a message's (the two that would change
 * it), opened by a labelled button or by `trigger` (a row's icon button).
 */
function MarkMenu({
  label,
  trigger,
  kinds,
  disabled = false,
  onMark,
}: {
  label?: string;
  trigger?: ReactElement;
  kinds: MarkKind[];
  disabled?: boolean;
  onMark: (kind: MarkKind) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {trigger ?? (
          <Button variant="outline" size="sm" disabled={disabled}>
            <Check aria-hidden="true" />
            {label}
            <ChevronDown aria-hidden="true" />
          </Button>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {kinds.map((kind) => (
          <DropdownMenuItem key={kind} onSelect={() => onMark(kind)}>
            {contactMessages.marks[kind].label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The Message Details dialog: email, name, subject, source, date, message, and the replies sent. */
function MessageDetails({
  contact,
  onClose,
  onCopy,
  onReply,
  onMark,
  marking,
}: {
  contact: ContactMessage | null;
  onClose: () => void;
  onCopy: (email: string) => void;
  onReply: (contact: ContactMessage) => void;
  onMark: (kind: MarkKind) => void;
  marking: boolean;
}) {
  const site = useCurrentSite();
  const canWrite = useCanWrite(site.key);
  const details = useContactDetails(site, contact?._id ?? null);
  const replies = details.data?.replies ?? [];
  const answeredAt = details.data?.answeredAt ?? contact?.answeredAt ?? null;
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
          // Scrolls when replies make it long: reachable by keyboard, named for screen readers.
          <section
            className="grid max-h-[40vh] gap-4 overflow-y-auto sm:max-h-[60vh]"
            aria-label="Message details"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
            tabIndex={0}
          >
            {answeredAt && (
              <p>
                <Badge variant="secondary">Answered {formatDayMonthYear(answeredAt)}</Badge>
              </p>
            )}
            <FactList facts={facts} />
            <div className="grid gap-1.5">
              <h3 className="text-sm text-muted-foreground">Message</h3>
              <p className="max-h-72 overflow-y-auto rounded-md border bg-muted/40 p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
                {contact.message || "-"}
              </p>
            </div>
            {replies.length > 0 && (
              <section className="grid gap-2" aria-label="Replies">
                <h3 className="text-sm text-muted-foreground">Replies ({replies.length})</h3>
                <ol className="grid gap-2">
                  {replies.map((reply) => (
                    <li key={reply._id} className="rounded-md border p-3 text-sm">
                      <p className="font-medium [overflow-wrap:anywhere]">{reply.subject}</p>
                      <p className="text-xs text-muted-foreground">
                        {formatDayMonthYear(reply.sentAt)} · from {reply.from}
                        {reply.sentBy ? ` by ${reply.sentBy}` : ""}
                      </p>
                      <p className="mt-2 whitespace-pre-wrap [overflow-wrap:anywhere]">{reply.message}</p>
                    </li>
                  ))}
                </ol>
              </section>
            )}
          </section>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
          <Button variant="outline" onClick={() => contact && onCopy(contact.email)}>
            <Copy aria-hidden="true" />
            Copy Email
          </Button>
          {canWrite && contact && (
            <MarkMenu
              label="Mark"
              kinds={[contact.readAt ? "unread" : "read", answeredAt ? "unanswered" : "answered"]}
              disabled={marking}
              onMark={onMark}
            />
          )}
          {canWrite && (
            <Button onClick={() => contact && onReply(contact)}>
              <Reply aria-hidden="true" />
              Reply
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
