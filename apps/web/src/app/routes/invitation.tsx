import { useEffect } from "react";
import { useParams } from "react-router";
import { InvitationPage } from "@/features/auth/components/invitation-page";
import { requestToaster } from "@/lib/toast";
import { QueryBoundary } from "./query-boundary";

/** `/invitation/{token}`: public, signed in or not (docs/PRODUCT-RULES.md#team-screen-and-invitations). */
export function Component() {
  useEffect(requestToaster, []);
  const { token = "" } = useParams();
  return (
    <QueryBoundary>
      <InvitationPage token={token} />
    </QueryBoundary>
  );
}
