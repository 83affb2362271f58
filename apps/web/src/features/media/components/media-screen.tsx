import type { Media } from "@backoffice/contracts/media";
import { ImageIcon, WifiOff } from "lucide-react";
import { useConfirm } from "@/components/confirm-dialog";
import { PageHeader } from "@/components/layout/page-header";
import { CardGrid, ClearFiltersButton, ListBody } from "@/components/list/list-body";
import { FilterSelect, SearchBox, useUrlFilters } from "@/components/list/url-filters";
import { usePageParam } from "@/components/list/use-page-param";
import {
  mediaKey,
  useDeleteMedia,
  useMediaList,
  useReplaceMedia,
  useUpdateAlt,
  useUploads,
} from "@/components/media/media-api";
import { DropZone, UploadButton, UploadList } from "@/components/media/upload-area";
import { Pagination } from "@/components/pagination";
import { ListSkeleton } from "@/components/states";
import { useCanWrite } from "@/hooks/use-access";
import { useCurrentSite } from "@/hooks/use-current-site";
import { SEARCH_PAUSE_MS, useDebouncedValue } from "@/hooks/use-debounced-value";
import { toastError, toastSuccess } from "@/lib/toast";
import { useUndo } from "@/lib/undo";
import { typeOf, usedOf } from "../api/get-media";
import { mediaMessages, TYPE_OPTIONS, USED_OPTIONS } from "../utils/media-texts";
import { MediaCard } from "./media-card";

/** Media: the site's image library (docs/MEDIA.md): upload, search, filter by type and use, alt text, replace, delete. */
export function MediaScreen() {
  const site = useCurrentSite();
  const canWrite = useCanWrite(site.key);
  const url = useUrlFilters(["q", "type", "used"] as const, "q");
  const typed = url.get("q");
  const search = useDebouncedValue(typed.trim(), SEARCH_PAUSE_MS);
  const type = typeOf(url.get("type"));
  const used = usedOf(url.get("used"));
  const { page, setPage, reportPages } = usePageParam();
  const query = useMediaList(site, { q: search || undefined, type, used, page });
  if (query.data) reportPages(query.data.pagination.numberOfPages);
  const uploads = useUploads(site);
  const updateAlt = useUpdateAlt(site);
  const remove = useDeleteMedia(site);
  const replace = useReplaceMedia(site);
  const undo = useUndo(site, mediaKey(site));
  const confirm = useConfirm();

  const onFiles = (files: File[]) => void uploads.start(files);
  const onDelete = async (item: Media) => {
    const yes = await confirm({
      title: mediaMessages.deleteQuestion(item.fileName),
      // An image in use names its uses before the admin says yes.
      description: item.uses.length > 0 ? mediaMessages.deleteInUse(item.uses) : mediaMessages.deleteHint,
      confirmText: "Delete",
      destructive: true,
    });
    if (!yes) return;
    try {
      const answer = await remove.mutateAsync({ id: item._id, inUse: item.uses.length > 0 });
      toastSuccess(
        mediaMessages.deleted,
        answer.message,
        undefined,
        undo(answer, `${item.fileName} restored`),
      );
    } catch (error) {
      toastError(mediaMessages.deleteFailed, error);
    }
  };
  const onReplace = async (item: Media, file: File) => {
    try {
      const answer = await replace.mutateAsync({ id: item._id, file });
      toastSuccess(mediaMessages.replaced, answer.message);
    } catch (error) {
      toastError(mediaMessages.replaceFailed, error);
    }
  };
  const onSaveAlt = async (item: Media, alt: string) => {
    try {
      const answer = await updateAlt.mutateAsync({ id: item._id, alt });
      toastSuccess(mediaMessages.altSaved, answer.message);
    } catch (error) {
      toastError(mediaMessages.altFailed, error);
    }
  };

  const items = query.data?.data ?? [];
  const filtered = search !== "" || type !== undefined || used !== undefined;
  const upload = canWrite ? <UploadButton onFiles={onFiles} /> : undefined;

  const body = (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <SearchBox
          label="Search images"
          placeholder="Search by file name or alt text"
          value={typed}
          onChange={(value) => url.set("q", value)}
          onClear={() => url.set("q", "")}
        />
        <FilterSelect
          label="Type"
          all="All types"
          value={type ?? ""}
          options={TYPE_OPTIONS}
          onChange={(value) => url.set("type", value)}
        />
        <FilterSelect
          label="Where used"
          all="Used or not"
          value={used ?? ""}
          options={USED_OPTIONS}
          onChange={(value) => url.set("used", value)}
        />
      </div>
      <UploadList uploads={uploads.uploads} onDismiss={uploads.dismiss} />
      <ListBody
        query={query}
        loading={
          <div role="status" aria-live="polite">
            <span className="sr-only">Loading images...</span>
            <ListSkeleton rows={3} />
          </div>
        }
        error={{ icon: WifiOff, title: mediaMessages.loadFailed, description: mediaMessages.loadFailedHint }}
        empty={
          items.length > 0
            ? null
            : filtered
              ? {
                  icon: ImageIcon,
                  title: mediaMessages.noneFound,
                  action: <ClearFiltersButton onClick={url.clear} />,
                }
              : {
                  icon: ImageIcon,
                  title: mediaMessages.empty,
                  description: canWrite ? mediaMessages.emptyHint : undefined,
                  action: upload,
                }
        }
      >
        <CardGrid label="Images" items={items} className="sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {(item) => (
            <MediaCard
              key={`${item._id}:${item.alt}`}
              item={item}
              saving={updateAlt.isPending}
              onSaveAlt={(alt) => void onSaveAlt(item, alt)}
              onDelete={() => void onDelete(item)}
              onReplace={(file) => void onReplace(item, file)}
              replacing={replace.isPending}
            />
          )}
        </CardGrid>
        <Pagination
          page={page}
          totalPages={query.data?.pagination.numberOfPages ?? 1}
          onPageChange={setPage}
        />
      </ListBody>
    </div>
  );

  return (
    <div className="grid gap-6">
      <PageHeader title="Media" description={mediaMessages.subtitle} actions={upload} />
      {canWrite ? <DropZone onFiles={onFiles}>{body}</DropZone> : body}
    </div>
  );
}
