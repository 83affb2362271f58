import { type ContactMessage, type ContactReplyBody, contactReplyBody } from "@backoffice/contracts";
import { Mail, Send } from "lucide-react";
import { useWatch } from "react-hook-form";
import {
  applyServerErrors,
  contractResolver,
  Form,
  fieldOf,
  SubmitButton,
  useDialogForm,
} from "@/components/form";
import { type DialogFormProps, FormDialog } from "@/components/form-dialog";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastError } from "@/lib/toast";
import type { SiteSettings } from "@/sites";
import { useSendReply } from "../api/contacts";
import { mailtoOf, quotedOriginal, replyMessages, replySubject } from "../utils/reply";

/** Where a reply leaves from: the api's mail server (SMTP) and its sender, or the admin's mail app. */
export type ReplyMail = { smtp: boolean; from: string };

const ReplyField = fieldOf<ContactReplyBody>();

/**
 * Reply to a contact message: "Re: <subject>" and the original quoted, sent by the api through
 * SMTP from its sender address; without SMTP, the same text opens in the admin's mail app
 * (docs/PRODUCT-RULES.md#contacts-get-answered).
 */
export function ReplyDialog({
  site,
  contact,
  mail,
  onClose,
}: {
  site: SiteSettings;
  contact: ContactMessage | null;
  mail: ReplyMail;
  onClose: () => void;
}) {
  return (
    <FormDialog
      value={contact}
      formKey={(value) => value._id}
      title={replyMessages.title}
      description={
        contact ? replyMessages.description(contact.email, mail.smtp ? mail.from : "your mail app") : ""
      }
      onClose={onClose}
      className="sm:max-w-xl"
      onOpenAutoFocus={focusMessageEnd}
    >
      {(value, dialog) => <ReplyForm site={site} contact={value} mail={mail} {...dialog} />}
    </FormDialog>
  );
}

/**
 * The dialog opens in the message, its caret after the quote, where the reply is written: not in
 * Subject, whose text the first field's focus would select, so typing would replace it.
 */
function focusMessageEnd(event: Event) {
  const message = (event.target as HTMLElement | null)?.querySelector?.<HTMLTextAreaElement>(
    'textarea[name="message"]',
  );
  if (!message) return;
  event.preventDefault();
  message.focus();
  const end = message.value.length;
  message.setSelectionRange(end, end);
  message.scrollTop = message.scrollHeight;
}

function ReplyForm({
  site,
  contact,
  mail,
  onDone,
  reportDirty,
}: DialogFormProps<{ contact: ContactMessage; mail: ReplyMail }>) {
  const form = useDialogForm<ContactReplyBody>(
    {
      resolver: contractResolver(contactReplyBody),
      defaultValues: { subject: replySubject(contact.subject), message: quotedOriginal(contact) },
    },
    reportDirty,
  );
  const send = useSendReply(site);
  const [subject, message] = useWatch({ control: form.control, name: ["subject", "message"] });

  const onSubmit = async (reply: ContactReplyBody) => {
    try {
      await send.mutateAsync({ id: contact._id, reply });
      toast({ ...replyMessages.sent(contact.email), variant: "success", key: "contact-reply" });
      onDone();
    } catch (error) {
      if (!applyServerErrors(form, error))
        toastError(replyMessages.failed.title, error, replyMessages.failed.description, "contact-reply");
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Reply" className="grid gap-4">
      <ReplyField name="subject" label="Subject">
        <Input autoComplete="off" />
      </ReplyField>
      <ReplyField name="message" label="Message">
        <Textarea rows={10} className="max-h-[50vh] font-mono text-sm" />
      </ReplyField>
      {!mail.smtp && (
        <p role="note" className="rounded-md border bg-muted/40 p-3 text-sm">
          {replyMessages.noSmtp}
        </p>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        {mail.smtp ? (
          <SubmitButton>
            <Send aria-hidden="true" />
            {replyMessages.send}
          </SubmitButton>
        ) : (
          <Button asChild>
            <a
              href={mailtoOf(contact.email, subject ?? "", message ?? "")}
              onClick={() => {
                toast({ ...replyMessages.opened(contact.email), variant: "success", key: "contact-reply" });
                onDone();
              }}
            >
              <Mail aria-hidden="true" />
              {replyMessages.openMailApp}
            </a>
          </Button>
        )}
      </DialogFooter>
    </Form>
  );
}
