import type { MovieItem } from "@backoffice/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { applyServerErrors, Form, fieldOf, useReportDirty } from "@/components/form";
import { FormDialog, FormDialogFooter } from "@/components/form-dialog";
import { ImageWithFallback } from "@/components/image-with-fallback";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastSuccess } from "@/lib/toast";
import type { SiteSettings } from "@/sites";
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

/** The Edit dialog (spec §2): title, description, poster with preview, rating, Featured, Locker selected. */
export function MovieEditDialog({
  site,
  item,
  onClose,
}: {
  site: SiteSettings;
  item: MovieItem | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={item !== null}
      title={`Edit ${item?.type === "tv" ? "TV Show" : "Movie"}`}
      description={item?.title ?? ""}
      onClose={onClose}
      className="sm:max-w-xl"
    >
      {(reportDirty) =>
        item && (
          <MovieForm key={item._id} site={site} item={item} onDone={onClose} reportDirty={reportDirty} />
        )
      }
    </FormDialog>
  );
}

function MovieForm({
  site,
  item,
  onDone,
  reportDirty,
}: {
  site: SiteSettings;
  item: MovieItem;
  onDone: () => void;
  reportDirty: (dirty: boolean) => void;
}) {
  const form = useForm<MovieFormValues>({
    resolver: zodResolver(movieFormSchema),
    defaultValues: movieToForm(item),
  });
  useReportDirty(form.formState.isDirty, reportDirty);
  const update = useUpdateTitle(site);
  const poster = useWatch({ control: form.control, name: "poster_path" });
  const preview = posterUrl(poster, "w185");

  const onSubmit = async (values: MovieFormValues) => {
    try {
      await update.mutateAsync({ id: item._id, changes: toMoviePatch(item, values) });
      toastSuccess("Item updated", undefined, `${values.title.trim()} was saved.`);
      onDone();
    } catch (error) {
      applyServerErrors(form, error);
      toast({
        title: movieMessages.updateFailed(failureText(error)),
        description: "Your changes were not saved.",
        variant: "destructive",
      });
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
          <Input autoComplete="off" placeholder="/poster.jpg or https://…" />
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
          {(field, control) => (
            <Checkbox
              {...control}
              ref={field.ref}
              checked={field.value}
              onCheckedChange={(on) => field.onChange(on === true)}
            />
          )}
        </MovieField>
        <MovieField name="lockerSelected" label="Locker selected">
          {(field, control) => (
            <Checkbox
              {...control}
              ref={field.ref}
              checked={field.value}
              onCheckedChange={(on) => field.onChange(on === true)}
            />
          )}
        </MovieField>
      </div>
      <FormDialogFooter submit="Save" busy={form.formState.isSubmitting} />
    </Form>
  );
}

/** Quick Add (spec §2): a title by its movie-database id, imported at once. */
export function QuickAddDialog({
  site,
  open,
  onClose,
}: {
  site: SiteSettings;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={open}
      title="Quick Add"
      description="Import a title by its movie-database (TMDB) ID."
      onClose={onClose}
      className="sm:max-w-md"
    >
      {(reportDirty) => <QuickAddForm site={site} onDone={onClose} reportDirty={reportDirty} />}
    </FormDialog>
  );
}

function QuickAddForm({
  site,
  onDone,
  reportDirty,
}: {
  site: SiteSettings;
  onDone: () => void;
  reportDirty: (dirty: boolean) => void;
}) {
  const form = useForm<QuickAddValues>({
    resolver: zodResolver(quickAddSchema),
    defaultValues: { kind: "movie", tmdbId: "", featured: false },
  });
  useReportDirty(form.formState.isDirty, reportDirty);
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
      );
      onDone();
    } catch (error) {
      applyServerErrors(form, error);
      toast({
        title: movieMessages.importFailed(failureText(error)),
        description: "Nothing was added to the catalogue.",
        variant: "destructive",
      });
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Quick add" className="grid gap-4">
      <QuickAddField name="kind" label="Type">
        {(field, control) => (
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger {...control} ref={field.ref} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="movie">{KIND_LABELS.movie}</SelectItem>
              <SelectItem value="tv">{KIND_LABELS.tv}</SelectItem>
            </SelectContent>
          </Select>
        )}
      </QuickAddField>
      <QuickAddField name="tmdbId" label="TMDB ID">
        <Input inputMode="numeric" autoComplete="off" placeholder="e.g. 603" />
      </QuickAddField>
      <QuickAddField name="featured" label="Featured">
        {(field, control) => (
          <Checkbox
            {...control}
            ref={field.ref}
            checked={field.value}
            onCheckedChange={(on) => field.onChange(on === true)}
          />
        )}
      </QuickAddField>
      <FormDialogFooter submit="Import" busy={form.formState.isSubmitting} />
    </Form>
  );
}
