import type { TeamMember } from "@backoffice/contracts/team";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format";
import { STATUS_LABELS, teamMessages as texts } from "../utils/team-texts";

/** A member's status, and when an invitation expires (or that it has). */
export function MemberStatusBadge({ member }: { member: TeamMember }) {
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
