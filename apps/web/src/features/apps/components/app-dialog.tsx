import { APP_CATEGORIES, type App, type AppCategory, type AppInput } from "@backoffice/contracts";
import { AlertCircle } from "lucide-react";
import { type ReactElement, type ReactNode, useId } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { FormField } from "@/components/form-field";
import { ImageWithFallback } from "@/components/image-with-fallback";
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
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api-client";
import { toastError, toastSuccess } from "@/lib/toast";
import type { SiteSettings } from "@/sites";
import { useCreateApp } from "../api/create-app";
import { useUpdateApp } from "../api/update-app";
import {
  type AppFormField,
  type AppFormValues,
  appFormResolver,
  appToForm,
  emptyAppForm,
  isRequiredMessage,
  issuesToFields,
  REQUIRED_FORM_FIELDS,
  toAppPayload,
} from "../utils/app-form";
import { appMessages } from "../utils/app-messages";

/** What the dialog is open for: a new app (preset to the filtered category) or an existing one. */
export type AppDialogState = { mode: "create"; category: AppCategory | null } | { mode: "edit"; app: App };

export type AppDialogProps = { site: SiteSettings; state: AppDialogState | null; onClose: () => void };

export const categoryLabels: Record<AppCategory, string> = { apps: "Apps", games: "Games" };

/** Add App / Edit App (spec §2): every field of the App entity, checked before sending. */
export function AppDialog({ site, state, onClose }: AppDialogProps) {
  const editing = state?.mode === "edit";
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="gap-0 p-0 sm:max-w-2xl">
        <DialogHeader className="border-b px-6 pt-6 pb-4">
          <DialogTitle>{editing ? "Edit App" : "Add New App"}</DialogTitle>
          <DialogDescription>
            {editing
              ? "Change the details of this catalogue entry."
              : "Add an app or game to the public catalogue."}{" "}
            Fields marked * are required.
          </DialogDescription>
        </DialogHeader>
        {state && (
          <AppForm
            key={state.mode === "edit" ? state.app._id : "create"}
            site={site}
            state={state}
            onDone={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function AppForm({ site, state, onDone }: { site: SiteSettings; state: AppDialogState; onDone: () => void }) {
  const create = useCreateApp(site);
  const update = useUpdateApp(site);
  const pending = create.isPending || update.isPending;
  const alertId = useId();
  const form = useForm<AppFormValues, unknown, AppInput>({
    defaultValues: state.mode === "edit" ? appToForm(state.app) : emptyAppForm(state.category ?? ""),
    resolver: appFormResolver,
    // Messages appear on submit, then follow the user's corrections.
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { register, control, handleSubmit, formState, setError, getValues } = form;
  const { errors } = formState;
  const [iconUrl, bgUrl] = useWatch({ control, name: ["icon_app", "bg_app"] });

  const fieldError = (field: AppFormField): string | undefined => {
    const message =
      field === "supportedDevices.0"
        ? errors.supportedDevices?.[0]?.message
        : field === "supportedDevices.1"
          ? errors.supportedDevices?.[1]?.message
          : errors[field as Exclude<AppFormField, `supportedDevices.${number}`>]?.message;
    return message;
  };
  // The spec has one message for every missing field: shown once on top, the fields marked.
  const missing = (field: AppFormField) => isRequiredMessage(fieldError(field));
  const ownError = (field: AppFormField) => {
    const message = fieldError(field);
    return isRequiredMessage(message) ? undefined : message;
  };
  const anyMissing = REQUIRED_FORM_FIELDS.some(missing);

  const onSubmit = handleSubmit(async (app) => {
    const payload = toAppPayload(app);
    try {
      const answer =
        state.mode === "edit"
          ? await update.mutateAsync({ id: state.app._id, payload })
          : await create.mutateAsync(payload);
      const title = state.mode === "edit" ? appMessages.updated : appMessages.created;
      toastSuccess(title, answer.message === title ? `${answer.data.title} was saved.` : answer.message);
      onDone();
    } catch (error) {
      // A 400 answer names its fields: show them where the user can fix them.
      if (error instanceof ApiError && error.errors.length > 0) {
        const fields = issuesToFields(error.errors, getValues());
        for (const [field, message] of Object.entries(fields))
          setError(field as AppFormField, { type: "server", message });
      }
      toastError(appMessages.saveFailed, error);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={state.mode === "edit" ? "Edit app" : "Add new app"}
      aria-describedby={anyMissing ? alertId : undefined}
      className="grid"
    >
      <div className="grid gap-5 px-6 py-5">
        {anyMissing && (
          <div
            id={alertId}
            role="alert"
            data-slot="form-alert"
            className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2.5 text-sm text-destructive"
          >
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p>{appMessages.required}</p>
          </div>
        )}

        <Section title="Details">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label="Title *" error={ownError("title")} invalid={missing("title")}>
              <Input autoComplete="off" {...register("title")} />
            </FormField>
            <FormField
              label="Type *"
              hint="e.g. Photography, Racing"
              error={ownError("type")}
              invalid={missing("type")}
            >
              <Input autoComplete="off" {...register("type")} />
            </FormField>
            <FormField label="Developer *" error={ownError("developer")} invalid={missing("developer")}>
              <Input autoComplete="off" {...register("developer")} />
            </FormField>
            <Controller
              control={control}
              name="category"
              render={({ field }) => (
                <FormField label="Category *" error={ownError("category")} invalid={missing("category")}>
                  <CategorySelect
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                </FormField>
              )}
            />
            <FormField
              label="Description *"
              error={ownError("content")}
              invalid={missing("content")}
              className="sm:col-span-2"
            >
              <Textarea rows={4} {...register("content")} />
            </FormField>
          </div>
        </Section>

        <Section title="Images">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <ImageUrlField
              label="Icon URL *"
              preview={iconUrl}
              previewClassName="size-10 rounded-lg"
              error={ownError("icon_app")}
              invalid={missing("icon_app")}
            >
              <Input type="url" inputMode="url" placeholder="https://" {...register("icon_app")} />
            </ImageUrlField>
            <ImageUrlField
              label="Background URL *"
              preview={bgUrl}
              previewClassName="h-10 w-16 rounded-md"
              error={ownError("bg_app")}
              invalid={missing("bg_app")}
            >
              <Input type="url" inputMode="url" placeholder="https://" {...register("bg_app")} />
            </ImageUrlField>
          </div>
        </Section>

        <Section title="Stats">
          <div className="grid items-start gap-4 sm:grid-cols-3">
            <FormField
              label="Rating *"
              hint="0 to 10, steps of 0.1"
              error={ownError("rating")}
              invalid={missing("rating")}
            >
              <Input type="number" inputMode="decimal" min={0} max={10} step={0.1} {...register("rating")} />
            </FormField>
            <FormField label="Size *" hint="e.g. 45 MB" error={ownError("size")} invalid={missing("size")}>
              <Input autoComplete="off" {...register("size")} />
            </FormField>
            <FormField
              label="Downloads *"
              hint="e.g. 1M+"
              error={ownError("download")}
              invalid={missing("download")}
            >
              <Input autoComplete="off" {...register("download")} />
            </FormField>
          </div>
        </Section>

        <Section title="Supported devices">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField
              label="Supported device 1 URL *"
              error={ownError("supportedDevices.0")}
              invalid={missing("supportedDevices.0")}
            >
              <Input type="url" inputMode="url" placeholder="https://" {...register("supportedDevices.0")} />
            </FormField>
            <FormField
              label="Supported device 2 URL *"
              error={ownError("supportedDevices.1")}
              invalid={missing("supportedDevices.1")}
            >
              <Input type="url" inputMode="url" placeholder="https://" {...register("supportedDevices.1")} />
            </FormField>
          </div>
        </Section>

        <Section title="Visibility">
          <div className="grid gap-3 sm:grid-cols-3">
            <SwitchField control={control} name="trending" label="Trending" />
            <SwitchField control={control} name="slider" label="Show in Slider" />
            <SwitchField control={control} name="isFirst" label="Is First" />
          </div>
        </Section>

        <Section title="Locker" description="Optional. Fill in both It and Key to add a Locker.">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label="It" error={ownError("it")}>
              <Input autoComplete="off" {...register("it", { deps: ["key"] })} />
            </FormField>
            <FormField label="Key" error={ownError("key")}>
              <Input autoComplete="off" {...register("key", { deps: ["it"] })} />
            </FormField>
          </div>
        </Section>
      </div>

      <DialogFooter className="sticky bottom-0 border-t bg-background px-6 py-4">
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending && <Spinner />}
          {pending ? "Saving..." : state.mode === "edit" ? "Update App" : "Create App"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The category choice; FormField's id and ARIA props land on the trigger, the labelled control. */
function CategorySelect({
  value,
  onChange,
  onBlur,
  ref,
  ...control
}: {
  value: AppCategory | "";
  onChange: (value: AppCategory) => void;
  onBlur: () => void;
  ref: React.Ref<HTMLButtonElement>;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as AppCategory)}>
      <SelectTrigger ref={ref} onBlur={onBlur} className="w-full" {...control}>
        <SelectValue placeholder="Select a category" />
      </SelectTrigger>
      <SelectContent>
        {APP_CATEGORIES.map((category) => (
          <SelectItem key={category} value={category}>
            {categoryLabels[category]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** A titled group of fields, announced as a group with its title. */
function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className="min-w-0" aria-describedby={description ? `${id}-description` : undefined}>
      <legend className="text-sm font-semibold">{title}</legend>
      {description && (
        <p id={`${id}-description`} className="mt-0.5 text-xs text-muted-foreground">
          {description}
        </p>
      )}
      <div className="mt-3">{children}</div>
    </fieldset>
  );
}

/** A URL input with a live preview that falls back to a placeholder when the image fails. */
function ImageUrlField({
  label,
  preview,
  previewClassName,
  error,
  invalid,
  children,
}: {
  label: string;
  preview: string;
  previewClassName: string;
  error?: string;
  invalid?: boolean;
  children: ReactElement<{ id?: string }>;
}) {
  return (
    <div className="flex items-start gap-3">
      <FormField label={label} error={error} invalid={invalid} className="min-w-0 flex-1">
        {children}
      </FormField>
      <div className="mt-6 shrink-0" aria-hidden="true">
        <ImageWithFallback
          src={looksLikeUrl(preview) ? preview.trim() : null}
          alt=""
          data-slot="image-preview"
          className={`${previewClassName} border object-cover`}
        />
      </div>
    </div>
  );
}

// Only a complete-looking address is previewed, not every keystroke of one.
const looksLikeUrl = (value: string) => /^https?:\/\/[^\s/]+\.[^\s]+/i.test(value.trim());

type ToggleName = "trending" | "slider" | "isFirst";

function SwitchField({
  control,
  name,
  label,
}: {
  control: ReturnType<typeof useForm<AppFormValues, unknown, AppInput>>["control"];
  name: ToggleName;
  label: string;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center justify-between gap-3 rounded-md border px-3 py-2.5">
          <Label htmlFor={id} className="cursor-pointer">
            {label}
          </Label>
          <Switch
            id={id}
            ref={field.ref}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
          />
        </div>
      )}
    />
  );
}
