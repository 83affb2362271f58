import type { MovieItem } from "@backoffice/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { type FieldValues, type UseFormReturn, useWatch } from "react-hook-form";
import { checkboxControl, selectControl } from "@/components/field-controls";
import { applyServerErrors, Form, fieldOf, useDialogForm } from "@/components/form";
import {
  type DialogFormProps,
  type DialogProps,
  FormDialog,
  FormDialogFooter,
} from "@/components/form-dialog";
import { RecordHistory } from "@/components/history/record-history";
import { ImageWithFallback } from "@/components/image-with-fallback";
import { ImageUrlInput } from "@/components/media/image-picker";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { ApplyAtField, toastScheduled } from "@/components/window/apply-at-field";
import { useSiteTimeZone, WindowFields } from "@/components/window/window-fields";
import { toApplyAt } from "@/components/window/window-form";
import { toast, toastSuccess } from "@/lib/toast";
import { useImportTitle, useUpdateTitle } from "../api/catalog";
import {
  failureText,
  KIND_LABELS,
  type MovieFormValues,
  movieFormSchema,
  movieMessages,
  movieToForm,
  posterUrl,
  type QuickAddValues,
  quickAddSchema,
  toMoviePatch,
} from "../utils/movie-texts";

const MovieField = fieldOf<MovieFormValues>();
const QuickAddField = fieldOf<QuickAddValues>();

/**
 * The Edit dialog: title, description, poster with preview, rating, Featured and its window, Locker
 * selected, and "Apply at…" to make the change wait on the Schedule.
 */
export function MovieEditDialog({ site, item, onClose }: DialogProps<{ item: MovieItem | null }>) {
  return (
    <FormDialog
      value={item}
      formKey={(item) => item._id}
      title={`Edit ${item?.type === "tv" ? "TV Show" : "Movie"}`}
      description={item?.title ?? ""}
      onClose={onClose}
      className="sm:max-w-xl"
      record={(item) => ({ resource: "titles", id: item._id })}
    >
      {(item, dialog) => <MovieForm site={site} item={item} {...dialog} />}
    </FormDialog>
  );
}

function MovieForm({ site, item, onDone, reportDirty }: DialogFormProps<{ item: MovieItem }>) {
  const timeZone = useSiteTimeZone();
  const form = useDialogForm<MovieFormValues>(
    { resolver: zodResolver(movieFormSchema), defaultValues: movieToForm(item, timeZone) },
    reportDirty,
  );
  const update = useUpdateTitle(site);
  const poster = useWatch({ control: form.control, name: "poster_path" });
  const preview = posterUrl(poster, "w185");

  const onSubmit = async (values: MovieFormValues) => {
    try {
      const changes = toMoviePatch(item, values, timeZone);
      const applyAt = toApplyAt(values.applyAt, timeZone);
      if (applyAt) {
        // The change waits on the Schedule (202); the list keeps the title as it is meanwhile.
        await update.mutateAsync({ id: item._id, changes, applyAt });
        toastScheduled(item.title, applyAt, timeZone, "movie-edit");
        return onDone();
      }
      // The version it loaded: a save over someone else's change is refused (409).
      await update.mutateAsync({ id: item._id, changes, version: item.updatedAt });
      toastSuccess("Item updated", undefined, `${values.title.trim()} was saved.`, { key: "movie-edit" });
      onDone();
    } catch (error) {
      refused(form, error, movieMessages.updateFailed, "Your changes were not saved.", "movie-edit");
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Edit item" className="grid gap-4">
      <MovieField name="title" label="Title *">
        <Input autoComplete="off" />
      </MovieField>
      <MovieField name="overview" label="Description">
        <Textarea rows={4} />
      </MovieField>
      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <MovieField
          name="poster_path"
          label="Poster URL"
          hint="A movie-database image path such as /abc.jpg, or a full http(s) URL."
        >
          {/* A movie-database path is not a URL: plain text, not the URL keyboard. */}
          <ImageUrlInput
            fieldLabel="Poster URL"
            type="text"
            inputMode="text"
            autoComplete="off"
            placeholder="/poster.jpg or https://…"
          />
        </MovieField>
        <figure className="grid justify-items-center gap-1">
          <ImageWithFallback
            src={preview}
            alt={preview ? "Poster preview" : ""}
            fallbackText="No image"
            className="h-[111px] w-[74px] rounded-md border"
          />
          <figcaption className="text-xs text-muted-foreground">Preview</figcaption>
        </figure>
      </div>
      <MovieField name="vote_average" label="Rating" hint="From 0 to 10, in steps of 0.1.">
        <Input type="number" inputMode="decimal" min={0} max={10} step={0.1} />
      </MovieField>
      <div className="grid gap-4 sm:grid-cols-2">
        <MovieField name="featured" label="Featured (show first)">
          {checkboxControl}
        </MovieField>
        <MovieField name="lockerSelected" label="Locker selected">
          {checkboxControl}
        </MovieField>
      </div>
      <WindowFields flag="featured" label="Featured" />
      <ApplyAtField />
      <RecordHistory site={site} resource="titles" id={item._id} />
      <FormDialogFooter submit="Save" busy={form.formState.isSubmitting} />
    </Form>
  );
}

/** Quick Add: a title by its movie-database id, imported at once. */
export function QuickAddDialog({ site, open, onClose }: DialogProps<{ open: boolean }>) {
  return (
    <FormDialog
      value={open || null}
      title="Quick Add"
      description="Import a title by its movie-database (TMDB) ID."
      onClose={onClose}
      className="sm:max-w-md"
    >
      {(_, dialog) => <QuickAddForm site={site} {...dialog} />}
    </FormDialog>
  );
}

function QuickAddForm({ site, onDone, reportDirty }: DialogFormProps) {
  const form = useDialogForm<QuickAddValues>(
    { resolver: zodResolver(quickAddSchema), defaultValues: { kind: "movie", tmdbId: "", featured: false } },
    reportDirty,
  );
  const importTitle = useImportTitle(site);

  const onSubmit = async (values: QuickAddValues) => {
    try {
      const answer = await importTitle.mutateAsync({
        tmdbId: Number(values.tmdbId),
        kind: values.kind,
        featured: values.featured,
      });
      toastSuccess(
        movieMessages.imported,
        typeof answer === "string" ? answer : undefined,
        "The title is in the list.",
        { key: "movie-import" },
      );
      onDone();
    } catch (error) {
      refused(form, error, movieMessages.importFailed, "Nothing was added to the catalogue.", "movie-import");
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Quick add" className="grid gap-4">
      <QuickAddField name="kind" label="Type">
        {selectControl(
          [
            ["movie", KIND_LABELS.movie],
            ["tv", KIND_LABELS.tv],
          ],
          { className: "w-full" },
        )}
      </QuickAddField>
      <QuickAddField name="tmdbId" label="TMDB ID">
        <Input inputMode="numeric" autoComplete="off" placeholder="e.g. 603" />
      </QuickAddField>
      <QuickAddField name="featured" label="Featured">
        {checkboxControl}
      </QuickAddField>
      <FormDialogFooter submit="Import" busy={form.formState.isSubmitting} />
    </Form>
  );
}

/**
 * A refused save: the server's field errors at their fields and only there; otherwise one toast
 * saying what failed and why.
 */
function refused<T extends FieldValues, Out>(
  form: UseFormReturn<T, unknown, Out>,
  error: unknown,
  title: (reason: string) => string,
  description: string,
  key: string,
) {
  if (applyServerErrors(form, error)) return;
  toast({ title: title(failureText(error)), description, variant: "destructive", key });
}
