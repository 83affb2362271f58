import { totpCodeBody, totpDisableBody } from "@backoffice/contracts/second-factor";
import { KeyRound, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { applyServerErrors, contractResolver, Field, Form, SubmitButton } from "@/components/form";
import { FormDialog } from "@/components/form-dialog";
import { PasswordInput } from "@/components/password-input";
import { ErrorState } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { toastError, toastSuccess } from "@/lib/toast";
import {
  type TotpSetup,
  useConfirmTotp,
  useDisableTotp,
  useNewRecoveryCodes,
  useSecondFactor,
  useStartTotp,
} from "../api/second-factor";
import { SectionSkeleton } from "./section-skeleton";

type CodeInput = z.input<typeof totpCodeBody>;
type CodeValues = z.output<typeof totpCodeBody>;

function CodeInputField() {
  return (
    <Field<CodeInput> name="code" label="6-digit code" hint="From your authenticator app.">
      <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} className="max-w-40" />
    </Field>
  );
}

/** A one-code form: set-up confirmation and new recovery codes. */
function CodeForm({
  label,
  submit,
  onCode,
}: {
  label: string;
  submit: string;
  onCode: (code: string) => Promise<void>;
}) {
  const form = useForm<CodeInput, unknown, CodeValues>({
    resolver: contractResolver(totpCodeBody),
    defaultValues: { code: "" },
  });
  const save = async ({ code }: CodeValues) => {
    try {
      await onCode(code);
    } catch (error) {
      if (!applyServerErrors(form, error))
        form.setError("code", { type: "server", message: (error as Error).message }, { shouldFocus: true });
    }
  };
  return (
    <Form form={form} onSubmit={save} aria-label={label} className="grid gap-3">
      <CodeInputField />
      <SubmitButton className="justify-self-start">{submit}</SubmitButton>
    </Form>
  );
}

/** The recovery codes, shown once after they are made. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section className="grid gap-3" aria-label="Recovery codes">
      <p className="text-sm">
        Keep these 10 recovery codes somewhere safe. Each signs you in once if you lose your authenticator.
        They are shown only now.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm" aria-label="Your recovery codes">
        {codes.map((code) => (
          <li key={code} className="rounded border bg-muted px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() =>
            navigator.clipboard
              ?.writeText(codes.join("\n"))
              .then(() => toastSuccess("Recovery codes copied", "Paste them somewhere safe."))
          }
        >
          Copy codes
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </section>
  );
}

/** Scan the QR code (or type the secret), then confirm with one code. */
function TotpSetupSteps({ setup, onCodes }: { setup: TotpSetup; onCodes: (codes: string[]) => void }) {
  const confirm = useConfirmTotp();
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_1fr]">
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code to scan with your authenticator app"
        className="size-44 rounded bg-white p-2"
      />
      <div className="grid content-start gap-3">
        <p className="text-sm">
          Scan the QR code with an authenticator app, or enter this key in it:{" "}
          <code className="break-all rounded bg-muted px-1 font-mono" data-testid="totp-secret">
            {setup.secret}
          </code>
        </p>
        <CodeForm
          label="Confirm two-step verification"
          submit="Turn on"
          onCode={async (code) => {
            const codes = await confirm.mutateAsync(code);
            toastSuccess("Two-step verification is on", "Sign-ins now ask for a code from your app.");
            onCodes(codes);
          }}
        />
      </div>
    </div>
  );
}

type DisableInput = z.input<typeof totpDisableBody>;
type DisableValues = z.output<typeof totpDisableBody>;

function DisableForm({ onDone }: { onDone: () => void }) {
  const disable = useDisableTotp();
  const form = useForm<DisableInput, unknown, DisableValues>({
    resolver: contractResolver(totpDisableBody),
    defaultValues: { password: "", code: "" },
  });
  const save = async (values: DisableValues) => {
    try {
      await disable.mutateAsync(values);
      toastSuccess("Two-step verification is off", "Sign-ins no longer ask for a code.");
      onDone();
    } catch (error) {
      if (!applyServerErrors(form, error)) toastError("Could not turn off two-step verification", error);
    }
  };
  return (
    <Form form={form} onSubmit={save} aria-label="Turn off two-step verification" className="grid gap-3">
      <Field<DisableInput> name="password" label="Password">
        <PasswordInput autoComplete="current-password" />
      </Field>
      <CodeInputField />
      <SubmitButton variant="destructive" className="justify-self-start">
        Turn off
      </SubmitButton>
    </Form>
  );
}

/**
 * Two-step verification (docs/PRODUCT-RULES.md#second-factor): TOTP from an authenticator app, set up
 * with a QR code and confirmed by one code; 10 recovery codes shown once; new codes and turning it
 * off each need a code (and the password to turn off).
 */
export function TwoStepSection() {
  const query = useSecondFactor();
  const start = useStartTotp();
  const regenerate = useNewRecoveryCodes();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<"codes" | "off" | null>(null);

  const onStart = async () => {
    try {
      setSetup(await start.mutateAsync(undefined));
    } catch (error) {
      toastError("Could not start the set-up", error);
    }
  };

  let body: React.ReactNode;
  if (query.isPending) body = <SectionSkeleton />;
  else if (query.isError && !query.data)
    body = (
      <ErrorState
        title="Your sign-in factors could not be loaded"
        description="Check your connection and try again."
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (codes)
    body = (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          setSetup(null);
        }}
      />
    );
  else if (query.data.totp)
    body = (
      <div className="grid gap-3">
        <p className="flex items-center gap-2 text-sm">
          <Badge>On</Badge> Sign-ins ask for a code from your authenticator app.{" "}
          {query.data.recoveryCodesLeft === 1
            ? "1 recovery code left."
            : `${query.data.recoveryCodesLeft} recovery codes left.`}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setDialog("codes")}>
            <KeyRound aria-hidden /> New recovery codes
          </Button>
          <Button variant="outline" onClick={() => setDialog("off")}>
            Turn off
          </Button>
        </div>
      </div>
    );
  else if (setup) body = <TotpSetupSteps setup={setup} onCodes={setCodes} />;
  else
    body = (
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          Off. Add a code from an authenticator app to every sign-in, so that a stolen password is not enough.
        </p>
        <Button className="justify-self-start" onClick={onStart} disabled={start.isPending}>
          <ShieldCheck aria-hidden /> Set up two-step verification
        </Button>
      </div>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-step verification</CardTitle>
        <CardDescription>A code from an authenticator app after your password.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.data?.setupNeeded && (
          <p role="alert" className="rounded-md border border-destructive px-3 py-2 text-sm">
            An Owner requires a second factor for every member. Set up two-step verification or add a passkey
            to continue.
          </p>
        )}
        {body}
      </CardContent>
      <FormDialog
        value={dialog === "codes" ? true : null}
        title="New recovery codes"
        description="Your current recovery codes stop working. Enter a code from your app to make 10 new ones."
        onClose={() => setDialog(null)}
      >
        {() => (
          <CodeForm
            label="New recovery codes"
            submit="Make new codes"
            onCode={async (code) => {
              setCodes(await regenerate.mutateAsync(code));
              setDialog(null);
            }}
          />
        )}
      </FormDialog>
      <FormDialog
        value={dialog === "off" ? true : null}
        title="Turn off two-step verification?"
        description="Sign-ins will ask for your password only. Enter your password and a code from your app."
        onClose={() => setDialog(null)}
      >
        {() => <DisableForm onDone={() => setDialog(null)} />}
      </FormDialog>
    </Card>
  );
}
