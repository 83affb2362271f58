import type { Site } from "@backoffice/contracts";
import {
  type SsoProvider,
  type SsoSettings,
  ssoDomainBody,
  ssoProviderBody,
} from "@backoffice/contracts/sso";
import type { TeamMember } from "@backoffice/contracts/team";
import { KeyRound, Plus, Trash2, UsersRound } from "lucide-react";
import { useState } from "react";
import type { z } from "zod";
import { useConfirm } from "@/components/confirm-dialog";
import { applyServerErrors, contractResolver, Form, fieldOf, useDialogForm } from "@/components/form";
import { FormDialog, FormDialogFooter } from "@/components/form-dialog";
import { PasswordInput } from "@/components/password-input";
import { ErrorState, ListSkeleton } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toastError, toastSuccess } from "@/lib/toast";
import { useAddProvider, useRemoveProvider, useSaveSsoSettings, useSsoSettings } from "../api/sso";
import { LEVEL_LABELS } from "../utils/team-texts";
import { AccessFields } from "./access-fields";
import { GroupRulesDialog } from "./sso-group-rules";

const NOTHING_CHANGED = "Nothing changed. Try again in a moment.";
const sitesText = (sites: Site[] | null) => (sites === null ? "every site" : sites.join(", "));
/** "2 group rules, source of truth": what a provider's groups do, under its name. */
const groupsText = (provider: SsoProvider) =>
  provider.groupRules.length === 0
    ? "No group rules"
    : `${provider.groupRules.length} group ${provider.groupRules.length === 1 ? "rule" : "rules"}${
        provider.groupsAuthoritative ? ", source of truth" : ""
      }`;

/**
 * Single sign-on on the Team screen (docs/SSO.md): providers, allowed domains and "Sign in with SSO
 * only" with its break-glass Owners. A provider's client secret is sent once and never shown again.
 */
export function SsoSettingsCard({ members }: { members: TeamMember[] }) {
  const query = useSsoSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <KeyRound aria-hidden="true" className="size-4" />
          Single sign-on
        </CardTitle>
        <CardDescription>
          Members sign in with your identity provider (OpenID Connect). Sign-up is never open: only members,
          invited addresses and allowed domains get in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <ListSkeleton rows={2} />
        ) : query.isError ? (
          <ErrorState
            title="Single sign-on settings could not be loaded"
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <SsoSections
            settings={query.data}
            owners={members.filter((m) => m.level === "owner" && m.status === "active")}
          />
        )}
      </CardContent>
    </Card>
  );
}

function SsoSections({ settings, owners }: { settings: SsoSettings; owners: TeamMember[] }) {
  const save = useSaveSsoSettings();
  const remove = useRemoveProvider();
  const confirm = useConfirm();
  const [adding, setAdding] = useState<"provider" | "domain" | null>(null);
  const [editingGroups, setEditingGroups] = useState<SsoProvider | null>(null);
  const rules = { ssoOnly: settings.ssoOnly, breakGlass: settings.breakGlass, domains: settings.domains };
  const saveRules = async (changes: Partial<typeof rules>) => {
    try {
      const answer = await save.mutateAsync({ ...rules, ...changes });
      toastSuccess("Single sign-on settings saved", answer.message);
    } catch (error) {
      toastError("Could not save the single sign-on settings", error, NOTHING_CHANGED);
    }
  };
  const removeProvider = async (id: string, label: string) => {
    const sure = await confirm({
      title: `Remove the provider ${label}?`,
      description: "Its button leaves the sign-in screen. Members keep their accounts.",
      confirmText: "Remove",
      destructive: true,
    });
    if (!sure) return;
    try {
      toastSuccess("Provider removed", (await remove.mutateAsync(id)).message);
    } catch (error) {
      toastError("Could not remove the provider", error, NOTHING_CHANGED);
    }
  };

  return (
    <div className="grid gap-6">
      <section className="grid gap-3" aria-labelledby="sso-providers">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="sso-providers" className="text-sm font-medium">
            Providers
          </h3>
          <Button variant="outline" size="sm" onClick={() => setAdding("provider")}>
            <Plus aria-hidden="true" />
            Add provider
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">
          Redirect URL to register at the provider: <code className="break-all">{settings.redirectUrl}</code>
        </p>
        {settings.providers.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No provider yet: the sign-in screen shows the password form only.
          </p>
        ) : (
          <ul className="grid gap-2">
            {settings.providers.map((provider) => (
              <li
                key={provider.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
              >
                <div className="min-w-0">
                  <p className="font-medium">{provider.label}</p>
                  <p className="text-sm break-all text-muted-foreground">
                    {provider.issuer} · client {provider.clientId}
                  </p>
                  {!provider.fromEnvironment && (
                    <p className="text-sm text-muted-foreground">{groupsText(provider)}</p>
                  )}
                </div>
                {provider.fromEnvironment ? (
                  <span className="text-sm text-muted-foreground">Set by the environment</span>
                ) : (
                  <div className="flex items-center gap-1">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Group rules of ${provider.label}`}
                      onClick={() => setEditingGroups(provider)}
                    >
                      <UsersRound aria-hidden="true" />
                      Group rules
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${provider.label}`}
                      onClick={() => void removeProvider(provider.id, provider.label)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="grid gap-3" aria-labelledby="sso-domains">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="sso-domains" className="text-sm font-medium">
            Allowed domains
          </h3>
          <Button variant="outline" size="sm" onClick={() => setAdding("domain")}>
            <Plus aria-hidden="true" />
            Add domain
          </Button>
        </div>
        {settings.domains.length === 0 ? (
          <p className="text-sm text-muted-foreground">None: only members and invited addresses sign in.</p>
        ) : (
          <ul className="grid gap-2">
            {settings.domains.map((row) => (
              <li
                key={row.domain}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
              >
                <p className="min-w-0 text-sm">
                  <span className="font-medium">{row.domain}</span> joins as {LEVEL_LABELS[row.level]} of{" "}
                  {sitesText(row.sites)}
                </p>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${row.domain}`}
                  disabled={save.isPending}
                  onClick={() =>
                    void saveRules({ domains: settings.domains.filter((d) => d.domain !== row.domain) })
                  }
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="grid gap-3" aria-labelledby="sso-only">
        <div className="flex items-center justify-between gap-4">
          <div className="grid gap-1">
            <Label id="sso-only" htmlFor="sso-only-switch">
              Sign in with SSO only
            </Label>
            <p className="text-sm text-muted-foreground">
              Password sign-in and reset codes are refused, except for the break-glass Owners below (password
              and second factor).
            </p>
          </div>
          <Switch
            id="sso-only-switch"
            checked={settings.ssoOnly}
            disabled={save.isPending}
            onCheckedChange={(on) => void saveRules({ ssoOnly: on })}
          />
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Break-glass Owners</legend>
          {owners.map((owner) => (
            <div key={owner._id} className="flex items-center gap-2">
              <Checkbox
                id={`break-glass-${owner._id}`}
                checked={settings.breakGlass.includes(owner._id)}
                disabled={save.isPending}
                onCheckedChange={(on) =>
                  void saveRules({
                    breakGlass: on
                      ? [...settings.breakGlass, owner._id]
                      : settings.breakGlass.filter((id) => id !== owner._id),
                  })
                }
              />
              <Label htmlFor={`break-glass-${owner._id}`} className="font-normal">
                {owner.email}
                {owner.secondFactor ? "" : " (no second factor yet)"}
              </Label>
            </div>
          ))}
        </fieldset>
      </section>

      <ProviderDialog open={adding === "provider"} onClose={() => setAdding(null)} />
      <GroupRulesDialog provider={editingGroups} onClose={() => setEditingGroups(null)} />
      <DomainDialog
        open={adding === "domain"}
        onClose={() => setAdding(null)}
        onAdd={(row) => save.mutateAsync({ ...rules, domains: [...settings.domains, row] })}
      />
    </div>
  );
}

type ProviderValues = z.input<typeof ssoProviderBody>;
const ProviderField = fieldOf<ProviderValues>();

function ProviderDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <FormDialog
      value={open || null}
      title="Add provider"
      description="The issuer's discovery document is read when a member signs in. The secret is never shown again."
      onClose={onClose}
    >
      {(_, dialog) => <ProviderForm {...dialog} />}
    </FormDialog>
  );
}

function ProviderForm({
  onDone,
  reportDirty,
}: {
  onDone: () => void;
  reportDirty: (dirty: boolean) => void;
}) {
  const form = useDialogForm<ProviderValues, z.output<typeof ssoProviderBody>>(
    {
      resolver: contractResolver(ssoProviderBody),
      defaultValues: { label: "", issuer: "", clientId: "", clientSecret: "" },
    },
    reportDirty,
  );
  const add = useAddProvider();
  const onSubmit = async (values: z.output<typeof ssoProviderBody>) => {
    try {
      toastSuccess("Provider saved", (await add.mutateAsync(values)).message);
      onDone();
    } catch (error) {
      if (!applyServerErrors(form, error)) toastError("Could not save the provider", error, NOTHING_CHANGED);
    }
  };
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Add provider" className="grid gap-4">
      <ProviderField name="label" label="Button label" hint='The button reads "Sign in with {label}".'>
        <Input autoComplete="off" placeholder="Google" />
      </ProviderField>
      <ProviderField name="issuer" label="Issuer URL">
        <Input type="url" autoComplete="off" placeholder="https://accounts.google.com" />
      </ProviderField>
      <ProviderField name="clientId" label="Client ID">
        <Input autoComplete="off" />
      </ProviderField>
      <ProviderField name="clientSecret" label="Client secret">
        <PasswordInput autoComplete="off" />
      </ProviderField>
      <FormDialogFooter submit="Save provider" busy={form.formState.isSubmitting} />
    </Form>
  );
}

type DomainValues = z.input<typeof ssoDomainBody>;
type DomainRow = z.output<typeof ssoDomainBody>;
const DomainField = fieldOf<DomainValues>();

function DomainDialog({
  open,
  onClose,
  onAdd,
}: {
  open: boolean;
  onClose: () => void;
  onAdd: (row: DomainRow) => Promise<{ message?: string }>;
}) {
  return (
    <FormDialog
      value={open || null}
      title="Add domain"
      description="A verified address of this domain joins the team at its first single sign-on, at this level and sites."
      onClose={onClose}
    >
      {(_, dialog) => <DomainForm {...dialog} onAdd={onAdd} />}
    </FormDialog>
  );
}

function DomainForm({
  onDone,
  reportDirty,
  onAdd,
}: {
  onDone: () => void;
  reportDirty: (dirty: boolean) => void;
  onAdd: (row: DomainRow) => Promise<{ message?: string }>;
}) {
  const form = useDialogForm<DomainValues, DomainRow>(
    {
      resolver: contractResolver(ssoDomainBody),
      defaultValues: { domain: "", level: "viewer", sites: null },
    },
    reportDirty,
  );
  const onSubmit = async (values: DomainRow) => {
    try {
      toastSuccess("Single sign-on settings saved", (await onAdd(values)).message);
      onDone();
    } catch (error) {
      if (!applyServerErrors(form, error)) toastError("Could not add the domain", error, NOTHING_CHANGED);
    }
  };
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Add domain" className="grid gap-4">
      <DomainField name="domain" label="Domain">
        <Input autoComplete="off" placeholder="example.com" />
      </DomainField>
      <AccessFields form={form as never} />
      <FormDialogFooter submit="Add domain" busy={form.formState.isSubmitting} />
    </Form>
  );
}
