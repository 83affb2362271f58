import type { Ad } from "@backoffice/contracts";
import { INLINE_FIELD, selectControl, switchControl } from "@/components/field-controls";
import { applyServerErrors, contractResolver, Form, fieldOf, useDialogForm } from "@/components/form";
import {
  type DialogFormProps,
  type DialogProps,
  FormDialog,
  FormDialogFooter,
} from "@/components/form-dialog";
import { RecordHistory } from "@/components/history/record-history";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { ApplyAtField, toastScheduled } from "@/components/window/apply-at-field";
import { useSiteTimeZone, WindowFields } from "@/components/window/window-fields";
import { changedFields, toApplyAt } from "@/components/window/window-form";
import { toast, toastError, toastSuccess } from "@/lib/toast";
import type { AdPage } from "@/sites";
import { useCreateAd } from "../api/create-ad";
import { useUpdateAd } from "../api/update-ad";
import {
  type AdFormValues,
  adFormSchema,
  adMessages,
  adToForm,
  emptyAdForm,
  toAdPayload,
} from "../utils/ad-form";
import { adPageLabel } from "../utils/ad-pages";

/** What the dialog is open for: a new ad (on movies, for a page) or an existing one. */
export type AdDialogState = { mode: "create"; page: AdPage | null } | { mode: "edit"; ad: Ad | null };

export type AdDialogProps = DialogProps<{ state: AdDialogState | null }>;

/** Create New Ad / Edit Ad: page name, URL, head and body scripts, Active. */
export function AdDialog({ site, state, onClose }: AdDialogProps) {
  const editing = state?.mode === "edit";
  return (
    <FormDialog
      value={state}
      formKey={formKey}
      title={editing ? "Edit Ad" : "Create New Ad"}
      description="Scripts are stored as text and added to the public site's pages; they never run here."
      onClose={onClose}
      className="sm:max-w-xl"
      record={(state) => (state.mode === "edit" && state.ad ? { resource: "ads", id: state.ad._id } : null)}
    >
      {(state, dialog) => <AdForm site={site} state={state} {...dialog} />}
    </FormDialog>
  );
}

const formKey = (state: AdDialogState) =>
  state.mode === "edit" ? `edit-${state.ad?._id ?? "none"}` : `create-${state.page ?? ""}`;

function AdForm({ site, state, onDone, reportDirty }: DialogFormProps<{ state: AdDialogState }>) {
  const timeZone = useSiteTimeZone();
  const form = useDialogForm<AdFormValues>(
    {
      resolver: contractResolver(adFormSchema),
      defaultValues:
        state.mode === "edit" && state.ad
          ? adToForm(state.ad, timeZone)
          : emptyAdForm(state.mode === "create" ? (state.page ?? "") : ""),
    },
    reportDirty,
  );
  const create = useCreateAd(site);
  const update = useUpdateAd(site);
  const editing = state.mode === "edit";

  const save = async (values: AdFormValues) => {
    const payload = toAdPayload(values, timeZone);
    if (state.mode === "edit" && !state.ad) {
      return toast({
        title: adMessages.noneSelected,
        description: adMessages.reopen,
        variant: "destructive",
      });
    }
    try {
      const applyAt = toApplyAt(values.applyAt, timeZone);
      if (state.mode === "edit" && state.ad && applyAt) {
        const loaded = toAdPayload(form.formState.defaultValues as AdFormValues, timeZone);
        await update.mutateAsync({ id: state.ad._id, changes: changedFields(payload, loaded), applyAt });
        toastScheduled(payload.page, applyAt, timeZone, "ad-save");
      } else if (state.mode === "edit" && state.ad) {
        // The version it loaded: a save over someone else's change is refused (409).
        await update.mutateAsync({ id: state.ad._id, changes: payload, version: state.ad.updatedAt });
        toastSuccess(site.wording.adUpdated, `${payload.page} was updated.`, undefined, { key: "ad-save" });
      } else {
        await create.mutateAsync(payload);
        toastSuccess(adMessages.created, `${payload.page} was created.`, undefined, { key: "ad-save" });
      }
      onDone();
    } catch (error) {
      // An error with a field is said there only; the rest in a toast.
      if (applyServerErrors(form, error)) return;
      const failed = editing ? adMessages.updateFailed : adMessages.createFailed;
      toastError(adMessages.errorTitle, error, failed, "ad-save");
    }
  };

  return (
    <Form
      form={form}
      onSubmit={save}
      // The required toast is for a missing page name or URL; a window's error is said at its field alone.
      onInvalid={(errors) => {
        if (errors.page || errors.url)
          toast({
            id: "ad-form-refused",
            title: adMessages.required,
            description: adMessages.fixFields,
            variant: "destructive",
          });
      }}
      className="grid gap-4"
      aria-label={editing ? "Edit Ad" : "Create New Ad"}
    >
      {site.adPages ? (
        <AdField name="page" label="Ad Page Name *">
          {selectControl(
            site.adPages.map((page) => [page, adPageLabel(page)]),
            { className: "w-full", placeholder: "Choose a page" },
          )}
        </AdField>
      ) : (
        <AdField name="page" label="Ad Page Name *">
          <Input placeholder="e.g. home" autoComplete="off" aria-required="true" maxLength={100} />
        </AdField>
      )}
      <AdField name="url" label="Domain URL *">
        <Input
          type="url"
          inputMode="url"
          placeholder="https://example.com"
          autoComplete="off"
          aria-required="true"
        />
      </AdField>
      <AdField name="head" label="Script Head">
        <Textarea {...scriptArea} />
      </AdField>
      <AdField name="body" label="Script Body">
        <Textarea {...scriptArea} />
      </AdField>
      <AdField name="isActive" label="Active" className={INLINE_FIELD}>
        {switchControl}
      </AdField>
      <WindowFields />
      {state.mode === "edit" && state.ad && (
        <>
          <ApplyAtField />
          <RecordHistory site={site} resource="ads" id={state.ad._id} />
        </>
      )}
      <FormDialogFooter submit={editing ? "Update Ad" : "Create Ad"} busy={form.formState.isSubmitting} />
    </Form>
  );
}

const AdField = fieldOf<AdFormValues>();

const scriptArea = {
  placeholder: "<script>…</script>",
  spellCheck: false,
  rows: 4,
  className: "max-h-48 font-mono text-xs md:text-xs",
} as const;
