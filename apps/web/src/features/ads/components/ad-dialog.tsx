import type { Ad } from "@backoffice/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { applyServerErrors, Form, fieldOf, useReportDirty } from "@/components/form";
import { FormDialog, FormDialogFooter } from "@/components/form-dialog";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastError, toastSuccess } from "@/lib/toast";
import type { AdPage, SiteSettings } from "@/sites";
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

export type AdDialogProps = {
  site: SiteSettings;
  state: AdDialogState | null;
  onClose: () => void;
};

/** Create New Ad / Edit Ad (spec §2). */
export function AdDialog({ site, state, onClose }: AdDialogProps) {
  const editing = state?.mode === "edit";
  return (
    <FormDialog
      open={state !== null}
      title={editing ? "Edit Ad" : "Create New Ad"}
      description="Scripts are stored as text and added to the public site's pages; they never run here."
      onClose={onClose}
      className="sm:max-w-xl"
    >
      {(reportDirty) =>
        state && (
          <AdForm key={formKey(state)} site={site} state={state} onDone={onClose} reportDirty={reportDirty} />
        )
      }
    </FormDialog>
  );
}

const formKey = (state: AdDialogState) =>
  state.mode === "edit" ? `edit-${state.ad?._id ?? "none"}` : `create-${state.page ?? ""}`;

function AdForm({
  site,
  state,
  onDone,
  reportDirty,
}: {
  site: SiteSettings;
  state: AdDialogState;
  onDone: () => void;
  reportDirty: (dirty: boolean) => void;
}) {
  const form = useForm<AdFormValues>({
    resolver: zodResolver(adFormSchema),
    defaultValues:
      state.mode === "edit" && state.ad
        ? adToForm(state.ad)
        : emptyAdForm(state.mode === "create" ? (state.page ?? "") : ""),
  });
  useReportDirty(form.formState.isDirty, reportDirty);
  const create = useCreateAd(site);
  const update = useUpdateAd(site);
  const editing = state.mode === "edit";

  const save = async (values: AdFormValues) => {
    const payload = toAdPayload(values);
    if (state.mode === "edit" && !state.ad) {
      return toast({
        title: adMessages.noneSelected,
        description: adMessages.reopen,
        variant: "destructive",
      });
    }
    try {
      if (state.mode === "edit" && state.ad) {
        await update.mutateAsync({ id: state.ad._id, changes: payload });
        toastSuccess(site.wording.adUpdated, `${payload.page} was saved.`);
      } else {
        await create.mutateAsync(payload);
        toastSuccess(adMessages.created, `${payload.page} was saved.`);
      }
      onDone();
    } catch (error) {
      applyServerErrors(form, error);
      toastError(adMessages.errorTitle, error, editing ? adMessages.updateFailed : adMessages.createFailed);
    }
  };

  return (
    <Form
      form={form}
      onSubmit={save}
      onInvalid={() =>
        toast({
          id: "ad-form-refused",
          title: adMessages.required,
          description: adMessages.fixFields,
          variant: "destructive",
        })
      }
      className="grid gap-4"
      aria-label={editing ? "Edit Ad" : "Create New Ad"}
    >
      {site.adPages ? (
        <AdField name="page" label="Ad Page Name *">
          {(field, control) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger {...control} ref={field.ref} className="w-full" onBlur={field.onBlur}>
                <SelectValue placeholder="Choose a page" />
              </SelectTrigger>
              <SelectContent>
                {site.adPages?.map((page) => (
                  <SelectItem key={page} value={page}>
                    {adPageLabel(page)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
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
      <AdField
        name="isActive"
        label="Active"
        className="flex flex-row-reverse items-center justify-end gap-3"
      >
        {(field, control) => (
          <Switch {...control} ref={field.ref} checked={field.value} onCheckedChange={field.onChange} />
        )}
      </AdField>
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
