import { SCHEDULE_MESSAGES } from "@backoffice/contracts/schedule";
import { CalendarClock } from "lucide-react";
import { useState } from "react";
import { useFormContext } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { dayAndTimeIn } from "@/lib/format";
import { toastSuccess } from "@/lib/toast";
import { useSiteTimeZone, WindowEndField } from "./window-fields";
import type { WindowEndValue } from "./window-form";

/**
 * "Apply at…" of an edit dialog (docs/PRODUCT-RULES.md#scheduled-changes): instead of saving now, the
 * change waits until a day and time in the site's time zone, on the site's Schedule. Inside a `Form`
 * whose values have `applyAt` (`applyAtFormField` of window-form.ts).
 */
export function ApplyAtField() {
  const timeZone = useSiteTimeZone();
  const form = useFormContext<{ applyAt: WindowEndValue }>();
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <div>
        <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
          <CalendarClock aria-hidden="true" />
          Apply at…
        </Button>
      </div>
    );
  const saveNow = () => {
    form.setValue("applyAt", { day: "", time: "" }, { shouldDirty: true });
    form.clearErrors("applyAt");
    setOpen(false);
  };
  return (
    <div className="grid gap-2 rounded-md border p-3" data-slot="apply-at">
      <WindowEndField
        name="applyAt"
        label="Apply at"
        hint="The change waits on the Schedule until then"
        timeZone={timeZone}
      />
      <div>
        <Button type="button" variant="ghost" size="sm" onClick={saveNow}>
          Save now instead
        </Button>
      </div>
    </div>
  );
}

/** Whether a change is to wait: a day or a time typed in "Apply at…". */
export const applyAtChosen = (value: WindowEndValue | undefined) =>
  Boolean(value && (value.day.trim() || value.time.trim()));

/** The toast of a change that now waits: what and when, in the site's time zone. */
export function toastScheduled(what: string, applyAt: string, timeZone: string, key: string) {
  const { day, time } = dayAndTimeIn(applyAt, timeZone);
  toastSuccess(SCHEDULE_MESSAGES.scheduled, `${what} changes at ${day} ${time} (${timeZone}).`, undefined, {
    key,
  });
}
