import { type MemberLevel, SITE_NAMES, SITES, type Site } from "@backoffice/contracts";
import { inviteBody, memberAccessBody, type TeamMember } from "@backoffice/contracts/team";
import { zodResolver } from "@hookform/resolvers/zod";
import { Ellipsis, ShieldAlert, UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { type FieldValues, type Path, type UseFormReturn, useController, useWatch } from "react-hook-form";
import type { z } from "zod";
import { useConfirm } from "@/components/confirm-dialog";
import { selectControl } from "@/components/field-controls";
import { applyServerErrors, Form, fieldOf, useDialogForm } from "@/components/form";
import { FormDialog, FormDialogFooter } from "@/components/form-dialog";
import { PageHeader } from "@/components/layout/page-header";
import { ListBody } from "@/components/list/list-body";
import { EmptyState, ListSkeleton } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { toastError, toastSuccess } from "@/lib/toast";
import { type TeamAction, useChangeAccess, useInvite, useTeam, useTeamAction } from "../api/team";
import {
  ACTIONS,
  actionsOf,
  LEVEL_HINTS,
  LEVEL_LABELS,
  STATUS_LABELS,
  sitesInWords,
  teamMessages as texts,
} from "../utils/team-texts";

const LEVEL_OPTIONS = (Object.keys(LEVEL_LABELS) as MemberLevel[]).map(
  (level) => [level, LEVEL_LABELS[level]] as const,
);

/**
 * Team (docs/PRODUCT-RULES.md#team-screen-and-invitations): members, invitations and what an Owner
 * can do to each.
 */
export function TeamScreen() {
  const query = useTeam();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const inviteButton = (
    <Button onClick={() => setInviting(true)}>
      <UserPlus aria-hidden="true" />
      {texts.invite}
    </Button>
  );
  const forbidden = query.error instanceof ApiError && query.error.status === 403;

  return (
    <div className="grid gap-6">
      <PageHeader
        title={texts.title}
        description={texts.subtitle}
        actions={query.data && query.data.length > 0 ? inviteButton : undefined}
      />
      {forbidden ? (
        <EmptyState
          icon={ShieldAlert}
          title={texts.ownerOnly.title}
          description={texts.ownerOnly.description}
        />
      ) : (
        <ListBody
          query={query}
          loading={<ListSkeleton />}
          error={texts.loadError}
          empty={
            query.data?.length === 0
              ? { icon: Users, title: texts.empty, description: texts.emptyDescription, action: inviteButton }
              : null
          }
        >
          <MembersTable members={query.data ?? []} onEdit={setEditing} />
        </ListBody>
      )}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <AccessDialog member={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

function MembersTable({ members, onEdit }: { members: TeamMember[]; onEdit: (member: TeamMember) => void }) {
  const cell = "block md:table-cell md:px-3 md:py-3 md:align-middle";
  // Below md each row is a card and each cell names its column (the header row is for screen readers).
  const label = (text: string) => <span className="text-muted-foreground md:hidden">{text}: </span>;
  return (
    <table className="w-full text-sm" aria-label="Members">
      <thead className="sr-only md:not-sr-only md:table-header-group">
        <tr className="border-b text-left text-xs text-muted-foreground">
          <th scope="col" className="md:px-3 md:py-2 font-medium">
            Email
          </th>
          <th scope="col" className="md:px-3 md:py-2 font-medium">
            Level
          </th>
          <th scope="col" className="md:px-3 md:py-2 font-medium">
            Sites
          </th>
          <th scope="col" className="md:px-3 md:py-2 font-medium">
            Status
          </th>
          <th scope="col" className="md:px-3 md:py-2 font-medium">
            Second factor
          </th>
          <th scope="col" className="md:px-3 md:py-2 font-medium">
            Last sign-in
          </th>
          <th scope="col" className="md:px-3 md:py-2 font-medium">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="grid gap-3 md:table-row-group">
        {members.map((member) => (
          <tr
            key={member._id}
            className="relative grid gap-1.5 rounded-lg border p-4 md:table-row md:rounded-none md:border-0 md:border-b md:p-0"
          >
            <th scope="row" className={`${cell} pr-12 text-left font-medium [overflow-wrap:anywhere]`}>
              {member.email}
            </th>
            <td className={cell}>
              {label("Level")}
              {LEVEL_LABELS[member.level]}
            </td>
            <td className={cell}>
              {label("Sites")}
              {sitesInWords(member.sites)}
            </td>
            <td className={cell}>
              {label("Status")}
              <StatusBadge member={member} />
            </td>
            <td className={cell}>
              {label("Second factor")}
              {member.status === "invited" ? "-" : member.secondFactor ? "On" : "Off"}
            </td>
            <td className={cell}>
              {label("Last sign-in")}
              {member.lastSignInAt ? (
                <time dateTime={member.lastSignInAt}>{formatDateTime(member.lastSignInAt)}</time>
              ) : (
                texts.never
              )}
            </td>
            <td className="absolute top-3 right-3 md:static md:table-cell md:px-3 md:py-3 md:text-right">
              <RowActions member={member} onEdit={() => onEdit(member)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function StatusBadge({ member }: { member: TeamMember }) {
  const variant =
    member.status === "active" ? "success" : member.status === "disabled" ? "destructive" : "warning";
  const expired = member.expiresAt !== null && Date.parse(member.expiresAt) <= Date.now();
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Badge variant={variant}>{STATUS_LABELS[member.status]}</Badge>
      {member.expiresAt && (
        <span className="text-xs text-muted-foreground">
          {expired ? texts.expired : texts.expires(formatDateTime(member.expiresAt))}
        </span>
      )}
    </span>
  );
}

function RowActions({ member, onEdit }: { member: TeamMember; onEdit: () => void }) {
  const action = useTeamAction();
  const confirm = useConfirm();
  const act = async (kind: TeamAction) => {
    const facts = ACTIONS[kind];
    if (facts.confirm && !(await confirm({ ...facts.confirm(member), destructive: true }))) return;
    try {
      const answer = await action.mutateAsync({ id: member._id, action: kind });
      toastSuccess(facts.done, answer.message);
    } catch (error) {
      toastError(facts.failed, error, "Nothing changed. Try again in a moment.");
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Actions for ${member.email}`}
          disabled={action.isPending}
        >
          <Ellipsis aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {member.status !== "invited" && (
          <>
            <DropdownMenuItem onSelect={onEdit}>Change level and sites</DropdownMenuItem>
            <DropdownMenuSeparator />
          </>
        )}
        {actionsOf(member).map((kind) => (
          <DropdownMenuItem
            key={kind}
            onSelect={() => void act(kind)}
            variant={ACTIONS[kind].confirm ? "destructive" : "default"}
          >
            {ACTIONS[kind].label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

type AccessValues = { level: MemberLevel; sites: Site[] | null };

/**
 * Level and sites, shared by Invite and Change access: an Owner has every site; anyone else all
 * sites (null) or the ones ticked (at least one).
 */
function AccessFields<T extends FieldValues & AccessValues>({
  form,
}: {
  form: UseFormReturn<T, unknown, unknown>;
}) {
  const Field = fieldOf<AccessValues>();
  const level = useWatch({ control: form.control, name: "level" as Path<T> }) as MemberLevel;
  const levelField = (
    <Field name="level" label="Level" hint={LEVEL_HINTS[level]}>
      {selectControl(LEVEL_OPTIONS, { className: "w-full" })}
    </Field>
  );
  if (level === "owner")
    return (
      <>
        {levelField}
        <p className="text-sm text-muted-foreground">{texts.ownerSites}</p>
      </>
    );
  return (
    <>
      {levelField}
      <SitesField control={form.control as never} />
    </>
  );
}

function SitesField({ control }: { control: UseFormReturn<AccessValues>["control"] }) {
  const { field, fieldState } = useController({ name: "sites", control });
  const sites = field.value;
  const toggle = (site: Site, on: boolean) => {
    const chosen = new Set(sites ?? []);
    if (on) chosen.add(site);
    else chosen.delete(site);
    field.onChange(SITES.filter((key) => chosen.has(key)));
  };
  const error = fieldState.error?.message;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? "sites-error" : undefined}>
      <legend className="mb-2 text-sm leading-none font-medium">Sites</legend>
      <div className="flex items-center gap-2">
        <Checkbox
          id="sites-all"
          ref={field.ref}
          checked={sites === null}
          aria-invalid={error ? true : undefined}
          onCheckedChange={(on) => field.onChange(on === true ? null : [])}
        />
        <Label htmlFor="sites-all" className="font-normal">
          All sites (also ones added later)
        </Label>
      </div>
      {sites !== null && (
        <div className="grid gap-2 pl-6">
          {SITES.map((site) => (
            <div key={site} className="flex items-center gap-2">
              <Checkbox
                id={`sites-${site}`}
                checked={sites.includes(site)}
                aria-invalid={error ? true : undefined}
                onCheckedChange={(on) => toggle(site, on === true)}
              />
              <Label htmlFor={`sites-${site}`} className="font-normal">
                {SITE_NAMES[site]}
              </Label>
            </div>
          ))}
        </div>
      )}
      {error && (
        <p id="sites-error" className="text-sm text-destructive">
          {readableSitesError(error)}
        </p>
      )}
    </fieldset>
  );
}

/** The contract names the field ("sites must include at least one site"); beside it, say what to do. */
const readableSitesError = (message: string) =>
  message.startsWith("sites must include") ? "Choose at least one site." : message;

type InviteValues = z.input<typeof inviteBody>;
const InviteField = fieldOf<InviteValues>();

function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
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
    { resolver: zodResolver(inviteBody), defaultValues: { email: "", level: "editor", sites: null } },
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

type AccessFormValues = z.input<typeof memberAccessBody>;

function AccessDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
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
    { resolver: zodResolver(memberAccessBody), defaultValues: { level: member.level, sites: member.sites } },
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
