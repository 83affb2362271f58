import {
  guessMapping,
  type ImportMapping,
  type ImportResult,
  type ImportSettings,
  importTargetsOf,
} from "@backoffice/contracts/import";
import { type ImportKind, importFactsOf } from "@backoffice/contracts/resources";
import { type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { ApiError, type ApiSite, siteApi } from "@/lib/api-client";
import { toastError, toastSuccess } from "@/lib/toast";
import { useUndo } from "@/lib/undo";
import { importTexts as T } from "./import-texts";
import { readColumns } from "./read-columns";

type Answer = { status: "success"; message: string; data: ImportResult };
type Stage = { step: "file" } | { step: "map" } | { step: "preview"; result: ImportResult };

const selectClass =
  "h-9 w-full rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/**
 * Import on a list screen (docs/INTEGRATIONS.md#import): choose a CSV or JSON file, map its columns
 * to fields (pre-filled from the site's remembered mapping and the columns' names), preview what
 * each row will do with its errors, then Apply; the success toast offers Undo. One component for
 * every kind whose descriptor says `import`.
 */
export function ImportButton({
  site,
  kind,
  noun,
  lists,
}: {
  site: ApiSite;
  kind: ImportKind;
  /** What one record is called, plural: "emails". */
  noun: string;
  /** The lists an import changes, loaded again after it (and after its Undo). */
  lists: QueryKey[];
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" />
        {T.button}
      </Button>
      {open && (
        <ImportDialog site={site} kind={kind} noun={noun} lists={lists} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

function ImportDialog({
  site,
  kind,
  noun,
  lists,
  onClose,
}: {
  site: ApiSite;
  kind: ImportKind;
  noun: string;
  lists: QueryKey[];
  onClose: () => void;
}) {
  const { path, keys } = importFactsOf(kind);
  const targets = importTargetsOf(kind);
  const queryClient = useQueryClient();
  const undo = useUndo(site, ...lists);
  const id = useId();
  const settings = useQuery({
    queryKey: ["import-settings", site.key, kind],
    queryFn: () =>
      siteApi(site)
        .get<{ data: ImportSettings }>(`/${path}/import`)
        .then((answer) => answer.data),
  });
  const [stage, setStage] = useState<Stage>({ step: "file" });
  const [file, setFile] = useState<File>();
  const [columns, setColumns] = useState<string[]>([]);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [key, setKey] = useState<string>(keys[0]!);
  const [fileError, setFileError] = useState<string>();
  const [busy, setBusy] = useState<{ sent: number } | undefined>();
  const [failure, setFailure] = useState<string[]>();

  async function choose(chosen: File | undefined) {
    setFileError(undefined);
    setFailure(undefined);
    if (!chosen) return;
    try {
      const found = await readColumns(chosen);
      const remembered = settings.data;
      setFile(chosen);
      setColumns(found);
      setMapping(guessMapping(kind, found, remembered?.mapping));
      setKey(remembered?.key && keys.includes(remembered.key) ? remembered.key : keys[0]!);
      setStage({ step: "map" });
    } catch (error) {
      setFileError((error as Error).message);
    }
  }

  /** Sends the file with the mapping: a dry run answers the preview, an apply the import. */
  async function send(dryRun: boolean) {
    if (!file) return;
    setFailure(undefined);
    setBusy({ sent: 0 });
    const query = new URLSearchParams({
      ...(dryRun ? { dryRun: "true" } : {}),
      key,
      // Every column, "" for the ones left out: the server remembers the choice.
      mapping: JSON.stringify(Object.fromEntries(columns.map((column) => [column, mapping[column] ?? ""]))),
    });
    try {
      const answer = await siteApi(site).upload<Answer>(`/${path}/import?${query}`, file, file.name, {
        onProgress: (sent) => setBusy({ sent }),
      });
      if (dryRun) {
        setStage({ step: "preview", result: answer.data });
        return;
      }
      await Promise.all(lists.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await queryClient.invalidateQueries({ queryKey: ["import-settings", site.key, kind] });
      toastSuccess(
        T.applied,
        answer.message,
        undefined,
        undo({ undoToken: answer.data.undoToken ?? undefined }),
      );
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
        const fields = error.errors.map((item) => item.message);
        setFailure([error.message, ...fields.filter((message) => message !== error.message)]);
      } else {
        toastError(T.failed, error, T.nothingImported);
      }
    } finally {
      setBusy(undefined);
    }
  }

  const mappedKey = Object.values(mapping).includes(key);
  const progress = busy && (busy.sent < 1 ? T.uploading(Math.round(busy.sent * 100)) : T.checking);

  return (
    <Dialog open onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{T.title(noun)}</DialogTitle>
          <DialogDescription>{T.description}</DialogDescription>
        </DialogHeader>

        {stage.step === "file" && (
          <div className="space-y-2">
            <label htmlFor={`${id}-file`} className="text-sm font-medium">
              {T.fileLabel}
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,.json,text/csv,application/json"
              className="block w-full text-sm"
              onChange={(event) => void choose(event.target.files?.[0])}
            />
            {fileError && (
              <p role="alert" className="text-sm text-destructive">
                {fileError}
              </p>
            )}
          </div>
        )}

        {stage.step === "map" && (
          <div className="space-y-4">
            <p className="text-sm text-muted-foreground">{T.mapHelp(file?.name ?? "")}</p>
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left">
                  <th className="py-1 pr-2 font-medium">{T.column}</th>
                  <th className="py-1 font-medium">{T.field}</th>
                </tr>
              </thead>
              <tbody>
                {columns.map((column, index) => (
                  <tr key={column}>
                    <td className="py-1 pr-2">
                      <label htmlFor={`${id}-col-${index}`}>{column}</label>
                    </td>
                    <td className="py-1">
                      <select
                        id={`${id}-col-${index}`}
                        className={selectClass}
                        value={mapping[column] ?? ""}
                        onChange={(event) => {
                          const field = event.target.value;
                          setMapping((current) => {
                            const next = { ...current };
                            // One column per field: choosing it here frees it elsewhere.
                            for (const [other, taken] of Object.entries(next))
                              if (taken === field) delete next[other];
                            if (field) next[column] = field;
                            else delete next[column];
                            return next;
                          });
                        }}
                      >
                        <option value="">{T.skip}</option>
                        {targets.map((target) => (
                          <option key={target} value={target}>
                            {target}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="space-y-1">
              <label htmlFor={`${id}-key`} className="text-sm font-medium">
                {T.keyLabel}
              </label>
              <select
                id={`${id}-key`}
                className={selectClass}
                value={key}
                onChange={(event) => setKey(event.target.value)}
              >
                {keys.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
              {!mappedKey && (
                <p role="alert" className="text-sm text-destructive">
                  {T.keyNotMapped(key)}
                </p>
              )}
            </div>
          </div>
        )}

        {stage.step === "preview" && <Preview result={stage.result} />}

        {failure && (
          <div role="alert" className="space-y-1 text-sm text-destructive">
            {failure.slice(0, 20).map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        )}
        {progress && (
          <p role="status" className="flex items-center gap-2 text-sm">
            <Spinner /> {progress}
          </p>
        )}

        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={!!busy}>
            {T.cancel}
          </Button>
          {stage.step === "map" && (
            <Button onClick={() => void send(true)} disabled={!!busy || !mappedKey}>
              {T.preview}
            </Button>
          )}
          {stage.step === "preview" && (
            <>
              <Button variant="outline" onClick={() => setStage({ step: "map" })} disabled={!!busy}>
                {T.back}
              </Button>
              <Button
                onClick={() => void send(false)}
                disabled={
                  !!busy || stage.result.errorCount > 0 || stage.result.created + stage.result.updated === 0
                }
              >
                {T.apply}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The dry run: the counts, every listed error by row and field, and the first rows with what each will do. */
function Preview({ result }: { result: ImportResult }) {
  const shown = Object.values(result.mapping);
  return (
    <div className="space-y-4 text-sm">
      <p role="status">{T.counts(result)}</p>
      {result.errorCount > 0 && (
        <div className="space-y-1">
          <p className="font-medium text-destructive">{T.errorsTitle(result.errorCount)}</p>
          <table className="w-full" aria-label={T.errorsLabel}>
            <thead>
              <tr className="text-left">
                <th className="pr-2 font-medium">{T.row}</th>
                <th className="pr-2 font-medium">{T.field}</th>
                <th className="font-medium">{T.message}</th>
              </tr>
            </thead>
            <tbody>
              {result.errors.map((error) => (
                <tr key={`${error.row}-${error.field}-${error.message}`}>
                  <td className="pr-2 tabular-nums">{error.row}</td>
                  <td className="pr-2">{error.field}</td>
                  <td>{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="overflow-x-auto">
        <table className="w-full" aria-label={T.rowsLabel}>
          <thead>
            <tr className="text-left">
              <th className="pr-2 font-medium">{T.row}</th>
              <th className="pr-2 font-medium">{T.action}</th>
              {shown.map((field) => (
                <th key={field} className="pr-2 font-medium">
                  {field}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {result.preview.map((item) => (
              <tr key={item.row}>
                <td className="pr-2 tabular-nums">{item.row}</td>
                <td className="pr-2">{T.actions[item.action]}</td>
                {shown.map((field) => (
                  <td key={field} className="max-w-48 truncate pr-2">
                    {cellText(item.values[field])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const cellText = (value: unknown) =>
  value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value);
