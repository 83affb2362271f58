import { Lock, LockOpen, Trash2 } from "lucide-react";
import { SelectAll, ToggleButtons } from "@/components/list/toggle-buttons";
import { SearchBox } from "@/components/list/url-filters";
import { OptionsSelect } from "@/components/options-select";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { WindowFilterSelect } from "@/components/window/window-filter";
import { movieMessages, TYPE_FILTERS, type TypeFilter } from "../utils/movie-texts";
import type { LockerProgress } from "./use-title-writes";

type Totals = { total: number; movies: number; tv: number };

/** What the list shows (kind, search) and the order; both in the URL. */
type MoviesView = {
  type: TypeFilter;
  onTypeChange: (value: string) => void;
  search: string;
  onSearchChange: (value: string) => void;
  newest: boolean;
  onNewestChange: (on: boolean) => void;
  /** Where the Featured window stands (`?window=`): Scheduled, Active (featured now), Ended. */
  window: string;
  onWindowChange: (value: string) => void;
};

/** The selection on this page and what may be done to it. */
type MoviesSelection = {
  view: { all: boolean; some: boolean };
  onSelectPage: (on: boolean) => void;
  pageEmpty: boolean;
  chosen: number;
  onLocker: (on: boolean) => void;
  onDelete: () => void;
};

/**
 * The card above the titles: the catalogue's totals, the kind, search and Featured window, the selection's actions
 * (Set and Clear Locker, Delete Selected for a member who may write), Newest, and a bulk locker's progress.
 */
export function MoviesToolbar({
  totals,
  view,
  selection,
  mobile,
  canWrite,
  busy,
  progress,
  announcement,
}: {
  totals: Totals;
  view: MoviesView;
  selection: MoviesSelection;
  mobile: boolean;
  canWrite: boolean;
  busy: boolean;
  progress: LockerProgress | null;
  announcement: string;
}) {
  return (
    <Card className="gap-4">
      <CardHeader className="gap-1">
        <CardTitle>Movies & TV Shows</CardTitle>
        <p className="text-sm text-muted-foreground" data-slot="movies-totals">
          Total: <strong className="text-foreground tabular-nums">{totals.total}</strong> · Movies:{" "}
          <strong className="text-foreground tabular-nums">{totals.movies}</strong> · TV:{" "}
          <strong className="text-foreground tabular-nums">{totals.tv}</strong>
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
          {mobile ? (
            <OptionsSelect
              aria-label="Show"
              className="w-full"
              value={view.type}
              onValueChange={view.onTypeChange}
              options={TYPE_FILTERS}
            />
          ) : (
            <ToggleButtons
              legend="Show"
              value={view.type}
              options={TYPE_FILTERS}
              onChange={view.onTypeChange}
            />
          )}
          <SearchBox
            label="Search titles"
            placeholder={movieMessages.searchPlaceholder}
            value={view.search}
            onChange={view.onSearchChange}
            onClear={() => view.onSearchChange("")}
            className="flex-1"
          />
          <WindowFilterSelect value={view.window} onChange={view.onWindowChange} />
        </div>
        <SelectionBar
          selection={selection}
          newest={view.newest}
          onNewestChange={view.onNewestChange}
          canWrite={canWrite}
          busy={busy}
        />
        {progress && <LockerProgressBar progress={progress} />}
        <p className="sr-only" role="status">
          {announcement}
        </p>
      </CardContent>
    </Card>
  );
}

function SelectionBar({
  selection,
  newest,
  onNewestChange,
  canWrite,
  busy,
}: {
  selection: MoviesSelection;
  newest: boolean;
  onNewestChange: (on: boolean) => void;
  canWrite: boolean;
  busy: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Selected items">
      <SelectAll
        id="movies-select-all"
        label="Select All"
        view={selection.view}
        onChange={selection.onSelectPage}
        disabled={selection.pageEmpty}
      />
      {canWrite && (
        <>
          <Button variant="outline" size="sm" onClick={() => selection.onLocker(true)} disabled={busy}>
            <Lock aria-hidden="true" />
            Set Locker
          </Button>
          <Button variant="outline" size="sm" onClick={() => selection.onLocker(false)} disabled={busy}>
            <LockOpen aria-hidden="true" />
            Clear Locker
          </Button>
        </>
      )}
      <div className="flex items-center gap-2 px-2">
        <Switch id="movies-newest" checked={newest} onCheckedChange={onNewestChange} />
        <label htmlFor="movies-newest" className="text-sm">
          Newest
        </label>
      </div>
      {canWrite && (
        <Button
          variant={selection.chosen > 0 ? "destructive" : "outline"}
          size="sm"
          className="sm:ml-auto"
          disabled={busy || selection.chosen === 0}
          onClick={selection.onDelete}
        >
          <Trash2 aria-hidden="true" />
          Delete Selected ({selection.chosen})
        </Button>
      )}
    </div>
  );
}

function LockerProgressBar({ progress }: { progress: LockerProgress }) {
  return (
    <div role="status" className="grid gap-1.5" data-slot="locker-progress">
      <p className="text-sm">
        {progress.on ? "Setting" : "Clearing"} locker: {progress.done} of {progress.total}
      </p>
      <progress
        className="h-2 w-full overflow-hidden rounded-full accent-primary"
        max={progress.total}
        value={progress.done}
        aria-label="Locker progress"
      />
    </div>
  );
}
