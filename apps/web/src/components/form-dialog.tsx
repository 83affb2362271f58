import type { ReactNode } from "react";
import { SubmitButton, useDirtyDialog } from "@/components/form";
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
import { cn } from "@/lib/utils";

/**
 * A dialog holding one form: title, description, and the form, which gets `reportDirty` so that
 * closing it with unsaved changes asks first. The form mounts only while the dialog is open, so
 * each opening starts from its defaults (give it a `key` per item edited).
 */
export function FormDialog({
  open,
  title,
  description,
  onClose,
  className,
  headerClassName,
  children,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  onClose: () => void;
  className?: string;
  headerClassName?: string;
  children: (reportDirty: (dirty: boolean) => void) => ReactNode;
}) {
  const { onOpenChange, reportDirty } = useDirtyDialog(onClose);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader className={headerClassName}>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open && children(reportDirty)}
      </DialogContent>
    </Dialog>
  );
}

/** Cancel and the form's submit button (busy while it saves). */
export function FormDialogFooter({
  submit,
  busy = false,
  className,
}: {
  submit: ReactNode;
  /** Cancel waits while a save runs. */
  busy?: boolean;
  className?: string;
}) {
  return (
    <DialogFooter className={cn(className)}>
      <DialogClose asChild>
        <Button variant="outline" disabled={busy}>
          Cancel
        </Button>
      </DialogClose>
      <SubmitButton>{submit}</SubmitButton>
    </DialogFooter>
  );
}
