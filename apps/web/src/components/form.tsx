/**
 * The one form idiom (docs/PRODUCT-RULES.md#forms-dialogs-and-lists): react-hook-form with
 * `contractResolver` on the contract's schema, and fields that read their own error from the form
 * context. A refused field shows the dashboard's words for its code (lib/field-messages.ts), whether
 * the schema refused it here or the server did; a form whose schema is the dashboard's own, with its
 * own words, takes `zodResolver`.
 *
 *   const form = useForm({ resolver: contractResolver(schema), defaultValues });
 *   <Form form={form} onSubmit={save} aria-label="Edit Ad">
 *     <Field name="url" label="Domain URL *"><Input type="url" /></Field>        // plain input
 *     <Field name="isActive" label="Active">{(field) => <Switch checked={field.value}
 *        onCheckedChange={field.onChange} />}</Field>                             // any control
 *     <SubmitButton>Save</SubmitButton>
 *   </Form>
 *
 * `save` may throw: an `ApiError` whose `errors[]` name fields of the form puts each message at
 * its field (`applyServerErrors`); the submit button is busy and disabled while `save` runs, so
 * nothing is sent twice.
 */
import { fieldErrorOf, valueAt } from "@backoffice/contracts/field-errors";
import { toNestErrors, validateFieldsNatively } from "@hookform/resolvers";
import { cloneElement, type ReactElement, type ReactNode, useCallback, useEffect, useRef } from "react";
import {
  type ControllerRenderProps,
  type FieldError,
  type FieldPath,
  type FieldValues,
  FormProvider,
  type Resolver,
  type SubmitErrorHandler,
  type UseFormProps,
  type UseFormReturn,
  useController,
  useForm,
  useFormContext,
  useFormState,
} from "react-hook-form";
import { useBlocker } from "react-router";
import type { z } from "zod";
import { useConfirm } from "@/components/confirm-dialog";
import { type ControlProps, FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { fieldMessage } from "@/lib/field-messages";

type FormProps<T extends FieldValues, Out> = Omit<React.ComponentProps<"form">, "onSubmit" | "onInvalid"> & {
  /** `useForm<Input, unknown, Output>`: the fields hold `Input`, the schema hands `Output` to `onSubmit`. */
  form: UseFormReturn<T, unknown, Out>;
  onSubmit: (values: Out) => unknown;
  /** Called when the schema refuses the values (after each field shows its own error). */
  onInvalid?: SubmitErrorHandler<T>;
  /**
   * Shown after the `<form>`, outside it, with the form's context: a section with a form of its own
   * (HTML has no nested forms, and React bubbles a submit through portals to the outer form), then
   * the footer, whose submit button names this form by its `id` (`form` attribute).
   */
  after?: ReactNode;
};

/** A `<form>` bound to a react-hook-form instance; fields inside read it from context. */
export function Form<T extends FieldValues, Out extends FieldValues = T>({
  form,
  onSubmit,
  onInvalid,
  after,
  children,
  ...props
}: FormProps<T, Out>) {
  return (
    <FormProvider {...form}>
      <form noValidate {...props} onSubmit={form.handleSubmit(onSubmit, onInvalid)}>
        {children}
      </form>
      {after}
    </FormProvider>
  );
}

type FieldProps<T extends FieldValues, N extends FieldPath<T>> = {
  name: N;
  label: string;
  hint?: string;
  className?: string;
  labelAction?: ReactNode;
  /**
   * Messages the form states once for all fields (the apps dialog's one "fill all the fields"):
   * the field is marked invalid without repeating them.
   */
  statedByForm?: (message: string) => boolean;
  /** Fields to check again when this one changes (a rule that spans both, like It and Key). */
  deps?: FieldPath<T>[];
  /**
   * The control: an element (an input or textarea, which gets value, onChange, onBlur, name, ref,
   * id and aria props) or, for controls with their own API (switch, select, checkbox), a function
   * of the field and of the `control` props (id, aria-invalid, aria-describedby) to put on the
   * element the label names.
   */
  children: ReactElement | ((field: ControllerRenderProps<T, N>, control: ControlProps) => ReactElement);
};

/** A labelled control with its hint and its own error, wired for assistive technology. */
export function Field<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>>({
  name,
  children,
  statedByForm,
  deps,
  ...layout
}: FieldProps<T, N>) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control, rules: deps ? { deps } : undefined });
  const message = fieldState.error?.message;
  const invalid = message !== undefined;
  const error = message !== undefined && statedByForm?.(message) ? undefined : message;
  if (typeof children === "function") {
    return (
      <FormField {...layout} error={error} invalid={invalid}>
        {(control) => children(field, control)}
      </FormField>
    );
  }
  return (
    <FormField {...layout} error={error} invalid={invalid}>
      {cloneElement(children as ReactElement<Record<string, unknown>>, {
        name: field.name,
        value: field.value ?? "",
        onChange: field.onChange,
        onBlur: field.onBlur,
        ref: field.ref,
      })}
    </FormField>
  );
}

/** `Field` bound to one form's values, so each field's control is typed by its name. */
export function fieldOf<T extends FieldValues>() {
  return Field as <N extends FieldPath<T>>(props: FieldProps<T, N>) => ReactElement;
}

/** The form's primary action: busy and disabled while the submission runs. */
export function SubmitButton({ children, disabled, ...props }: React.ComponentProps<typeof Button>) {
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      disabled={disabled || isSubmitting}
      aria-busy={isSubmitting || undefined}
      {...props}
    >
      {isSubmitting && <Spinner />}
      {children}
    </Button>
  );
}

/**
 * react-hook-form's resolver for a contract's schema: the schema's first refusal of each field, as
 * its code (the error's `type`) and the dashboard's words for it, the same as the server's refusal of
 * that field would show (`applyServerErrors`).
 */
export function contractResolver<In extends FieldValues, Out>(
  schema: z.ZodType<Out, In>,
): Resolver<In, unknown, Out> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const name = issue.path.join(".");
      if (errors[name]) continue;
      const detail = fieldErrorOf(issue, valueAt(values, issue.path));
      errors[name] = { type: detail.code, message: fieldMessage({ ...detail, message: issue.message }) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/**
 * Puts the field errors of a refused save at their fields, in the dashboard's words for their codes. Returns true when at least one
 * error named a field of this form, so the caller can skip repeating it in a toast.
 */
export function applyServerErrors<T extends FieldValues, Out>(
  form: UseFormReturn<T, unknown, Out>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const known = new Set(Object.keys(form.getValues()));
  let placed = false;
  for (const refused of error.errors) {
    const field = refused.path.replace(/\[(\d+)\]/g, ".$1");
    if (!known.has(field.split(".")[0] ?? "")) continue;
    form.setError(
      field as FieldPath<T>,
      { type: refused.code ?? "server", message: fieldMessage(refused) },
      { shouldFocus: !placed },
    );
    placed = true;
  }
  return placed;
}

const DISCARD = {
  title: "Discard unsaved changes?",
  description: "The changes you made in this form will be lost.",
  confirmText: "Discard",
  cancelText: "Keep editing",
} as const;

/**
 * The unsaved-changes guard of a dialog holding a form: `onOpenChange` for the Dialog asks before a
 * dirty form is closed (Escape, Cancel, the close button); `reportDirty` goes to the form inside,
 * which calls it with its `isDirty` (see `useReportDirty`).
 */
export function useDirtyDialog(onClose: () => void) {
  const confirm = useConfirm();
  const dirty = useRef(false);
  const reportDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const onOpenChange = async (open: boolean) => {
    if (open) return;
    if (dirty.current && !(await confirm(DISCARD))) return;
    dirty.current = false;
    onClose();
  };
  return { onOpenChange, reportDirty };
}

/** `useForm` for a form inside a `FormDialog`: tells the dialog whether it has unsaved changes. */
export function useDialogForm<T extends FieldValues, Out = T>(
  options: UseFormProps<T, unknown, Out>,
  reportDirty: (dirty: boolean) => void,
): UseFormReturn<T, unknown, Out> {
  const form = useForm<T, unknown, Out>(options);
  const { isDirty } = form.formState;
  useEffect(() => reportDirty(isDirty), [isDirty, reportDirty]);
  return form;
}

/** Asks before leaving the page while a form on it has unsaved changes (links, Back, the sidebar). */
export function useLeaveGuard(isDirty: boolean) {
  const confirm = useConfirm();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    return isDirty && currentLocation.pathname !== nextLocation.pathname;
  });
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    confirm(DISCARD).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, confirm]);
}
