import type { Ad, AdVersion } from "@backoffice/contracts";
import { History, RotateCcw } from "lucide-react";
import { useId, useState } from "react";
import { useConfirm } from "@/components/confirm-dialog";
import { FieldChanges } from "@/components/history/field-changes";
import { changedFields } from "@/components/history/history-texts";
import { ListBody } from "@/components/list/list-body";
import { OptionsSelect } from "@/components/options-select";
import { LoadingState } from "@/components/states";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useCanWrite } from "@/hooks/use-access";
import { formatDateTime } from "@/lib/format";
import { toastError, toastSuccess } from "@/lib/toast";
import { cn } from "@/lib/utils";
import type { SiteSettings } from "@/sites";
import { useAdVersions } from "../api/get-ad-versions";
import { useRestoreAdVersion } from "../api/restore-ad-version";
import { type DiffCell, diffCounts, diffLines, linesOf, sideBySide } from "../utils/line-diff";

export const versionMessages = {
  title: "Versions",
  loadError: "Failed to load the versions",
  none: "No versions recorded yet",
  one: "This ad has one version",
  restored: "Ad restored",
  restoreFailed: "Restore failed",
  confirm: (version: number) => `Restore version ${version}?`,
  confirmDescription: (version: number, ad: Ad) =>
    `The ad "${ad.page}" (${ad.url}) gets the scripts and settings of version ${version} back, saved as a new version.`,
} as const;

/** Ad script versions: two versions side by side, and Restore the older one. */
export function AdVersionsDialog({
  site,
  ad,
  open,
  onClose,
}: {
  site: SiteSettings;
  ad: Ad;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      {/* One shrinkable column: a long URL or script line wraps instead of widening the dialog. */}
      <DialogContent className="grid-cols-[minmax(0,1fr)] sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle className="pr-6 leading-snug [overflow-wrap:anywhere]">
            Versions of {ad.url}
          </DialogTitle>
          <DialogDescription>
            Compare two saved versions of this ad and put an earlier one back. Scripts are shown as text.
          </DialogDescription>
        </DialogHeader>
        {open && <Versions site={site} ad={ad} />}
      </DialogContent>
    </Dialog>
  );
}

function Versions({ site, ad }: { site: SiteSettings; ad: Ad }) {
  const query = useAdVersions(site, ad._id, true);
  const versions = query.data ?? [];
  return (
    <ListBody
      query={query}
      loading={<LoadingState label="Loading versions..." />}
      error={{ title: versionMessages.loadError }}
      empty={versions.length === 0 ? { icon: History, title: versionMessages.none } : null}
    >
      {versions.length === 1 ? (
        <div className="grid gap-3">
          <p className="text-sm font-medium">{versionMessages.one}</p>
          <VersionScripts version={versions[0]!} />
          <CloseFooter />
        </div>
      ) : (
        <Compare site={site} ad={ad} versions={versions} />
      )}
    </ListBody>
  );
}

const versionName = (v: AdVersion) =>
  `Version ${v.version} · ${formatDateTime(v.at)} · ${v.admin ?? "first recorded"}`;

/** The fields besides the scripts, compared like History's details. */
const settingsOf = (v: AdVersion) => ({ page: v.page, url: v.url, isActive: v.isActive });

function Compare({ site, ad, versions }: { site: SiteSettings; ad: Ad; versions: AdVersion[] }) {
  const confirm = useConfirm();
  const restore = useRestoreAdVersion(site, ad._id);
  const canWrite = useCanWrite(site.key);
  const leftId = useId();
  const rightId = useId();
  // Unpicked sides follow the list: the previous version against the newest, also after a restore.
  const [picked, setPicked] = useState<{ left?: number; right?: number }>({});
  const find = (n: number | undefined) => versions.find((v) => v.version === n);
  const left = find(picked.left) ?? versions[1]!;
  const right = find(picked.right) ?? versions[0]!;
  const newest = versions[0]!;
  const options = versions.map((v) => [String(v.version), versionName(v)] as const);
  const settings = changedFields({ before: settingsOf(left), after: settingsOf(right) });

  const onRestore = async () => {
    const n = left.version;
    const ok = await confirm({
      title: versionMessages.confirm(n),
      description: versionMessages.confirmDescription(n, ad),
      confirmText: `Restore version ${n}`,
      destructive: false,
    });
    if (!ok) return;
    try {
      const answer = await restore.mutateAsync(n);
      setPicked({});
      toastSuccess(versionMessages.restored, answer.message, `Version ${n} restored.`);
    } catch (error) {
      toastError(versionMessages.restoreFailed, error, `Version ${n} was not restored.`);
    }
  };

  return (
    <div className="grid min-w-0 gap-5">
      <div className="grid gap-3 sm:grid-cols-2">
        {(
          [
            [leftId, "Compare version", left, "left"],
            [rightId, "with version", right, "right"],
          ] as const
        ).map(([id, label, version, side]) => (
          <div key={side} className="grid min-w-0 gap-1.5">
            <Label htmlFor={id}>{label}</Label>
            <OptionsSelect
              id={id}
              aria-label={label}
              className="w-full min-w-0 [&>span]:truncate"
              value={String(version.version)}
              onValueChange={(value) => setPicked((p) => ({ ...p, [side]: Number(value) }))}
              options={options}
            />
          </div>
        ))}
      </div>
      {settings.length > 0 && (
        <section className="grid gap-2" aria-label="Other fields">
          <h3 className="text-sm font-semibold">Other fields</h3>
          <FieldChanges changes={settings} />
        </section>
      )}
      <ScriptDiff label="Script head" left={left} right={right} field="head" />
      <ScriptDiff label="Script body" left={left} right={right} field="body" />
      <DialogFooter className="sm:items-center">
        {left.version === newest.version && (
          <p className="text-sm text-muted-foreground sm:mr-auto">
            Version {left.version} is the current one.
          </p>
        )}
        <DialogClose asChild>
          <Button variant="outline">Close</Button>
        </DialogClose>
        {canWrite && (
          <Button onClick={onRestore} disabled={restore.isPending || left.version === newest.version}>
            {restore.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
            Restore version {left.version}
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}

function CloseFooter() {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline">Close</Button>
      </DialogClose>
    </DialogFooter>
  );
}

/** The one version of an ad: its scripts as text. */
function VersionScripts({ version }: { version: AdVersion }) {
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{versionName(version)}</p>
      {(["head", "body"] as const).map((field) => (
        <div key={field} className="grid gap-1">
          <h3 className="text-sm font-semibold">{field === "head" ? "Script head" : "Script body"}</h3>
          {version[field] ? (
            <pre className="max-h-64 overflow-auto rounded-md border bg-muted/50 p-2 font-mono text-xs whitespace-pre-wrap break-all">
              {version[field]}
            </pre>
          ) : (
            <p className="text-sm text-muted-foreground italic">None</p>
          )}
        </div>
      ))}
    </div>
  );
}

/** One script of two versions side by side: removed lines marked on the left, added ones on the right. */
function ScriptDiff({
  label,
  field,
  left,
  right,
}: {
  label: string;
  field: "head" | "body";
  left: AdVersion;
  right: AdVersion;
}) {
  const ops = diffLines(linesOf(left[field]), linesOf(right[field]));
  const rows = sideBySide(ops);
  const { removed, added } = diffCounts(ops);
  const parts = [removed ? `${lines(removed)} removed` : "", added ? `${lines(added)} added` : ""];
  const summary = parts.filter(Boolean).join(", ") || "No changes";
  return (
    <section className="grid min-w-0 gap-2" data-slot="script-diff" aria-label={label}>
      <h3 className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold">
        {label}
        <span className="text-xs font-normal text-muted-foreground">{summary}</span>
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground italic">None in either version</p>
      ) : (
        <div className="max-h-80 overflow-auto rounded-md border">
          <table className="w-full table-fixed border-collapse font-mono text-xs">
            <caption className="sr-only">
              {label}: version {left.version} on the left, version {right.version} on the right
            </caption>
            <thead className="sticky top-0 bg-background font-sans">
              <tr className="border-b text-left text-muted-foreground">
                <th scope="col" className="w-1/2 px-2 py-1 font-medium">
                  Version {left.version}
                </th>
                <th scope="col" className="w-1/2 border-l px-2 py-1 font-medium">
                  Version {right.version}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the diff
                <tr key={index} className="align-top">
                  <Cell cell={row.left} kind="removed" />
                  <Cell cell={row.right} kind="added" className="border-l" />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const lines = (n: number) => `${n} ${n === 1 ? "line" : "lines"}`;

/** A line of one side; a changed one carries a − or + and says Removed/Added to screen readers. */
function Cell({ cell, kind, className }: { cell: DiffCell; kind: "removed" | "added"; className?: string }) {
  if (!cell) return <td className={cn("bg-muted/40", className)} />;
  const changed = cell.changed;
  return (
    <td
      data-change={changed ? kind : undefined}
      className={cn(
        "px-2 py-0.5",
        changed && (kind === "removed" ? "bg-destructive/10" : "bg-success/15"),
        className,
      )}
    >
      <div className="flex gap-2">
        <span className="w-6 shrink-0 text-right text-muted-foreground select-none" aria-hidden="true">
          {cell.number}
        </span>
        <span className="w-3 shrink-0 font-bold select-none" aria-hidden="true">
          {changed ? (kind === "removed" ? "−" : "+") : ""}
        </span>
        {changed && <span className="sr-only">{kind === "removed" ? "Removed: " : "Added: "}</span>}
        <span className="min-w-0 whitespace-pre-wrap break-all">{cell.text}</span>
      </div>
    </td>
  );
}
