import type { Media } from "@backoffice/contracts/media";
import { Check, ImageIcon, RefreshCw } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { DeleteButton } from "@/components/item-buttons";
import { MEDIA_ACCEPT, sizeText, srcSetOf } from "@/components/media/media-api";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useCanWriteHere } from "@/hooks/use-access";
import { useCurrentSite } from "@/hooks/use-current-site";
import { formatLabel, linkOfUse, mediaMessages, textOfUse } from "../utils/media-texts";

/** One image of the library: its thumbnail (srcset from its sizes), facts, where used, alt text, Replace and Delete. */
export function MediaCard({
  item,
  onSaveAlt,
  onDelete,
  onReplace,
  saving,
  replacing,
}: {
  item: Media;
  onSaveAlt: (alt: string) => void;
  onDelete: () => void;
  onReplace: (file: File) => void;
  saving: boolean;
  replacing: boolean;
}) {
  const canWrite = useCanWriteHere();
  const site = useCurrentSite();
  const chooser = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState(item.alt);
  const changed = alt.trim() !== item.alt;
  return (
    <article className="grid gap-3 rounded-xl border p-3">
      <div className="flex aspect-video items-center justify-center overflow-hidden rounded-lg bg-muted">
        {/* The address answers once the job cleaned the upload (docs/MEDIA.md). */}
        {item.status === "ready" ? (
          <img
            src={item.url}
            srcSet={srcSetOf(item)}
            sizes="(min-width: 1280px) 25vw, (min-width: 768px) 33vw, 100vw"
            alt={item.alt}
            loading="lazy"
            className="max-h-full max-w-full object-contain"
          />
        ) : (
          <ImageIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        )}
      </div>
      <div className="grid gap-1">
        <h3 className="truncate font-medium" title={item.fileName}>
          {item.fileName}
        </h3>
        <p className="text-sm text-muted-foreground">
          {formatLabel(item.format)} · {item.width} × {item.height} · {sizeText(item.bytes)}
        </p>
        {item.status !== "ready" && (
          <Badge variant={item.status === "failed" ? "destructive" : "secondary"} className="w-fit">
            {item.status === "failed" ? "Sizes could not be made" : "Making sizes…"}
          </Badge>
        )}
        <div className="text-sm">
          {item.uses.length === 0 ? (
            <p className="text-muted-foreground">{mediaMessages.notUsed}</p>
          ) : (
            <>
              <p className="font-medium">{mediaMessages.usedBy}</p>
              <ul aria-label={`Where ${item.fileName} is used`} className="grid gap-0.5">
                {item.uses.map((use) => (
                  <li key={`${use.resource}:${use.id}:${use.field}`}>
                    <Link className="underline underline-offset-2" to={linkOfUse(site.key, use)}>
                      {textOfUse(use)}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (changed) onSaveAlt(alt.trim());
        }}
      >
        <Input
          aria-label={`Alt text of ${item.fileName}`}
          placeholder="Alt text (describe the image)"
          value={alt}
          maxLength={500}
          disabled={!canWrite}
          onChange={(event) => setAlt(event.target.value)}
        />
        {canWrite && (
          <Button type="submit" variant="outline" disabled={!changed || saving}>
            <Check aria-hidden="true" />
            Save<span className="sr-only"> alt text of {item.fileName}</span>
          </Button>
        )}
      </form>
      <div className="flex justify-end gap-2">
        {canWrite && (
          <>
            <input
              ref={chooser}
              type="file"
              accept={MEDIA_ACCEPT}
              className="hidden"
              aria-label={`New file for ${item.fileName}`}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) onReplace(file);
              }}
            />
            <Button
              type="button"
              variant="outline"
              disabled={replacing}
              onClick={() => chooser.current?.click()}
            >
              <RefreshCw aria-hidden="true" />
              Replace<span className="sr-only"> {item.fileName}</span>
            </Button>
          </>
        )}
        <DeleteButton itemName={item.fileName} onClick={onDelete} />
      </div>
    </article>
  );
}
