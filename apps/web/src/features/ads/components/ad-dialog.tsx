import type { Ad } from "@backoffice/contracts";
import { type FormEvent, useId, useState } from "react";
import { FormField } from "@/components/form-field";
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
import { serverMessageOf } from "@/lib/api-client";
import { toast, toastSuccess } from "@/lib/toast";
import type { AdPage, SiteSettings } from "@/sites";
import { useCreateAd } from "../api/create-ad";
import { useUpdateAd } from "../api/update-ad";
import {
  type AdFormValues,
  adMessages,
  adToForm,
  emptyAdForm,
  toAdPayload,
  validateAdForm,
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
    <Dialog open={state !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Ad" : "Create New Ad"}</DialogTitle>
          <DialogDescription>
            Scripts are stored as text and added to the public site's pages; they never run here.
          </DialogDescription>
        </DialogHeader>
        {state && <AdForm key={formKey(state)} site={site} state={state} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

const formKey = (state: AdDialogState) =>
  state.mode === "edit" ? `edit-${state.ad?._id ?? "none"}` : `create-${state.page ?? ""}`;

function AdForm({ site, state, onDone }: { site: SiteSettings; state: AdDialogState; onDone: () => void }) {
  const [values, setValues] = useState<AdFormValues>(() =>
    state.mode === "edit" && state.ad
      ? adToForm(state.ad)
      : emptyAdForm(state.mode === "create" ? (state.page ?? "") : ""),
  );
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateAd(site);
  const update = useUpdateAd(site);
  const pending = create.isPending || update.isPending;
  const editing = state.mode === "edit";
  const pageSelectId = useId();
  const activeId = useId();

  const set = <K extends keyof AdFormValues>(key: K, value: AdFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const problem = validateAdForm(values);
    if (problem) return toast({ title: problem, variant: "destructive" });
    const payload = toAdPayload(values);
    if (state.mode === "edit") {
      if (!state.ad) return toast({ title: adMessages.noneSelected, variant: "destructive" });
      try {
        await update.mutateAsync({ id: state.ad._id, changes: payload });
        toastSuccess(site.wording.adUpdated);
        onDone();
      } catch (error) {
        toast({
          title: adMessages.errorTitle,
          description: serverMessageOf(error, adMessages.updateFailed),
          variant: "destructive",
        });
      }
      return;
    }
    try {
      await create.mutateAsync(payload);
      toastSuccess(adMessages.created);
      onDone();
    } catch (error) {
      toast({
        title: adMessages.errorTitle,
        description: serverMessageOf(error, adMessages.createFailed),
        variant: "destructive",
      });
    }
  };

  const missing = (text: string) => submitted && text.trim() === "";

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-label={editing ? "Edit Ad" : "Create New Ad"}
    >
      {site.adPages ? (
        <div className="grid gap-2">
          <Label htmlFor={pageSelectId}>Ad Page Name *</Label>
          <Select value={values.page} onValueChange={(page) => set("page", page)}>
            <SelectTrigger
              id={pageSelectId}
              className="w-full"
              aria-invalid={missing(values.page) || undefined}
            >
              <SelectValue placeholder="Choose a page" />
            </SelectTrigger>
            <SelectContent>
              {site.adPages.map((page) => (
                <SelectItem key={page} value={page}>
                  {adPageLabel(page)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : (
        <FormField label="Ad Page Name *" invalid={missing(values.page)}>
          <Input
            value={values.page}
            onChange={(e) => set("page", e.target.value)}
            placeholder="e.g. home"
            autoComplete="off"
            aria-required="true"
            maxLength={100}
          />
        </FormField>
      )}
      <FormField label="Domain URL *" invalid={missing(values.url)}>
        <Input
          type="url"
          inputMode="url"
          value={values.url}
          onChange={(e) => set("url", e.target.value)}
          placeholder="https://example.com"
          autoComplete="off"
          aria-required="true"
        />
      </FormField>
      <FormField label="Script Head">
        <Textarea
          value={values.head}
          onChange={(e) => set("head", e.target.value)}
          placeholder="<script>…</script>"
          spellCheck={false}
          rows={4}
          className="max-h-48 font-mono text-xs md:text-xs"
        />
      </FormField>
      <FormField label="Script Body">
        <Textarea
          value={values.body}
          onChange={(e) => set("body", e.target.value)}
          placeholder="<script>…</script>"
          spellCheck={false}
          rows={4}
          className="max-h-48 font-mono text-xs md:text-xs"
        />
      </FormField>
      <div className="flex items-center gap-3">
        <Switch id={activeId} checked={values.isActive} onCheckedChange={(on) => set("isActive", on)} />
        <Label htmlFor={activeId}>Active</Label>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending && <Spinner />}
          {editing ? "Update Ad" : "Create Ad"}
        </Button>
      </DialogFooter>
    </form>
  );
}
