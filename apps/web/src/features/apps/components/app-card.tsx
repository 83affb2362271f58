import { type App, flagWindowOf } from "@backoffice/contracts";
import { Download, Flame, Gamepad2, HardDrive, Smartphone, Star } from "lucide-react";
import { ImageWithFallback } from "@/components/image-with-fallback";
import { DeleteButton, EditButton } from "@/components/item-buttons";
import { ItemCard } from "@/components/item-card";
import { useSelectable } from "@/components/list/selectable-card";
import { ShortenedText } from "@/components/shortened-text";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { useWindowClock, WindowBadge } from "@/components/window/window-badge";
import type { SiteSettings } from "@/sites";

export type AppCardProps = {
  app: App;
  site: SiteSettings;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  onEdit: (app: App) => void;
  onDelete: (app: App) => void;
  deleting: boolean;
  busy: boolean;
};

/**
 * One catalogue entry: icon, title (shortened on desktop), type, developer, the
 * Trending and Game/App badges, rating, size, downloads, Edit and Delete.
 */
export function AppCard({
  app,
  site,
  selected,
  onSelectedChange,
  onEdit,
  onDelete,
  deleting,
  busy,
}: AppCardProps) {
  const titleId = `app-${app._id}-title`;
  const isGame = app.category === "games";
  const selectable = useSelectable();

  return (
    <ItemCard
      titleId={titleId}
      slot="app-card"
      selected={selected}
      className="relative h-full gap-0 overflow-hidden py-0 transition-shadow"
    >
      <div className="relative h-20 bg-muted" aria-hidden="true">
        <ImageWithFallback src={app.bg_app} alt="" data-slot="app-bg" className="size-full" />
      </div>
      {selectable && (
        <div className="absolute top-2.5 left-2.5 flex rounded-md bg-background/90 p-1.5 shadow-sm">
          <Checkbox
            checked={selected}
            onCheckedChange={(value) => onSelectedChange(value === true)}
            aria-label={`Select ${app.title}`}
            disabled={busy}
          />
        </div>
      )}

      <div className="flex flex-1 flex-col gap-4 px-4 pb-4">
        <div className="relative -mt-7 flex items-end gap-3">
          <ImageWithFallback
            src={app.icon_app}
            alt={`${app.title} icon`}
            data-slot="app-icon"
            className="size-14 shrink-0 rounded-xl border-2 border-card bg-card shadow-sm"
          />
          <div className="flex min-w-0 flex-wrap justify-end gap-1.5 pb-0.5 ml-auto">
            {app.trending && (
              <Badge variant="warning" data-slot="trending-badge">
                <Flame aria-hidden="true" />
                Trending
              </Badge>
            )}
            <Badge variant={isGame ? "default" : "secondary"} data-slot="category-badge">
              {isGame ? <Gamepad2 aria-hidden="true" /> : <Smartphone aria-hidden="true" />}
              {isGame ? "Game" : "App"}
            </Badge>
          </div>
        </div>

        <div className="grid min-w-0 gap-1">
          <h2 id={titleId} title={app.title} className="truncate text-base leading-tight font-semibold">
            <ShortenedText slot="app-title" text={app.title} limits={site.truncation.appTitle} />
          </h2>
          <FlagWindowBadges app={app} />
          <p className="truncate text-sm text-muted-foreground">
            <span className="sr-only">Type: </span>
            <span data-slot="app-type">{app.type}</span>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, developer: </span>
            <span data-slot="app-developer">{app.developer}</span>
          </p>
        </div>

        <dl className="grid grid-cols-3 divide-x rounded-lg border bg-muted/40 text-center">
          <Stat label="Rating" slot="app-rating">
            <Star className="size-3.5 fill-amber-400 text-amber-500" aria-hidden="true" />
            {app.rating.toFixed(1)}
          </Stat>
          <Stat label="Size" slot="app-size">
            <HardDrive className="size-3.5 text-muted-foreground" aria-hidden="true" />
            {app.size}
          </Stat>
          <Stat label="Downloads" slot="app-downloads">
            <Download className="size-3.5 text-muted-foreground" aria-hidden="true" />
            {app.download}
          </Stat>
        </dl>

        <div className="mt-auto flex gap-2">
          <EditButton itemName={app.title} className="flex-1" onClick={() => onEdit(app)} disabled={busy} />
          <DeleteButton
            itemName={app.title}
            className="flex-1"
            busy={deleting}
            onClick={() => onDelete(app)}
            disabled={busy}
          />
        </div>
      </div>
    </ItemCard>
  );
}

function Stat({ label, slot, children }: { label: string; slot: string; children: React.ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5 px-2 py-2">
      <dt className="text-[11px] font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd data-slot={slot} className="flex min-w-0 items-center justify-center gap-1 text-sm font-semibold">
        <span className="flex min-w-0 items-center gap-1 truncate">{children}</span>
      </dd>
    </div>
  );
}

/** Where the windows of the app's set Trending and Slider flags stand (docs/PRODUCT-RULES.md#windows). */
function FlagWindowBadges({ app }: { app: App }) {
  const flags = [
    ["trending", "Trending"],
    ["slider", "Slider"],
  ] as const;
  const windows = flags
    .filter(([flag]) => app[flag])
    .map(([flag, label]) => ({ label, ...flagWindowOf(app, flag) }));
  const now = useWindowClock(windows);
  if (!windows.some((window) => window.startsAt || window.endsAt)) return null;
  return (
    <div className="flex flex-wrap gap-1.5">
      {windows.map((window) => (
        <WindowBadge key={window.label} window={window} now={now} label={window.label} />
      ))}
    </div>
  );
}
