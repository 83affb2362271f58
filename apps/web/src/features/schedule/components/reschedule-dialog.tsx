import { SCHEDULE_MESSAGES, type ScheduledChange } from "@backoffice/contracts/schedule";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { applyServerErrors, Form, useDialogForm } from "@/components/form";
import { FormDialog, FormDialogFooter } from "@/components/form-dialog";
import { useSiteTimeZone, WindowEndField } from "@/components/window/window-fields";
import { applyAtFormField, toApplyAt, type WindowEndValue } from "@/components/window/window-form";
import { useCurrentSite } from "@/hooks/use-current-site";
import { dayAndTimeIn } from "@/lib/format";
import { toastError, toastSuccess } from "@/lib/toast";
import { useReschedule } from "../api/schedule";

const rescheduleSchema = z
  .object(applyAtFormField)
  .refine(({ applyAt }) => applyAt.day.trim() && applyAt.time.trim(), {
    path: ["applyAt"],
    message: "Enter the date and the time",
  });
type RescheduleValues = { applyAt: WindowEndValue };

/** Reschedule: a new day and time, in the site's time zone, for a pending change. */
export function RescheduleDialog({
  change,
  onClose,
}: {
  change: ScheduledChange | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      value={change}
      formKey={(change) => change._id}
      title="Reschedule change"
      description={change ? `When the change to ${change.recordName} is applied.` : ""}
      onClose={onClose}
    >
      {(change, dialog) => <RescheduleForm change={change} {...dialog} />}
    </FormDialog>
  );
}

function RescheduleForm({
  change,
  onDone,
  reportDirty,
}: {
  change: ScheduledChange;
  onDone: () => void;
  reportDirty: (dirty: boolean) => void;
}) {
  const site = useCurrentSite();
  const timeZone = useSiteTimeZone();
  const reschedule = useReschedule(site);
  const form = useDialogForm<RescheduleValues>(
    {
      resolver: zodResolver(rescheduleSchema),
      defaultValues: { applyAt: dayAndTimeIn(change.applyAt, timeZone) },
    },
    reportDirty,
  );
  const save = async (values: RescheduleValues) => {
    const applyAt = toApplyAt(values.applyAt, timeZone);
    if (!applyAt) return;
    try {
      await reschedule.mutateAsync({ change, applyAt });
      const when = dayAndTimeIn(applyAt, timeZone);
      toastSuccess(SCHEDULE_MESSAGES.rescheduled, `It applies at ${when.day} ${when.time} (${timeZone}).`);
      onDone();
    } catch (error) {
      if (applyServerErrors(form, error)) return;
      toastError("Could not reschedule", error);
    }
  };
  return (
    <Form form={form} onSubmit={save} className="grid gap-4" aria-label="Reschedule change">
      <WindowEndField
        name="applyAt"
        label="Apply at"
        hint="The change waits until then"
        timeZone={timeZone}
      />
      <FormDialogFooter submit="Reschedule" busy={form.formState.isSubmitting} />
    </Form>
  );
}
