import type { Locker } from "@backoffice/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { RotateCcw, Save } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { selectControl } from "@/components/field-controls";
import { Form, fieldOf, SubmitButton, useLeaveGuard } from "@/components/form";
import { RecordChangedNotice } from "@/components/record-changed";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { ApplyAtField, applyAtChosen, toastScheduled } from "@/components/window/apply-at-field";
import { useSiteTimeZone, WindowFields } from "@/components/window/window-fields";
import { emptyApplyAt, toApplyAt, toWindowBody, windowToForm } from "@/components/window/window-form";
import { toast, toastError } from "@/lib/toast";
import type { SiteSettings } from "@/sites";
import { scheduleLockerChange, useSaveLocker } from "../api/save-locker";
import {
  LOCKER_DEFAULTS,
  type LockerFormInput,
  type LockerFormValues,
  type LockerValues,
  type LockerVariant,
  lockerFormSchema,
  lockerTexts,
} from "../utils/locker-texts";
import { LockerSummary } from "./locker-summary";

export type LockerFormProps = {
  site: SiteSettings;
  variant: LockerVariant;
  locker: Locker | null;
  /** The stored values (or the defaults when there is no record). */
  saved: LockerValues;
};

const LockerField = fieldOf<LockerFormInput>();

/** The settings form and the summary beside it, for a member who may change the site. */
export function LockerForm({ site, variant, locker, saved }: LockerFormProps) {
  const texts = lockerTexts[variant];
  const types = site.lockerTypes ?? ["js"];
  const timeZone = useSiteTimeZone();
  const form = useForm<LockerFormInput, unknown, LockerFormValues>({
    resolver: zodResolver(lockerFormSchema),
    defaultValues: {
      ...saved,
      seconds: String(saved.seconds),
      ...windowToForm(locker ?? { startsAt: null, endsAt: null }, timeZone),
      ...emptyApplyAt(),
    },
  });
  const [isActive, applyAt] = useWatch({ control: form.control, name: ["isActive", "applyAt"] });
  useLeaveGuard(form.formState.isDirty);
  const save = useSaveLocker(site);
  // The version the form's values came from (not the list's, which a live update reloads): a save
  // over someone else's change is refused (409, docs/PRODUCT-RULES.md#live-updates).
  const [version, setVersion] = useState(locker?.updatedAt);

  const onSubmit = async (values: LockerFormValues) => {
    try {
      const window = toWindowBody(values, timeZone);
      const later = locker ? toApplyAt(values.applyAt, timeZone) : undefined;
      if (locker && later) {
        // The form goes back to what is stored: the change waits on the Schedule.
        await scheduleLockerChange(site, { id: locker._id, values, window, applyAt: later });
        toastScheduled("The locker", later, timeZone, "locker-save");
        form.reset();
        return;
      }
      const stored = await save.mutateAsync({ id: locker?._id ?? null, values, version, window });
      setVersion(stored.updatedAt);
      toast({ ...texts.saved(stored), variant: "success", key: "locker-save" });
      form.reset({ ...values, seconds: String(values.seconds), ...emptyApplyAt() });
    } catch (error) {
      toastError(texts.saveFailed, error, texts.unknownError, "locker-save");
    }
  };

  const onReset = () => {
    form.setValue("seconds", String(LOCKER_DEFAULTS.seconds), { shouldDirty: true, shouldValidate: true });
    form.setValue("isActive", LOCKER_DEFAULTS.isActive, { shouldDirty: true });
    toast({ ...texts.reset, variant: "default" });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card className="gap-4">
        <CardHeader>
          <CardTitle as="h2">Locker Settings</CardTitle>
          <CardDescription>
            {types.length === 1
              ? "The movies site's locker always runs in the browser (JS)."
              : "Choose how the locker runs and how long visitors wait."}
          </CardDescription>
        </CardHeader>
        <Form form={form} onSubmit={onSubmit} aria-label="Locker settings" className="grid gap-6">
          <CardContent className="grid gap-5">
            {locker && <RecordChangedNotice resource="locker" id={locker._id} again="reload the page" />}
            {types.length > 1 && (
              <LockerField name="type" label="Locker Type">
                {selectControl(
                  types.map((t) => [t, t.toUpperCase()]),
                  { className: "w-full sm:w-60" },
                )}
              </LockerField>
            )}
            <LockerField
              name="seconds"
              label="Timer (seconds)"
              hint="Range: 1-300 seconds"
              className="sm:max-w-60"
            >
              <Input type="number" inputMode="numeric" min={1} max={300} step={1} />
            </LockerField>
            <LockerField
              name="isActive"
              label="Locker status"
              className="flex flex-row-reverse items-center justify-end gap-3"
              labelAction={
                <span data-slot="locker-switch-state" className="text-sm text-muted-foreground">
                  {isActive ? "Enabled" : "Disabled"}
                </span>
              }
            >
              {(field, control) => (
                <Switch {...control} ref={field.ref} checked={field.value} onCheckedChange={field.onChange} />
              )}
            </LockerField>
            <WindowFields />
            {locker && <ApplyAtField />}
          </CardContent>
          <CardFooter className="flex flex-col-reverse items-stretch gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {form.formState.isDirty && locker ? "Unsaved changes" : ""}
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button variant="outline" onClick={onReset} disabled={form.formState.isSubmitting}>
                <RotateCcw aria-hidden="true" />
                Reset to Defaults
              </Button>
              <SubmitButton>
                {!form.formState.isSubmitting && <Save aria-hidden="true" />}
                {applyAtChosen(applyAt) ? "Schedule change" : "Save Settings"}
              </SubmitButton>
            </div>
          </CardFooter>
        </Form>
      </Card>
      <LockerSummary variant={variant} site={site.key} saved={saved} locker={locker} />
    </div>
  );
}
