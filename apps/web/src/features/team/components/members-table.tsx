import type { TeamMember } from "@backoffice/contracts/team";
import { formatDateTime } from "@/lib/format";
import { LEVEL_LABELS, sitesInWords, teamMessages as texts } from "../utils/team-texts";
import { MemberActions } from "./member-actions";
import { MemberStatusBadge } from "./member-status-badge";

/** The members and invitations: a table on wide screens, a card per row below md. */
export function MembersTable({
  members,
  onEdit,
}: {
  members: TeamMember[];
  onEdit: (member: TeamMember) => void;
}) {
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
              <MemberStatusBadge member={member} />
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
              <MemberActions member={member} onEdit={() => onEdit(member)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
