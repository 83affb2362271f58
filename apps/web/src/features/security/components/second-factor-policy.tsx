import { useId } from "react";
import { useConfirm } from "@/components/confirm-dialog";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { useMe } from "@/hooks/use-me";
import { toastError, toastSuccess } from "@/lib/toast";
import { useSecondFactor, useSecondFactorPolicy } from "../api/second-factor";

/** Whom turning the rule on stops, said before it is turned on. */
const stopsText = (members: number) =>
  `${members} ${members === 1 ? "member has" : "members have"} no second factor and will have to set one up before anything else.`;

/**
 * The Owner's switch (docs/PRODUCT-RULES.md#second-factor): a second factor required of every member.
 * Shown to Owners only; a member without one is taken to set one up right after signing in, so
 * turning it on first says how many members that stops (none: it asks nothing).
 */
export function SecondFactorPolicy() {
  const query = useSecondFactor();
  const policy = useSecondFactorPolicy();
  const confirm = useConfirm();
  const id = useId();
  // An Owner's card keeps its place while the status loads (what `canRequire` will say).
  const owner = useMe().data?.level === "owner";
  if (!(query.data?.canRequire ?? (query.isPending && owner))) return null;
  const required = policy.isPending ? policy.variables : query.data?.required;
  const stopped = query.data?.membersWithout ?? 0;

  const onChange = async (next: boolean) => {
    if (
      next &&
      stopped > 0 &&
      !(await confirm({
        title: "Require a second factor for everyone?",
        description: stopsText(stopped),
        confirmText: "Require it",
        destructive: false,
      }))
    )
      return;
    try {
      await policy.mutateAsync(next);
      toastSuccess(
        next ? "Second factor required" : "Second factor optional",
        next
          ? "Members without one are asked to set one up when they next use the dashboard."
          : "Members may sign in with a password alone again.",
      );
    } catch (error) {
      toastError("Could not change the rule", error);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Team rule</CardTitle>
        <CardDescription>Only Owners see this.</CardDescription>
      </CardHeader>
      <CardContent className="flex items-center justify-between gap-4">
        <Label htmlFor={id} className="grid gap-1">
          <span>Require a second factor for everyone</span>
          <span className="text-sm font-normal text-muted-foreground">
            Every member must use two-step verification or a passkey.
          </span>
        </Label>
        {query.data ? (
          <Switch id={id} checked={required} disabled={policy.isPending} onCheckedChange={onChange} />
        ) : (
          <Skeleton className="h-[1.15rem] w-8 shrink-0 rounded-full" />
        )}
      </CardContent>
    </Card>
  );
}
