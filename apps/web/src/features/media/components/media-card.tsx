import type { Media } from "@backoffice/contracts/media";
import { Check } from "lucide-react";
import { useState } from "react";
import { DeleteButton } from "@/components/item-buttons";
import { sizeText, srcSetOf } from "@/components/media/media-api";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useCanWriteHere } from "@/hooks/use-access";
import { formatLabel } from "../utils/media-texts";

/** One image of the library: its thumbnail (srcset from its sizes), facts, alt text and Delete. */
export function MediaCard({
  item,
  onSaveAlt,
  onDelete,
  saving,
}: {
  item: Media;
  onSaveAlt: (alt: string) => void;
  onDelete: () => void;
  saving: boolean;
}) {
  const canWrite = useCanWriteHere();
  const [alt, setAlt] = useState(item.alt);
  const changed = alt.trim() !== item.alt;
  return (
    <article className="grid gap-3 rounded-xl border p-3">
      <div className="flex aspect-video items-center justify-center overflow-hidden rounded-lg bg-muted">
        <img
          src={item.url}
          srcSet={srcSetOf(item)}
          sizes="(min-width: 1280px) 25vw, (min-width: 768px) 33vw, 100vw"
          alt={item.alt}
          loading="lazy"
          className="max-h-full max-w-full object-contain"
        />
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
      <div className="flex justify-end">
        <DeleteButton itemName={item.fileName} onClick={onDelete} />
      </div>
    </article>
  );
}
