import {
  createWebhookBody,
  OTHER_EVENTS,
  RECORD_ACTIONS,
  WEBHOOK_KINDS,
} from "@backoffice/contracts/integrations";
import { useState } from "react";
import { useController } from "react-hook-form";
import type { z } from "zod";
import { applyServerErrors, contractResolver, Form, fieldOf, useDialogForm } from "@/components/form";
import { FormDialog, FormDialogFooter } from "@/components/form-dialog";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toastError } from "@/lib/toast";
import { useCreateWebhook, type WebhookBody, type WebhookWithSecret } from "../api/integrations";
import { ShownOnce } from "./shown-once";
import { SiteChecks } from "./site-checks";

type WebhookValues = z.input<typeof createWebhookBody>;
const WebhookField = fieldOf<WebhookValues>();

/** The events an endpoint can want: per kind of record created, updated, deleted; then the others. */
const EVENT_GROUPS: { title: string; events: readonly string[] }[] = [
  ...WEBHOOK_KINDS.map((kind) => ({
    title: kind,
    events: RECORD_ACTIONS.map((action) => `${kind}.${action}`),
  })),
  { title: "other", events: OTHER_EVENTS },
];

/** The events picker: a tick per event name, grouped by kind. */
export function EventChecks({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (events: string[]) => void;
  error?: string | undefined;
}) {
  const toggle = (event: string, on: boolean) =>
    onChange(on ? [...new Set([...value, event])] : value.filter((chosen) => chosen !== event));
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? "events-error" : undefined}>
      <legend className="mb-2 text-sm leading-none font-medium">Events</legend>
      <div className="grid max-h-64 gap-3 overflow-y-auto pr-2 sm:grid-cols-2">
        {EVENT_GROUPS.map((group) => (
          <div key={group.title} className="grid gap-1">
            {group.events.map((event) => (
              <div key={event} className="flex items-center gap-2">
                <Checkbox
                  id={`event-${event}`}
                  checked={value.includes(event)}
                  onCheckedChange={(on) => toggle(event, on === true)}
                />
                <Label htmlFor={`event-${event}`} className="font-mono text-xs font-normal">
                  {event}
                </Label>
              </div>
            ))}
          </div>
        ))}
      </div>
      {error && (
        <p id="events-error" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Add a webhook endpoint: its URL, sites and events; then its signing secret, shown once. */
export function WebhookDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <FormDialog
      value={open || null}
      title={created ? "Endpoint added" : "Add webhook endpoint"}
      description={
        created
          ? "The receiver verifies each delivery's webhook-signature with this secret (docs/INTEGRATIONS.md)."
          : "Changes are POSTed there, signed, once committed."
      }
      onClose={close}
      className="sm:max-w-2xl"
    >
      {(_, dialog) =>
        created ? (
          <ShownOnce label="Signing secret" value={created.secret} onDone={close} />
        ) : (
          <WebhookForm reportDirty={dialog.reportDirty} onCreated={setCreated} />
        )
      }
    </FormDialog>
  );
}

function WebhookForm({
  reportDirty,
  onCreated,
}: {
  reportDirty: (dirty: boolean) => void;
  onCreated: (endpoint: WebhookWithSecret) => void;
}) {
  const form = useDialogForm<WebhookValues, WebhookBody>(
    { resolver: contractResolver(createWebhookBody), defaultValues: { url: "", sites: [], events: [] } },
    reportDirty,
  );
  const sites = useController({ name: "sites", control: form.control });
  const events = useController({ name: "events", control: form.control });
  const create = useCreateWebhook();
  const onSubmit = async (values: WebhookBody) => {
    try {
      const answer = await create.mutateAsync(values);
      reportDirty(false);
      onCreated(answer.data);
    } catch (error) {
      if (!applyServerErrors(form, error))
        toastError("Could not add the endpoint", error, "Nothing was added. Try again.");
    }
  };
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Add webhook endpoint" className="grid gap-4">
      <WebhookField name="url" label="URL" hint="https://… on your site's server">
        <Input type="url" autoComplete="off" inputMode="url" />
      </WebhookField>
      <SiteChecks
        id="webhook-sites"
        value={sites.field.value ?? []}
        onChange={sites.field.onChange}
        error={sites.fieldState.error?.message}
      />
      <EventChecks
        value={events.field.value ?? []}
        onChange={events.field.onChange}
        error={events.fieldState.error?.message}
      />
      <FormDialogFooter submit="Add endpoint" busy={form.formState.isSubmitting} />
    </Form>
  );
}
