import { type Passkey, passkeyRenameBody } from "@backoffice/contracts/second-factor";
import { Fingerprint, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useConfirm } from "@/components/confirm-dialog";
import { applyServerErrors, contractResolver, Field, Form } from "@/components/form";
import { FormDialog, FormDialogFooter } from "@/components/form-dialog";
import { ErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { formatDateTime } from "@/lib/format";
import { toastError, toastSuccess } from "@/lib/toast";
import { useAddPasskey, useRemovePasskey, useRenamePasskey, useSecondFactor } from "../api/second-factor";
import { SectionSkeleton } from "./section-skeleton";

type NameInput = z.input<typeof passkeyRenameBody>;
type NameValues = z.output<typeof passkeyRenameBody>;

/** The browser's own refusal (cancelled, timed out) says so in plain words. */
function passkeyError(error: unknown): unknown {
  return error instanceof Error && error.name === "NotAllowedError"
    ? new Error("The passkey request was cancelled or timed out.")
    : error;
}

function NameForm({
  name,
  submit,
  onName,
}: {
  name: string;
  submit: string;
  onName: (name: string) => Promise<void>;
}) {
  const form = useForm<NameInput, unknown, NameValues>({
    resolver: contractResolver(passkeyRenameBody),
    defaultValues: { name },
  });
  const save = async ({ name }: NameValues) => {
    try {
      await onName(name);
    } catch (error) {
      if (!applyServerErrors(form, error))
        toastError(`Could not ${submit.toLowerCase()}`, passkeyError(error));
    }
  };
  return (
    <Form form={form} onSubmit={save} aria-label={submit} className="grid gap-4">
      <Field<NameInput> name="name" label="Name" hint="Which device or key this is, e.g. Work laptop.">
        <Input autoComplete="off" />
      </Field>
      <FormDialogFooter submit={submit} />
    </Form>
  );
}

/**
 * Passkeys (docs/PRODUCT-RULES.md#second-factor): several per member, each named; a passkey signs in
 * alone and counts as two factors. Add (the browser's WebAuthn ceremony), rename, remove.
 */
export function PasskeysSection() {
  const query = useSecondFactor();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const confirm = useConfirm();
  const [dialog, setDialog] = useState<{ mode: "add" } | { mode: "rename"; passkey: Passkey } | null>(null);

  const onRemove = async (passkey: Passkey) => {
    const confirmed = await confirm({
      title: `Remove the passkey ${passkey.name}?`,
      description: "It will no longer sign you in. You can add it again later.",
      confirmText: "Remove",
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(passkey.id);
      toastSuccess("Passkey removed", `${passkey.name} no longer signs you in.`);
    } catch (error) {
      toastError("Could not remove the passkey", error);
    }
  };

  const addButton = (
    <Button onClick={() => setDialog({ mode: "add" })}>
      <Plus aria-hidden /> Add a passkey
    </Button>
  );

  let body: React.ReactNode;
  if (query.isPending) body = <SectionSkeleton lines={2} />;
  else if (query.isError && !query.data)
    body = (
      <ErrorState
        title="Your passkeys could not be loaded"
        description="Check your connection and try again."
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (query.data.passkeys.length === 0)
    body = (
      <div className="grid gap-3">
        <div className="grid gap-1 text-sm">
          <p className="font-medium">No passkeys yet</p>
          <p className="text-muted-foreground">
            Sign in with your fingerprint, face or security key instead of a password and code.
          </p>
        </div>
        <div>{addButton}</div>
      </div>
    );
  else
    body = (
      <div className="grid gap-3">
        <ul className="grid gap-2" aria-label="Passkeys">
          {query.data.passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center gap-3 rounded-md border p-3">
              <Fingerprint aria-hidden className="size-5 text-muted-foreground" />
              <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
                <span className="truncate font-medium">{passkey.name}</span>
                <span className="text-xs text-muted-foreground">
                  Added {formatDateTime(passkey.createdAt)}
                  {passkey.lastUsedAt
                    ? ` · last used ${formatDateTime(passkey.lastUsedAt)}`
                    : " · never used"}
                </span>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Rename ${passkey.name}`}
                onClick={() => setDialog({ mode: "rename", passkey })}
              >
                <Pencil aria-hidden /> Rename
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${passkey.name}`}
                onClick={() => onRemove(passkey)}
              >
                <Trash2 aria-hidden /> Remove
              </Button>
            </li>
          ))}
        </ul>
        <div>{addButton}</div>
      </div>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>
          Sign in with this device's screen lock or a security key, no password needed.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
      <FormDialog
        value={dialog}
        title={dialog?.mode === "rename" ? `Rename ${dialog.passkey.name}` : "Add a passkey"}
        description={
          dialog?.mode === "rename"
            ? "The new name shows in this list."
            : "Name it, then follow your browser's steps to make the passkey."
        }
        onClose={() => setDialog(null)}
      >
        {(value) =>
          value.mode === "rename" ? (
            <NameForm
              name={value.passkey.name}
              submit="Rename"
              onName={async (name) => {
                await rename.mutateAsync({ id: value.passkey.id, name });
                toastSuccess("Passkey renamed", `It is now called ${name}.`);
                setDialog(null);
              }}
            />
          ) : (
            <NameForm
              name=""
              submit="Add passkey"
              onName={async (name) => {
                await add.mutateAsync(name);
                toastSuccess("Passkey added", `${name} now signs you in.`);
                setDialog(null);
              }}
            />
          )
        }
      </FormDialog>
    </Card>
  );
}
