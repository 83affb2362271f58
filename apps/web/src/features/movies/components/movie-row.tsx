import { flagWindowOf, type MovieItem } from "@backoffice/contracts";
import { Lock, LockOpen, Star, StarOff } from "lucide-react";
import { ImageWithFallback } from "@/components/image-with-fallback";
import { DeleteButton, EditButton } from "@/components/item-buttons";
import { SelectBox } from "@/components/list/selectable-card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { WindowBadge } from "@/components/window/window-badge";
import { useCanWriteHere } from "@/hooks/use-access";
import { genresLine, KIND_LABELS, posterUrl, ratingText, statusOf, yearOf } from "../utils/movie-texts";

/** One title of the list: poster, badges, facts and the row actions. */
export function MovieRow({
  item,
  selected,
  onSelectedChange,
  onToggleLocker,
  onToggleFeatured,
  onEdit,
  onDelete,
  busy,
  now,
}: {
  item: MovieItem;
  selected: boolean;
  onSelectedChange: (on: boolean) => void;
  onToggleLocker: () => void;
  onToggleFeatured: () => void;
  onEdit: () => void;
  onDelete: () => void;
  busy: boolean;
  /** The list's clock, read again at each window boundary. */
  now: number;
}) {
  const genres = genresLine(item);
  const checkboxId = `movie-${item._id}`;
  const canWrite = useCanWriteHere();
  return (
    <article
      aria-labelledby={`${checkboxId}-title`}
      data-slot="movie-row"
      className="flex flex-wrap items-start gap-3 rounded-xl border bg-card p-3 shadow-xs sm:flex-nowrap sm:items-center"
    >
      <SelectBox
        id={checkboxId}
        aria-label={`Select ${item.title}`}
        checked={selected}
        onCheckedChange={(on) => onSelectedChange(on === true)}
        className="mt-1 sm:mt-0"
      />
      <ImageWithFallback
        src={posterUrl(item.poster_path, "w185")}
        alt=""
        fallbackText="No image"
        className="h-[69px] w-[46px] shrink-0 rounded-md"
      />
      <div className="grid min-w-0 flex-1 gap-1.5">
        <h3 id={`${checkboxId}-title`} className="truncate font-medium" title={item.title}>
          {item.title}
        </h3>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant="secondary">{KIND_LABELS[item.type]}</Badge>
          <Badge variant="outline" className="capitalize">
            {statusOf(item)}
          </Badge>
          {item.lockerSelected && (
            <Badge variant="warning">
              <Lock aria-hidden="true" />
              Locker
            </Badge>
          )}
          {item.featured && (
            <Badge variant="success">
              <Star aria-hidden="true" />
              Featured
            </Badge>
          )}
          {/* Where a set Featured flag's window stands: "Featured: Starts 28/11/2026 20:00". */}
          {item.featured && (
            <WindowBadge window={flagWindowOf(item, "featured")} now={now} label="Featured" />
          )}
        </div>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
          <span>{yearOf(item.releaseDate)}</span>
          {genres && (
            <>
              <span aria-hidden="true">·</span>
              <span>{genres}</span>
            </>
          )}
          <span aria-hidden="true">·</span>
          <span className="inline-flex items-center gap-1">
            <Star className="size-3.5 fill-current text-amber-500" aria-hidden="true" />
            <span className="sr-only">Rating </span>
            {ratingText(item.vote_average)}
          </span>
        </p>
      </div>
      <div className="flex w-full flex-wrap gap-1.5 sm:w-auto sm:flex-nowrap">
        {canWrite && (
          <>
            <Button variant="outline" size="sm" onClick={onToggleLocker} disabled={busy}>
              {item.lockerSelected ? <LockOpen aria-hidden="true" /> : <Lock aria-hidden="true" />}
              {item.lockerSelected ? "Locker Off" : "Locker On"}
            </Button>
            <Button variant="outline" size="sm" onClick={onToggleFeatured} disabled={busy}>
              {item.featured ? <StarOff aria-hidden="true" /> : <Star aria-hidden="true" />}
              {item.featured ? "Unfeature" : "Feature"}
            </Button>
          </>
        )}
        <EditButton itemName={item.title} onClick={onEdit} />
        <DeleteButton itemName={item.title} onClick={onDelete} disabled={busy} />
      </div>
    </article>
  );
}
