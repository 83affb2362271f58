import { RefreshCw, Trash2, WifiOff } from "lucide-react";
import { useConfirm } from "@/components/confirm-dialog";
import { ExportCsvButton } from "@/components/export-csv-button";
import { ConnectionBadge, InboxList } from "@/components/inbox-list";
import { PageHeader } from "@/components/layout/page-header";
import { usePageParam } from "@/components/list/use-page-param";
import { useSelection } from "@/components/list/use-selection";
import { Pagination } from "@/components/pagination";
import { EmptyState, ErrorState, ListSkeleton } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentSite } from "@/hooks/use-current-site";
import { useErrorToast } from "@/hooks/use-error-toast";
import { toast, toastError, toastSuccess } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useDeleteEmails } from "../api/delete-emails";
import { useEmails } from "../api/get-emails";
import { emailMessages } from "../utils/email-texts";

/** Manage Emails (spec §2): the subscriptions a public site collected, 20 a page. */
export function EmailsScreen() {
  const site = useCurrentSite();
  const confirm = useConfirm();
  const { page, setPage, reportPages } = usePageParam();
  const query = useEmails(site, page);
  const remove = useDeleteEmails(site);
  const selection = useSelection();

  useErrorToast(query, () => toast({ ...emailMessages.loadError, variant: "destructive" }));

  const data = query.data;
  const rows = data?.data ?? [];
  const numberOfPages = data?.pagination.numberOfPages ?? 1;
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
      await remove.mutateAsync([id]);
      forget([id]);
      toastSuccess(emailMessages.deleted, undefined, `${email} was removed.`);
    } catch (error) {
      toastError(emailMessages.deleteFailed.title, error, emailMessages.deleteFailed.description);
    }
  };

  const onDeleteSelected = async () => {
    const ids = selectedIds;
    // An empty selection does nothing (spec §5).
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
      toastSuccess(answer.message || emailMessages.deleted, undefined, emailMessages.removed(ids.length));
    } catch (error) {
      toastError(emailMessages.bulkDeleteFailed.title, error, emailMessages.bulkDeleteFailed.description);
    }
  };

  const connection = query.isError ? "disconnected" : query.isSuccess ? "connected" : "connecting";
  const refreshing = query.isFetching && !query.isPending;

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Manage Emails"
        description={emailMessages.subtitle}
        actions={<ConnectionBadge state={connection} />}
      />
      <Card className="gap-4">
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <CardTitle>Email Subscriptions{data ? ` (${data.result})` : ""}</CardTitle>
          <div className="flex flex-wrap gap-2">
            {selectedIds.length > 0 && (
              <Button variant="destructive" size="sm" onClick={onDeleteSelected} disabled={remove.isPending}>
                {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
                Delete Selected ({selectedIds.length})
              </Button>
            )}
            <ExportCsvButton
              site={site}
              path="/emails"
              selectedIds={selectedIds}
              noun={["email", "emails"]}
            />
            <Button variant="outline" size="sm" onClick={() => query.refetch()} disabled={query.isFetching}>
              <RefreshCw aria-hidden="true" className={cn(query.isFetching && "animate-spin")} />
              Refresh
            </Button>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="sr-only" role="status" aria-live="polite">
            {refreshing ? "Refreshing emails..." : ""}
          </p>
          {query.isPending ? (
            <div role="status" aria-live="polite">
              <span className="sr-only">Loading emails...</span>
              <ListSkeleton rows={5} className="[&>*]:h-10" />
            </div>
          ) : query.isError && !data ? (
            <ErrorState
              icon={WifiOff}
              title={emailMessages.loadError.title}
              description={emailMessages.loadError.description}
              onRetry={() => query.refetch()}
              retrying={query.isFetching}
            />
          ) : rows.length === 0 ? (
            <EmptyState title={emailMessages.empty.title} description={emailMessages.empty.description} />
          ) : (
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
          )}
          <Pagination page={page} totalPages={numberOfPages} onPageChange={goTo} />
        </CardContent>
      </Card>
    </div>
  );
}
