import type { Site } from "@backoffice/contracts";
import { type CreateTokenBody, createTokenBody } from "@backoffice/contracts/integrations";
import { useState } from "react";
import { type FieldError, useController } from "react-hook-form";
import type { z } from "zod";
import { applyServerErrors, contractResolver, Form, fieldOf, useDialogForm } from "@/components/form";
import { FormDialog, FormDialogFooter } from "@/components/form-dialog";
import { OptionsSelect } from "@/components/options-select";
import { Input } from "@/components/ui/input";
import { toastError } from "@/lib/toast";
import { type CreatedToken, useCreateToken } from "../api/integrations";
import { ResourceChecks, resourcesOn } from "./resource-checks";
import { ShownOnce } from "./shown-once";
import { SiteChecks } from "./site-checks";

type TokenValues = z.input<typeof createTokenBody>;
/** A list's own error, else its first item's (`resources.1`: a resource on none of the sites). */
const listError = (error: FieldError | undefined): string | undefined =>
  error?.message ??
  (Array.isArray(error) ? (error as (FieldError | undefined)[]).find(Boolean)?.message : undefined);
const TokenField = fieldOf<TokenValues>();
const EXPIRY_OPTIONS = [
  ["30", "30 days"],
  ["90", "90 days"],
  ["365", "365 days"],
  ["never", "Never"],
] as const;

/** Create an API token: name, sites, read or write, resources (optional), expiry; then the token, shown once with Copy. */
export function TokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <FormDialog
      value={open || null}
      title={created ? `Token ${created.name} created` : "Create API token"}
      description={
        created
          ? "Send it as Authorization: Bearer … on the site routes of its sites."
          : "For a script or a server: it works on the chosen sites' routes only."
      }
      onClose={close}
    >
      {(_, dialog) =>
        created ? (
          <ShownOnce label="API token" value={created.token} onDone={close} />
        ) : (
          <TokenForm {...dialog} onCreated={setCreated} />
        )
      }
    </FormDialog>
  );
}

function TokenForm({
  reportDirty,
  onCreated,
}: {
  reportDirty: (dirty: boolean) => void;
  onCreated: (token: CreatedToken) => void;
}) {
  const form = useDialogForm<TokenValues, CreateTokenBody>(
    {
      resolver: contractResolver(createTokenBody),
      defaultValues: { name: "", sites: [], access: "read", resources: null, expiresInDays: 90 },
    },
    reportDirty,
  );
  const sites = useController({ name: "sites", control: form.control });
  const resources = useController({ name: "resources", control: form.control });
  // A site unticked takes its own resources off the limit: what stays is on a ticked site.
  const onSitesChange = (chosen: Site[]) => {
    sites.field.onChange(chosen);
    const kept = resources.field.value?.filter((resource) => resourcesOn(chosen).includes(resource));
    if (kept && kept.length !== resources.field.value?.length)
      resources.field.onChange(kept.length ? kept : null);
  };
  const create = useCreateToken();
  const onSubmit = async (values: CreateTokenBody) => {
    try {
      const answer = await create.mutateAsync(values);
      reportDirty(false);
      onCreated(answer.data);
    } catch (error) {
      if (!applyServerErrors(form, error))
        toastError("Could not create the token", error, "Nothing was created. Try again.");
    }
  };
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Create API token" className="grid gap-4">
      <TokenField name="name" label="Name" hint="Who uses it, e.g. CDN purge">
        <Input autoComplete="off" />
      </TokenField>
      <SiteChecks
        id="token-sites"
        value={sites.field.value ?? []}
        onChange={onSitesChange}
        error={sites.fieldState.error?.message}
      />
      <ResourceChecks
        id="token-resources"
        sites={sites.field.value ?? []}
        value={resources.field.value ?? null}
        onChange={resources.field.onChange}
        error={listError(resources.fieldState.error)}
      />
      <TokenField name="access" label="Access">
        {(field, control) => (
          <OptionsSelect
            {...control}
            value={field.value}
            onValueChange={field.onChange}
            options={[
              ["read", "Read only"],
              ["write", "Read and write"],
            ]}
          />
        )}
      </TokenField>
      <TokenField name="expiresInDays" label="Expires after">
        {(field, control) => (
          <OptionsSelect
            {...control}
            value={field.value ? String(field.value) : "never"}
            onValueChange={(value) => field.onChange(value === "never" ? null : Number(value))}
            options={EXPIRY_OPTIONS}
          />
        )}
      </TokenField>
      <FormDialogFooter submit="Create token" busy={form.formState.isSubmitting} />
    </Form>
  );
}
