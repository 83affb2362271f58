import type { TeamMember } from "@backoffice/contracts/team";
import { Ellipsis } from "lucide-react";
import { useConfirm } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { toastError, toastSuccess } from "@/lib/toast";
import { type TeamAction, useTeamAction } from "../api/team";
import { ACTIONS, actionsOf } from "../utils/team-texts";

/** A member's menu: change access, then what their status allows (confirmed when it takes something away). */
export function MemberActions({ member, onEdit }: { member: TeamMember; onEdit: () => void }) {
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
