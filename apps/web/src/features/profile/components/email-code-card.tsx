import { confirmEmailBody, type User } from "@backoffice/contracts";
import { MailCheck } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { applyServerErrors, contractResolver, Field, Form, SubmitButton } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { serverMessageOf } from "@/lib/api-client";
import { toastError, toastSuccess } from "@/lib/toast";
import { useConfirmEmail } from "../api/update-profile";
import { profileMessages } from "../profile-rules";

type CodeInput = z.input<typeof confirmEmailBody>;

/**
 * The code step of an email change: the new address takes effect once the code mailed to it is
 * entered (docs/PRODUCT-RULES.md#passwords-and-the-profile). Its own form beside the profile's,
 * never inside it; focus moves to the code when it appears.
 */
export function EmailCodeCard({
  pendingEmail,
  onConfirmed,
  onCancel,
}: {
  pendingEmail: string;
  onConfirmed: (user: User) => void;
  onCancel: () => void;
}) {
  const form = useForm<CodeInput>({
    resolver: contractResolver(confirmEmailBody),
    defaultValues: { code: "" },
  });
  const confirm = useConfirmEmail();
  useEffect(() => {
    form.setFocus("code");
  }, [form]);

  const onSubmit = async (values: CodeInput) => {
    try {
      const answer = await confirm.mutateAsync(values);
      onConfirmed(answer.data.user);
      toastSuccess(profileMessages.emailChanged, answer.message, undefined, { key: "email-change" });
    } catch (error) {
      if (applyServerErrors(form, error)) return;
      const message = serverMessageOf(error, "");
      // A wrong or used-up code is said at the code, once.
      if (message) form.setError("code", { type: "server", message }, { shouldFocus: true });
      else toastError(profileMessages.failed, error, undefined, "email-change");
    }
  };

  return (
    <Card aria-live="polite">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MailCheck className="size-4 text-muted-foreground" aria-hidden="true" />
          Confirm Your New Email
        </CardTitle>
        <CardDescription>
          Enter the code we sent to{" "}
          <span className="font-medium break-all text-foreground">{pendingEmail}</span>. Until then you keep
          signing in with your current email.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          onSubmit={onSubmit}
          aria-label="Confirm new email"
          className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end"
        >
          <Field name="code" label="Code">
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="6-digit code"
            />
          </Field>
          <div className="flex gap-2">
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <SubmitButton>Confirm Email</SubmitButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
