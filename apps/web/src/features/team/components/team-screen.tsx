import type { TeamMember } from "@backoffice/contracts/team";
import { ShieldAlert, UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { ListBody } from "@/components/list/list-body";
import { EmptyState, ListSkeleton } from "@/components/states";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { useTeam } from "../api/team";
import { teamMessages as texts } from "../utils/team-texts";
import { AccessDialog } from "./access-dialog";
import { InviteDialog } from "./invite-dialog";
import { MembersTable } from "./members-table";
import { SsoSettingsCard } from "./sso-settings";

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
      {query.data && <SsoSettingsCard members={query.data} />}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <AccessDialog member={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
