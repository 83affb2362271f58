import { CircleAlert, CircleCheck, Upload as UploadIcon, X } from "lucide-react";
import { type DragEvent, useRef, useState } from "react";
import { IconButton } from "@/components/icon-button";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { MEDIA_ACCEPT, type Upload } from "./media-api";

/** The file chooser's button: opens the system's chooser for one or several images. */
export function UploadButton({
  onFiles,
  label = "Upload",
  variant = "default",
}: {
  onFiles: (files: File[]) => void;
  label?: string;
  variant?: "default" | "outline";
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant={variant} onClick={() => input.current?.click()}>
        <UploadIcon aria-hidden="true" />
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={MEDIA_ACCEPT}
        multiple
        hidden
        data-testid="media-file-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}

/** A zone images can be dropped on (or pasted into), around what it wraps. */
export function DropZone({
  onFiles,
  children,
  className,
}: {
  onFiles: (files: File[]) => void;
  children: React.ReactNode;
  className?: string;
}) {
  const [over, setOver] = useState(false);
  const files = (event: DragEvent) => [...event.dataTransfer.files];
  return (
    <section
      aria-label="Drop images here to upload them"
      className={cn(
        "rounded-xl outline-2 outline-offset-4",
        over ? "outline-primary outline-dashed" : "outline-transparent",
        className,
      )}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const dropped = files(event);
        if (dropped.length > 0) onFiles(dropped);
      }}
      onPaste={(event) => {
        const pasted = [...event.clipboardData.files];
        if (pasted.length > 0) onFiles(pasted);
      }}
    >
      {children}
    </section>
  );
}

/** Each file of this session's uploads: its progress, then done or its own error. */
export function UploadList({
  uploads,
  onDismiss,
}: {
  uploads: readonly Upload[];
  onDismiss: (key: string) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul aria-label="Uploads" className="grid gap-2">
      {uploads.map((upload) => (
        <li key={upload.key} className="flex items-center gap-3 rounded-lg border px-3 py-2 text-sm">
          {upload.error ? (
            <CircleAlert className="size-4 shrink-0 text-destructive" aria-hidden="true" />
          ) : upload.item ? (
            <CircleCheck className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />
          ) : null}
          <div className="grid min-w-0 flex-1 gap-1">
            <span className="truncate font-medium">{upload.name}</span>
            {upload.error ? (
              <span className="text-destructive" role="alert">
                {upload.error}
              </span>
            ) : upload.item ? (
              <span className="text-muted-foreground">Uploaded</span>
            ) : (
              <progress
                className="h-2 w-full"
                max={100}
                value={Math.round(upload.progress * 100)}
                aria-label={`Uploading ${upload.name}`}
              />
            )}
          </div>
          {(upload.error || upload.item) && (
            <IconButton icon={X} label={`Dismiss ${upload.name}`} onClick={() => onDismiss(upload.key)} />
          )}
        </li>
      ))}
    </ul>
  );
}
