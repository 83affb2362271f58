import { Trash2 } from "lucide-react";
import { useConfirm } from "@/components/confirm-dialog";
import { ExportCsvButton } from "@/components/export-csv-button";
import { ImportButton } from "@/components/import/import-dialog";
import { InboxFilters, useInboxFilters } from "@/components/inbox-filters";
import { InboxList } from "@/components/inbox-list";
import { InboxScreen, RefreshButton } from "@/components/inbox-screen";
import { ClearFiltersButton } from "@/components/list/list-body";
import { usePageParam } from "@/components/list/use-page-param";
import { useSelection } from "@/components/list/use-selection";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useCanWrite } from "@/hooks/use-access";
import { useCurrentSite } from "@/hooks/use-current-site";
import { useErrorToast } from "@/hooks/use-error-toast";
import { toast, toastError, toastSuccess } from "@/lib/toast";
import { useUndo } from "@/lib/undo";
import { useDeleteEmails } from "../api/delete-emails";
import { emailsKey, useEmails } from "../api/get-emails";
import { emailMessages } from "../utils/email-texts";

/** Manage Emails: the subscriptions a public site collected, 20 a page, searched and sorted. */
export function EmailsScreen() {
  const site = useCurrentSite();
  const canWrite = useCanWrite(site.key);
  const confirm = useConfirm();
  const { page, setPage, reportPages } = usePageParam();
  const filters = useInboxFilters();
  const query = useEmails(site, page, filters.query);
  const remove = useDeleteEmails(site);
  const undo = useUndo(site, emailsKey(site));
  const selection = useSelection();

  useErrorToast(query, () => toast({ ...emailMessages.loadError, variant: "destructive" }));

  const data = query.data;
  const rows = data?.data ?? [];
  // After deletes shrink the list, the page shown is derived: never past the last one.
  reportPages(data?.pagination.numberOfPages);
  const rowIds = rows.map((row) => row._id);
  // Only rows on screen count as selected, so a refresh or a delete elsewhere cannot leave ghosts.
  const selectedIds = selection.inView(rowIds).ids;

  const goTo = (next: number) => {
    selection.clear();
    setPage(next);
  };
  const toggleAll = (on: boolean) => selection.setMany(rowIds, on);

  const onCopy = async (email: string) => {
    try {
      await navigator.clipboard.writeText(email);
      toast({ ...emailMessages.copied(email), variant: "success" });
    } catch {
      toast({ ...emailMessages.copyFailed, variant: "destructive" });
    }
  };

  const forget = selection.forget;

  const onDelete = async (id: string) => {
    const email = rows.find((row) => row._id === id)?.email ?? "This email";
    if (!(await confirm({ title: emailMessages.confirmDelete, description: email, confirmText: "Delete" })))
      return;
    try {
      const answer = await remove.mutateAsync([id]);
      forget([id]);
      toastSuccess(emailMessages.deleted, undefined, `${email} was removed.`, {
        ...undo(answer),
        key: "email-delete",
      });
    } catch (error) {
      toastError(
        emailMessages.deleteFailed.title,
        error,
        emailMessages.deleteFailed.description,
        "email-delete",
      );
    }
  };

  const onDeleteSelected = async () => {
    const ids = selectedIds;
    // An empty selection does nothing.
    if (ids.length === 0) return;
    const named = {
      title: emailMessages.confirmBulkDelete(ids.length),
      description: emailMessages.selectedEmails(ids.length),
      confirmText: "Delete",
    };
    if (!(await confirm(named))) return;
    try {
      const answer = await remove.mutateAsync(ids);
      forget(ids);
      // The server's message counts in the plural whatever the number: one email reads in the singular.
      toastSuccess(
        ids.length === 1 ? emailMessages.deleted : answer.message || emailMessages.deleted,
        undefined,
        emailMessages.removed(ids.length),
        { ...undo(answer), key: "email-delete" },
      );
    } catch (error) {
      toastError(
        emailMessages.bulkDeleteFailed.title,
        error,
        emailMessages.bulkDeleteFailed.description,
        "email-delete",
      );
    }
  };

  return (
    <InboxScreen
      title="Manage Emails"
      description={emailMessages.subtitle}
      listTitle="Email Subscriptions"
      noun="emails"
      live={{ resource: "emails", one: "new subscription", many: "new subscriptions" }}
      query={query}
      loadError={emailMessages.loadError}
      empty={
        filters.filtered
          ? { ...emailMessages.noMatch, action: <ClearFiltersButton onClick={filters.url.clear} /> }
          : emailMessages.empty
      }
      page={page}
      onPageChange={goTo}
      filters={
        <InboxFilters
          filters={filters}
          searchLabel="Search emails"
          placeholder={emailMessages.searchPlaceholder}
        />
      }
      actions={
        <>
          {canWrite && selectedIds.length > 0 && (
            <Button variant="destructive" size="sm" onClick={onDeleteSelected} disabled={remove.isPending}>
              {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
              Delete Selected ({selectedIds.length})
            </Button>
          )}
          {canWrite && <ImportButton site={site} kind="emails" noun="emails" lists={[emailsKey(site)]} />}
          <ExportCsvButton
            site={site}
            path="/emails"
            selectedIds={selectedIds}
            filter={filters.query}
            noun={["email", "emails"]}
          />
          <RefreshButton query={query} />
        </>
      }
    >
      <InboxList
        rows={rows.map((row) => ({ ...row, source: row.url }))}
        label="Email subscriptions"
        noun="emails"
        selected={selection.selected}
        onToggle={selection.set}
        onToggleAll={toggleAll}
        onCopy={onCopy}
        onDelete={onDelete}
        busy={remove.isPending}
      />
    </InboxScreen>
  );
}
