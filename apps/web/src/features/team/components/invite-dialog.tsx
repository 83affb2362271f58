import { inviteBody } from "@backoffice/contracts/team";
import type { z } from "zod";
import { applyServerErrors, contractResolver, Form, fieldOf, useDialogForm } from "@/components/form";
import { FormDialog, FormDialogFooter } from "@/components/form-dialog";
import { Input } from "@/components/ui/input";
import { toastError, toastSuccess } from "@/lib/toast";
import { useInvite } from "../api/team";
import { teamMessages as texts } from "../utils/team-texts";
import { AccessFields } from "./access-fields";

type InviteValues = z.input<typeof inviteBody>;
const InviteField = fieldOf<InviteValues>();

/** Invite a member: their address, level and sites; the invitation link is mailed. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <FormDialog
      value={open || null}
      title={texts.invite}
      description={texts.inviteDescription}
      onClose={onClose}
    >
      {(_, dialog) => <InviteForm {...dialog} />}
    </FormDialog>
  );
}

function InviteForm({ onDone, reportDirty }: { onDone: () => void; reportDirty: (dirty: boolean) => void }) {
  const form = useDialogForm<InviteValues, z.output<typeof inviteBody>>(
    { resolver: contractResolver(inviteBody), defaultValues: { email: "", level: "editor", sites: null } },
    reportDirty,
  );
  const invite = useInvite();
  const onSubmit = async (values: z.output<typeof inviteBody>) => {
    try {
      const answer = await invite.mutateAsync(values);
      toastSuccess(texts.invited, answer.message);
      onDone();
    } catch (error) {
      if (!applyServerErrors(form, error))
        toastError(texts.inviteFailed, error, "Nothing was sent. Try again.");
    }
  };
  return (
    <Form form={form} onSubmit={onSubmit} aria-label={texts.invite} className="grid gap-4">
      <InviteField name="email" label="Email">
        <Input type="email" autoComplete="off" inputMode="email" />
      </InviteField>
      <AccessFields form={form} />
      <FormDialogFooter submit="Send invitation" busy={form.formState.isSubmitting} />
    </Form>
  );
}
