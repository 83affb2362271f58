import { memberAccessBody, type TeamMember } from "@backoffice/contracts/team";
import type { z } from "zod";
import { applyServerErrors, contractResolver, Form, useDialogForm } from "@/components/form";
import { FormDialog, FormDialogFooter } from "@/components/form-dialog";
import { toastError, toastSuccess } from "@/lib/toast";
import { useChangeAccess } from "../api/team";
import { teamMessages as texts } from "../utils/team-texts";
import { AccessFields } from "./access-fields";

type AccessFormValues = z.input<typeof memberAccessBody>;

/** Change a member's level and sites. */
export function AccessDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  return (
    <FormDialog
      value={member}
      formKey={(member) => member._id}
      title={member ? texts.access(member.email) : ""}
      description={texts.accessDescription}
      onClose={onClose}
    >
      {(member, dialog) => <AccessForm member={member} {...dialog} />}
    </FormDialog>
  );
}

function AccessForm({
  member,
  onDone,
  reportDirty,
}: {
  member: TeamMember;
  onDone: () => void;
  reportDirty: (dirty: boolean) => void;
}) {
  const form = useDialogForm<AccessFormValues, z.output<typeof memberAccessBody>>(
    {
      resolver: contractResolver(memberAccessBody),
      defaultValues: { level: member.level, sites: member.sites },
    },
    reportDirty,
  );
  const change = useChangeAccess();
  const onSubmit = async (values: z.output<typeof memberAccessBody>) => {
    try {
      const answer = await change.mutateAsync({ id: member._id, ...values });
      toastSuccess(texts.accessSaved, answer.message);
      onDone();
    } catch (error) {
      if (!applyServerErrors(form, error))
        toastError(texts.accessFailed, error, "Nothing changed. Try again.");
    }
  };
  return (
    <Form form={form} onSubmit={onSubmit} aria-label={texts.access(member.email)} className="grid gap-4">
      <AccessFields form={form} />
      <FormDialogFooter submit="Save" busy={form.formState.isSubmitting} />
    </Form>
  );
}
