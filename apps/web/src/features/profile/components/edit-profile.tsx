import { AUTH_MESSAGES } from "@backoffice/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Check, Circle, KeyRound, type LucideIcon, Mail } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Form, SubmitButton, useLeaveGuard } from "@/components/form";
import { FormField } from "@/components/form-field";
import { PageHeader } from "@/components/layout/page-header";
import { PasswordInput } from "@/components/password-input";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { serverMessageOf } from "@/lib/api-client";
import { getSession, updateSessionUser } from "@/lib/session";
import { toast, toastError, toastSuccess } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useUpdateProfile } from "../api/update-profile";
import {
  canUpdateProfile,
  MIN_PASSWORD_LENGTH,
  type ProfileFormInput,
  type ProfileFormValues,
  passwordRequirements,
  profileFormSchema,
  profileMessages,
} from "../profile-rules";
import { EmailCodeCard } from "./email-code-card";

/** Edit Profile: the email card, the change-password card with its live checklist. */
export function EditProfile() {
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { email: getSession()?.user.email ?? "", password: "", confirm: "", currentPassword: "" },
  });
  const [email = "", password = "", confirm = ""] = useWatch({
    control: form.control,
    name: ["email", "password", "confirm"],
  });
  const passwordBlurred = form.formState.touchedFields.password === true;
  useLeaveGuard(form.formState.isDirty);
  const update = useUpdateProfile();
  // A new email waiting for the code mailed to it (the server keeps the current one until then).
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const signedInEmail = getSession()?.user.email ?? "";
  const currentError = form.formState.errors.currentPassword?.message;

  const mismatch = confirm.length > 0 && password !== confirm;
  const weak = passwordBlurred && password.length > 0 && password.length < MIN_PASSWORD_LENGTH;
  const enabled = canUpdateProfile(email.trim(), password, confirm);

  const onSubmit = async ({ email, password, currentPassword }: ProfileFormValues) => {
    // A new password or email needs the current password; asked here before the server does.
    const changesCredentials = password !== "" || email.trim().toLowerCase() !== signedInEmail.toLowerCase();
    if (changesCredentials && currentPassword === "") {
      form.setError("currentPassword", { message: profileMessages.currentNeeded }, { shouldFocus: true });
      return;
    }
    try {
      const answer = await update.mutateAsync({ email, password, currentPassword });
      const user = answer.data?.user;
      if (user) updateSessionUser(user);
      form.reset({ email: user?.email ?? email, password: "", confirm: "", currentPassword: "" });
      const pending = answer.data?.pendingEmail ?? null;
      setPendingEmail(pending);
      // A new email: the code card says what to do next (and takes focus); a toast would say it twice.
      if (!pending || password)
        toastSuccess(profileMessages.updated, pending ? undefined : answer.message, undefined, {
          key: "profile-save",
        });
    } catch (error) {
      // A wrong current password is said at its field only.
      if (serverMessageOf(error, "") === AUTH_MESSAGES.currentPasswordIncorrect) {
        form.setError(
          "currentPassword",
          { message: AUTH_MESSAGES.currentPasswordIncorrect },
          { shouldFocus: true },
        );
        return;
      }
      toastError(profileMessages.failed, error, undefined, "profile-save");
    }
  };
  const onInvalid = () =>
    toast({ ...(mismatch ? profileMessages.mismatch : profileMessages.weak), variant: "destructive" });

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader title="Edit Profile" description="Update your email address and password." />
      {pendingEmail && (
        <EmailCodeCard
          pendingEmail={pendingEmail}
          onCancel={() => setPendingEmail(null)}
          onConfirmed={(user) => {
            updateSessionUser(user);
            setPendingEmail(null);
            form.reset({ email: user.email, password: "", confirm: "", currentPassword: "" });
          }}
        />
      )}
      <Form
        form={form}
        onSubmit={onSubmit}
        onInvalid={onInvalid}
        className="grid gap-6"
        aria-label="Edit profile"
      >
        <Section
          icon={Mail}
          title="Email Address"
          description="The address you sign in with and receive reset codes at. A new address takes effect once you enter the code we mail to it."
        >
          <FormField
            label="Email"
            error={email.length > 0 && !email.includes("@") ? "Enter a valid email address." : undefined}
          >
            <Input type="email" autoComplete="email" {...form.register("email")} />
          </FormField>
        </Section>

        <Section
          icon={KeyRound}
          title="Change Password"
          description="Leave the new password empty to keep your current one. Changing your password or email needs your current password."
          className="grid gap-5 md:grid-cols-2"
        >
          <div className="grid content-start gap-5">
            <FormField label="Current Password" error={currentError}>
              <PasswordInput
                what="current"
                autoComplete="current-password"
                placeholder="Your current password"
                {...form.register("currentPassword")}
              />
            </FormField>
            {(
              [
                ["password", "New Password", "Enter a new password", weak],
                ["confirm", "Confirm New Password", "Repeat the new password", mismatch],
              ] as const
            ).map(([name, label, placeholder, invalid]) => (
              <FormField key={name} label={label} invalid={invalid}>
                <PasswordInput
                  autoComplete="new-password"
                  placeholder={placeholder}
                  {...form.register(name)}
                />
              </FormField>
            ))}
            <div aria-live="polite" className="grid gap-2 empty:hidden">
              {mismatch && <InlineProblem {...profileMessages.mismatch} />}
              {weak && <InlineProblem {...profileMessages.weak} />}
            </div>
          </div>
          <Requirements password={password} />
        </Section>

        <div className="flex justify-end">
          <SubmitButton disabled={!enabled} className="w-full sm:w-auto">
            {form.formState.isSubmitting ? "Updating Profile..." : "Update Profile"}
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}

function InlineProblem({ title, description }: { title: string; description: string }) {
  return (
    <div className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm">
      <p className="font-medium text-destructive">{title}</p>
      <p className="text-destructive/90">{description}</p>
    </div>
  );
}

function Requirements({ password }: { password: string }) {
  return (
    <section aria-labelledby="password-requirements" className="self-start rounded-lg border bg-muted/40 p-4">
      <h3 id="password-requirements" className="mb-3 text-sm font-medium">
        Password Requirements
      </h3>
      <ul className="grid gap-2 text-sm">
        {passwordRequirements(password).map((item) => (
          <li
            key={item.label}
            data-met={item.met}
            className={cn(
              "flex items-center gap-2",
              item.met ? "text-[oklch(0.45_0.13_150)]" : "text-muted-foreground",
            )}
          >
            {item.met ? (
              <Check className="size-4" aria-hidden="true" />
            ) : (
              <Circle className="size-4" aria-hidden="true" />
            )}
            <span>{item.label}</span>
            <span className="sr-only">{item.met ? "(met)" : "(not met)"}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A card of the profile form: an icon and title, what it changes, and its fields. */
function Section({
  icon: Icon,
  title,
  description,
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  );
}
