import type { MemberLevel } from "@backoffice/contracts";
import { type SsoProvider, ssoGroupRulesBody } from "@backoffice/contracts/sso";
import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useWatch } from "react-hook-form";
import type { z } from "zod";
import { useConfirm } from "@/components/confirm-dialog";
import { selectControl, switchControl } from "@/components/field-controls";
import { applyServerErrors, contractResolver, Form, fieldOf, useDialogForm } from "@/components/form";
import { FormDialog, FormDialogFooter } from "@/components/form-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toastError, toastSuccess } from "@/lib/toast";
import { useSaveGroupRules } from "../api/sso";
import { LEVEL_OPTIONS } from "./access-fields";
import { SitesField } from "./sites-field";

type Values = z.input<typeof ssoGroupRulesBody>;
type Rules = z.output<typeof ssoGroupRulesBody>;
const RulesField = fieldOf<Values>();
const NOTHING_CHANGED = "Nothing changed. Try again in a moment.";

/** The groups of `before` that `after` no longer has a rule for. */
const removedGroups = (before: { group: string }[], after: { group: string }[]) =>
  [...new Set(before.map((rule) => rule.group))].filter(
    (group) => !after.some((rule) => rule.group === group),
  );

/**
 * A provider's group rules (docs/SSO.md#groups): its groups claim mapped to a level and sites, the
 * scope that makes the provider send it, and whether the provider is the source of truth. Saved as a
 * change of the provider (`PATCH /team/sso/providers/{id}`); removing rules asks first, naming them.
 */
export function GroupRulesDialog({
  provider,
  onClose,
}: {
  provider: SsoProvider | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      value={provider}
      formKey={(value) => value.id}
      title={provider ? `Group rules of ${provider.label}` : "Group rules"}
      description="A member gets the highest level of the rules whose group they are in, with the sites of that level's rules."
      onClose={onClose}
      className="sm:max-w-xl"
    >
      {(value, dialog) => <GroupRulesForm provider={value} {...dialog} />}
    </FormDialog>
  );
}

function GroupRulesForm({
  provider,
  onDone,
  reportDirty,
}: {
  provider: SsoProvider;
  onDone: () => void;
  reportDirty: (dirty: boolean) => void;
}) {
  const form = useDialogForm<Values, Rules>(
    {
      resolver: contractResolver(ssoGroupRulesBody),
      defaultValues: {
        groupRules: provider.groupRules,
        groupsClaim: provider.groupsClaim,
        groupsScope: provider.groupsScope ?? "",
        groupsAuthoritative: provider.groupsAuthoritative,
      },
    },
    reportDirty,
  );
  const rules = useFieldArray({ control: form.control, name: "groupRules" });
  const save = useSaveGroupRules(provider.id);
  const confirm = useConfirm();
  const onSubmit = async (values: Rules) => {
    const removed = removedGroups(provider.groupRules, values.groupRules);
    if (removed.length > 0) {
      const sure = await confirm({
        title: `Remove the rules of ${removed.join(", ")}?`,
        description:
          "Members of these groups keep the access they have now; their sign-ins no longer set it from these groups.",
        confirmText: "Remove and save",
        destructive: true,
      });
      if (!sure) return;
    }
    try {
      toastSuccess("Group rules saved", (await save.mutateAsync(values)).message);
      onDone();
    } catch (error) {
      if (!applyServerErrors(form, error))
        toastError("Could not save the group rules", error, NOTHING_CHANGED);
    }
  };
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      aria-label={`Group rules of ${provider.label}`}
      className="grid gap-4"
    >
      <RulesField name="groupsClaim" label="Groups claim" hint="The ID token's claim that lists the groups.">
        <Input autoComplete="off" />
      </RulesField>
      <RulesField
        name="groupsScope"
        label="Extra scope (optional)"
        hint="A scope the provider needs to send the groups, such as groups."
      >
        <Input autoComplete="off" />
      </RulesField>
      <RulesField
        name="groupsAuthoritative"
        label="The provider is the source of truth"
        hint="Each sign-in sets the member's level and sites from the groups; a manual change is refused. Off: the groups only set the access of someone joining through an allowed domain."
      >
        {switchControl}
      </RulesField>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Rules</legend>
        {rules.fields.length === 0 && (
          <p className="text-sm text-muted-foreground">No rule yet: the groups give no access.</p>
        )}
        {rules.fields.map((rule, index) => (
          <RuleFields key={rule.id} index={index} form={form} onRemove={() => rules.remove(index)} />
        ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => rules.append({ group: "", level: "viewer", sites: null })}
        >
          <Plus aria-hidden="true" />
          Add rule
        </Button>
      </fieldset>
      <FormDialogFooter submit="Save group rules" busy={form.formState.isSubmitting} />
    </Form>
  );
}

function RuleFields({
  index,
  form,
  onRemove,
}: {
  index: number;
  form: ReturnType<typeof useDialogForm<Values, Rules>>;
  onRemove: () => void;
}) {
  const [group, level] = useWatch({
    control: form.control,
    name: [`groupRules.${index}.group`, `groupRules.${index}.level`],
  }) as [string, MemberLevel];
  const name = `Rule ${index + 1}${group ? ` (${group})` : ""}`;
  return (
    <section aria-label={name} className="grid gap-3 rounded-md border p-3">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-sm font-medium">{name}</h4>
        <Button type="button" variant="ghost" size="icon" aria-label={`Remove ${name}`} onClick={onRemove}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <RulesField name={`groupRules.${index}.group`} label="Group">
        <Input autoComplete="off" placeholder="backoffice-editors" />
      </RulesField>
      <RulesField name={`groupRules.${index}.level`} label="Level">
        {selectControl(LEVEL_OPTIONS, { className: "w-full" })}
      </RulesField>
      {level !== "owner" && <SitesField control={form.control as never} name={`groupRules.${index}.sites`} />}
    </section>
  );
}
