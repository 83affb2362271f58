import { APP_CATEGORIES, type App, type AppCategory, type AppInput } from "@backoffice/contracts";
import { AlertCircle } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useWatch } from "react-hook-form";
import { selectControl, switchControl, URL_INPUT } from "@/components/field-controls";
import { Form, fieldOf, useDialogForm } from "@/components/form";
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
import { ApiError } from "@/lib/api-client";
import { toastError, toastSuccess } from "@/lib/toast";
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
  toAppPayload,
} from "../utils/app-form";
import { appMessages } from "../utils/app-messages";

/** What the dialog is open for: a new app (preset to the filtered category) or an existing one. */
export type AppDialogState = { mode: "create"; category: AppCategory | null } | { mode: "edit"; app: App };

export type AppDialogProps = DialogProps<{ state: AppDialogState | null }>;

export const categoryLabels: Record<AppCategory, string> = { apps: "Apps", games: "Games" };

/** Add App / Edit App: every field of the App entity, checked before sending. */
export function AppDialog({ site, state, onClose }: AppDialogProps) {
  const editing = state?.mode === "edit";
  return (
    <FormDialog
      value={state}
      formKey={(state) => (state.mode === "edit" ? state.app._id : "create")}
      title={editing ? "Edit App" : "Add New App"}
      description={`${editing ? "Change the details of this catalogue entry." : "Add an app or game to the public catalogue."} Fields marked * are required.`}
      onClose={onClose}
      className="gap-0 p-0 sm:max-w-2xl"
      headerClassName="border-b px-6 pt-6 pb-4"
      record={(state) => (state.mode === "edit" ? { resource: "apps", id: state.app._id } : null)}
      recordClassName="mx-6 mt-4"
    >
      {(state, dialog) => <AppForm site={site} state={state} {...dialog} />}
    </FormDialog>
  );
}

function AppForm({ site, state, onDone, reportDirty }: DialogFormProps<{ state: AppDialogState }>) {
  const timeZone = useSiteTimeZone();
  const create = useCreateApp(site);
  const update = useUpdateApp(site);
  const alertId = useId();
  const form = useDialogForm<AppFormValues, AppInput>(
    {
      defaultValues:
        state.mode === "edit" ? appToForm(state.app, timeZone) : emptyAppForm(state.category ?? ""),
      resolver: appFormResolver(timeZone),
      // Messages appear on submit, then follow the user's corrections.
      mode: "onSubmit",
      reValidateMode: "onChange",
    },
    reportDirty,
  );
  const { control, formState, setError, getValues } = form;
  const [iconUrl, bgUrl] = useWatch({ control, name: ["icon_app", "bg_app"] });

  // One message covers every missing field: stated once on top, the fields marked.
  const anyMissing = Object.values(flatErrors(formState.errors)).some(isRequiredMessage);

  const onSubmit = async (app: AppInput) => {
    const payload = toAppPayload(app);
    const applyAt = state.mode === "edit" ? toApplyAt(getValues("applyAt"), timeZone) : undefined;
    try {
      if (state.mode === "edit" && applyAt) {
        await update.mutateAsync({ id: state.app._id, payload, applyAt });
        toastScheduled(payload.title, applyAt, timeZone, "app-save");
        return onDone();
      }
      const answer =
        state.mode === "edit"
          ? await update.mutateAsync({ id: state.app._id, payload, version: state.app.updatedAt })
          : await create.mutateAsync(payload);
      const title = state.mode === "edit" ? appMessages.updated : appMessages.created;
      const description = answer.message === title ? `${answer.data.title} was saved.` : answer.message;
      toastSuccess(title, description, undefined, { key: "app-save" });
      onDone();
    } catch (error) {
      // A 400 answer names its fields: show them where the user can fix them, and only there.
      if (error instanceof ApiError && error.errors.length > 0) {
        const fields = Object.entries(issuesToFields(error.errors, getValues()));
        for (const [field, message] of fields) setError(field as AppFormField, { type: "server", message });
        if (fields.length > 0) return;
      }
      toastError(appMessages.saveFailed, error, undefined, "app-save");
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
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
            <AppField name="title" label="Title *" statedByForm={isRequiredMessage}>
              <Input autoComplete="off" />
            </AppField>
            <AppField
              name="type"
              label="Type *"
              hint="e.g. Photography, Racing"
              statedByForm={isRequiredMessage}
            >
              <Input autoComplete="off" />
            </AppField>
            <AppField name="developer" label="Developer *" statedByForm={isRequiredMessage}>
              <Input autoComplete="off" />
            </AppField>
            <AppField name="category" label="Category *" statedByForm={isRequiredMessage}>
              {selectControl(
                APP_CATEGORIES.map((category) => [category, categoryLabels[category]]),
                { className: "w-full", placeholder: "Select a category" },
              )}
            </AppField>
            <AppField
              name="content"
              label="Description *"
              className="sm:col-span-2"
              statedByForm={isRequiredMessage}
            >
              <Textarea rows={4} />
            </AppField>
          </div>
        </Section>
        <Section title="Images">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            {images.map(({ name, label, previewClassName }) => (
              <ImagePreview
                key={name}
                url={name === "icon_app" ? iconUrl : bgUrl}
                className={previewClassName}
              >
                <AppField
                  name={name}
                  label={label}
                  className="min-w-0 flex-1"
                  statedByForm={isRequiredMessage}
                >
                  <ImageUrlInput fieldLabel={label.replace(/ \*$/, "")} />
                </AppField>
              </ImagePreview>
            ))}
          </div>
        </Section>
        <Section title="Stats">
          <div className="grid items-start gap-4 sm:grid-cols-3">
            <AppField
              name="rating"
              label="Rating *"
              hint="0 to 10, steps of 0.1"
              statedByForm={isRequiredMessage}
            >
              <Input type="number" inputMode="decimal" min={0} max={10} step={0.1} />
            </AppField>
            <AppField name="size" label="Size *" hint="e.g. 45 MB" statedByForm={isRequiredMessage}>
              <Input autoComplete="off" />
            </AppField>
            <AppField name="download" label="Downloads *" hint="e.g. 1M+" statedByForm={isRequiredMessage}>
              <Input autoComplete="off" />
            </AppField>
          </div>
        </Section>
        <Section title="Supported devices">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <AppField
              name="supportedDevices.0"
              label="Supported device 1 URL *"
              statedByForm={isRequiredMessage}
            >
              <Input {...URL_INPUT} />
            </AppField>
            <AppField
              name="supportedDevices.1"
              label="Supported device 2 URL *"
              statedByForm={isRequiredMessage}
            >
              <Input {...URL_INPUT} />
            </AppField>
          </div>
        </Section>
        <Section title="Visibility">
          <div className="grid gap-3 sm:grid-cols-3">
            {toggles.map(({ name, label }) => (
              <AppField
                key={name}
                name={name}
                label={label}
                className="flex items-center justify-between gap-3 rounded-md border px-3 py-2.5"
              >
                {switchControl}
              </AppField>
            ))}
          </div>
        </Section>
        <Section
          title="When Trending and Slider are on"
          description="Optional. The public site shows each only while it is on and within its window."
        >
          <div className="grid gap-4">
            <WindowFields flag="trending" label="Trending" />
            <WindowFields flag="slider" label="Slider" />
          </div>
        </Section>
        <Section title="Locker" description="Optional. Fill in both It and Key to add a Locker.">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <AppField name="it" label="It" deps={["key"]}>
              <Input autoComplete="off" />
            </AppField>
            <AppField name="key" label="Key" deps={["it"]}>
              <Input autoComplete="off" />
            </AppField>
          </div>
        </Section>
        {state.mode === "edit" && (
          <>
            <ApplyAtField />
            <RecordHistory site={site} resource="apps" id={state.app._id} />
          </>
        )}
      </div>
      <FormDialogFooter
        className="sticky bottom-0 border-t bg-background px-6 py-4"
        busy={formState.isSubmitting}
        submit={formState.isSubmitting ? "Saving..." : state.mode === "edit" ? "Update App" : "Create App"}
      />
    </Form>
  );
}

const AppField = fieldOf<AppFormValues>();

const images = [
  { name: "icon_app", label: "Icon URL *", previewClassName: "size-10 rounded-lg" },
  { name: "bg_app", label: "Background URL *", previewClassName: "h-10 w-16 rounded-md" },
] as const;

const toggles = [
  { name: "trending", label: "Trending" },
  { name: "slider", label: "Show in Slider" },
  { name: "isFirst", label: "Is First" },
] as const;

/** Every message of a react-hook-form error tree, by field path. */
function flatErrors(errors: object, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== "object") continue;
    const path = `${prefix}${key}`;
    if (typeof (value as { message?: unknown }).message === "string")
      out[path] = (value as { message: string }).message;
    else Object.assign(out, flatErrors(value, `${path}.`));
  }
  return out;
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

/** A URL field with a live preview of its image, falling back to a placeholder when it fails. */
function ImagePreview({ url, className, children }: { url: string; className: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      {children}
      <div className="mt-6 shrink-0" aria-hidden="true">
        <ImageWithFallback
          src={looksLikeUrl(url) ? url.trim() : null}
          alt=""
          data-slot="image-preview"
          className={`${className} border object-cover`}
        />
      </div>
    </div>
  );
}

// Only a complete-looking address is previewed, not every keystroke of one.
const looksLikeUrl = (value: string) => /^https?:\/\/[^\s/]+\.[^\s]+/i.test(value.trim());
