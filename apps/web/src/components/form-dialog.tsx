import { Fragment, type ReactNode } from "react";
import { useFormContext } from "react-hook-form";
import { SubmitButton, useDirtyDialog } from "@/components/form";
import { RecordChangedNotice } from "@/components/record-changed";
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
import { applyAtChosen } from "@/components/window/apply-at-field";
import type { WindowEndValue } from "@/components/window/window-form";
import { cn } from "@/lib/utils";
import type { SiteSettings } from "@/sites";

/** What the form inside a `FormDialog` gets besides its own props: close when saved, report unsaved changes. */
export type DialogFormProps<P = object> = P & {
  site: SiteSettings;
  onDone: () => void;
  reportDirty: (dirty: boolean) => void;
};

/** The props of a dialog opened for a value (an item to edit, a mode), closed when it is null. */
export type DialogProps<P = object> = P & { site: SiteSettings; onClose: () => void };

/**
 * A dialog holding one form: title, description, and the form, which gets `reportDirty` so that
 * closing it with unsaved changes asks first. The dialog is open while `value` is not null; the
 * form mounts only then, and again for each `formKey`, so each opening starts from its defaults.
 */
export function FormDialog<T>({
  value,
  formKey,
  title,
  description,
  onClose,
  className,
  headerClassName,
  record,
  recordClassName,
  onOpenAutoFocus,
  children,
}: {
  /** What the dialog is open for (an item, a mode, or `true`); null closes it. */
  value: T | null;
  /** Which item the form edits: a new key remounts the form with that item's values. */
  formKey?: (value: T) => string;
  title: string;
  description: ReactNode;
  onClose: () => void;
  className?: string;
  headerClassName?: string;
  /** The record an edit saves (its kind as History names it): a change by someone else is said above the form. */
  record?: (value: T) => { resource: string; id: string } | null;
  /** Where that notice sits in a dialog without padding. */
  recordClassName?: string;
  /** Focus on opening other than the first field's (Radix's event; `preventDefault` keeps it off the first). */
  onOpenAutoFocus?: (event: Event) => void;
  children: (value: T, dialog: { onDone: () => void; reportDirty: (dirty: boolean) => void }) => ReactNode;
}) {
  const { onOpenChange, reportDirty } = useDirtyDialog(onClose);
  return (
    <Dialog open={value !== null} onOpenChange={onOpenChange}>
      <DialogContent className={className} onOpenAutoFocus={onOpenAutoFocus}>
        <DialogHeader className={headerClassName}>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {value !== null && (
          <Fragment key={formKey?.(value)}>
            {record?.(value) && <RecordChangedNotice {...record(value)!} className={recordClassName} />}
            {children(value, { onDone: onClose, reportDirty })}
          </Fragment>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Cancel and the form's submit button (busy while it saves). */
export function FormDialogFooter({
  submit,
  busy = false,
  form,
  className,
}: {
  submit: ReactNode;
  /** Cancel waits while a save runs. */
  busy?: boolean;
  /** The `id` of the form it submits, when the footer is outside it (`Form`'s `after`). */
  form?: string;
  className?: string;
}) {
  // A change chosen to wait ("Apply at…", docs/PRODUCT-RULES.md#scheduled-changes) is scheduled, not saved.
  const scheduled = applyAtChosen(useFormContext<{ applyAt?: WindowEndValue }>()?.watch("applyAt"));
  return (
    <DialogFooter className={cn(className)}>
      <DialogClose asChild>
        <Button variant="outline" disabled={busy}>
          Cancel
        </Button>
      </DialogClose>
      <SubmitButton form={form}>{scheduled ? "Schedule change" : submit}</SubmitButton>
    </DialogFooter>
  );
}
