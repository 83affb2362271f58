import { ImageIcon } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { URL_INPUT } from "@/components/field-controls";
import { SearchBox } from "@/components/list/url-filters";
import { EmptyState, ListSkeleton } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { useCanWrite } from "@/hooks/use-access";
import { useCurrentSite } from "@/hooks/use-current-site";
import { SEARCH_PAUSE_MS, useDebouncedValue } from "@/hooks/use-debounced-value";
import { srcSetOf, useMediaList, useUploads } from "./media-api";
import { DropZone, UploadButton, UploadList } from "./upload-area";

type InputProps = Omit<ComponentProps<typeof Input>, "onChange" | "value"> & {
  value?: string;
  /** The form's field: called with the input's change event, or with the address chosen. */
  onChange?: (value: string | React.ChangeEvent<HTMLInputElement>) => void;
  /** What the field is called, for the Choose button's name ("Choose image for Icon URL"). */
  fieldLabel: string;
};

/**
 * An image field's control (docs/MEDIA.md): the URL input as before (typing an address still
 * works) and "Choose image", which uploads one (file chooser, drop, paste) or picks one of the
 * site's library; the field then holds the image's media URL. Drop-in for `<Input {...URL_INPUT} />`
 * inside a form's `Field`.
 */
export function ImageUrlInput({ onChange, value, fieldLabel, ...props }: InputProps) {
  const [open, setOpen] = useState(false);
  const pick = (url: string) => {
    onChange?.(url);
    setOpen(false);
  };
  return (
    <div className="flex min-w-0 gap-2">
      <Input {...URL_INPUT} {...props} value={value ?? ""} onChange={onChange} className="min-w-0 flex-1" />
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <ImageIcon aria-hidden="true" />
        Choose<span className="sr-only"> image for {fieldLabel}</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Choose an image</DialogTitle>
            <DialogDescription>Upload one, or choose one of this site's images.</DialogDescription>
          </DialogHeader>
          {open && <Library onPick={pick} />}
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** The picker's body: Upload (the first uploaded file is chosen) and the library, searchable. */
function Library({ onPick }: { onPick: (url: string) => void }) {
  const site = useCurrentSite();
  const canWrite = useCanWrite(site.key);
  const [typed, setTyped] = useState("");
  const search = useDebouncedValue(typed.trim(), SEARCH_PAUSE_MS);
  const query = useMediaList(site, { q: search || undefined, limit: 12 });
  const uploads = useUploads(site);
  const onFiles = async (files: File[]) => {
    const [first] = await uploads.start(files.slice(0, 1));
    if (first) onPick(first.url);
  };
  const items = query.data?.data ?? [];
  return (
    <DropZone onFiles={(files) => void onFiles(files)} className="grid gap-4">
      <div className="flex flex-wrap gap-3">
        {canWrite && <UploadButton onFiles={(files) => void onFiles(files)} label="Upload image" />}
        <SearchBox
          className="min-w-48 flex-1"
          label="Search images"
          placeholder="Search by file name or alt text"
          value={typed}
          onChange={setTyped}
          onClear={() => setTyped("")}
        />
      </div>
      <UploadList uploads={uploads.uploads} onDismiss={uploads.dismiss} />
      {query.isPending ? (
        <ListSkeleton rows={2} />
      ) : items.length === 0 ? (
        <EmptyState icon={ImageIcon} title={search ? "No images match this search" : "No images yet"} />
      ) : (
        <ul aria-label="Images" className="grid max-h-96 grid-cols-2 gap-3 overflow-y-auto sm:grid-cols-4">
          {items.map((item) => (
            <li key={item._id}>
              <button
                type="button"
                className="grid w-full gap-1 rounded-lg border p-2 text-left text-xs hover:bg-muted focus-visible:outline-2"
                onClick={() => onPick(item.url)}
              >
                <img
                  src={item.url}
                  srcSet={srcSetOf(item)}
                  sizes="160px"
                  alt=""
                  loading="lazy"
                  className="aspect-square w-full rounded object-contain"
                />
                <span className="truncate">
                  <span className="sr-only">Choose </span>
                  {item.fileName}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </DropZone>
  );
}
