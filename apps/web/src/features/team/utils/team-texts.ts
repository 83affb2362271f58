import { type MemberLevel, SITE_NAMES, type Site } from "@backoffice/contracts";
import type { MemberStatus, TeamMember } from "@backoffice/contracts/team";
import type { TeamAction } from "../api/team";

export const LEVEL_LABELS: Record<MemberLevel, string> = {
  owner: "Owner",
  editor: "Editor",
  viewer: "Viewer",
};
export const LEVEL_HINTS: Record<MemberLevel, string> = {
  owner: "Everything on every site, and manages the team.",
  editor: "Reads and changes the sites given.",
  viewer: "Reads the sites given; changes nothing.",
};
export const STATUS_LABELS: Record<MemberStatus, string> = {
  active: "Active",
  invited: "Invited",
  disabled: "Disabled",
};

/** "All sites", or the names of the sites given. */
export const sitesInWords = (sites: readonly Site[] | null) =>
  sites === null ? "All sites" : sites.map((site) => SITE_NAMES[site]).join(", ");

export const teamMessages = {
  title: "Team",
  subtitle: "Who can sign in, at which level and on which sites.",
  ownerOnly: {
    title: "Only an Owner can manage the team",
    description: "Ask an Owner of your team to invite, change or remove members.",
  },
  loadError: { title: "Could not load the team", description: "Check your connection and try again." },
  empty: "No members yet",
  emptyDescription: "Invite the people who run your sites.",
  invite: "Invite member",
  inviteDescription:
    "They get an email with a link to set their password. The link works once, for 72 hours.",
  invited: "Invitation sent",
  inviteFailed: "Could not send the invitation",
  access: (email: string) => `Change access of ${email}`,
  accessDescription: "The level and sites apply from the member's next request.",
  accessSaved: "Access changed",
  accessFailed: "Could not change the access",
  ownerSites: "An Owner has every site.",
  chooseSite: "Choose at least one site.",
  never: "Never",
  expires: (date: string) => `Link valid until ${date}`,
  expired: "Link expired",
} as const;

/** What each row action is called, and what its toasts and confirmation say. */
export const ACTIONS: Record<
  TeamAction,
  {
    label: string;
    done: string;
    failed: string;
    /** Destructive actions are confirmed, naming the member. */
    confirm?: (member: TeamMember) => { title: string; description: string; confirmText: string };
  }
> = {
  resend: {
    label: "Resend invitation",
    done: "Invitation sent again",
    failed: "Could not resend the invitation",
  },
  revoke: {
    label: "Revoke invitation",
    done: "Invitation revoked",
    failed: "Could not revoke the invitation",
    confirm: (member) => ({
      title: `Revoke the invitation to ${member.email}?`,
      description: "The link in their mail stops working.",
      confirmText: "Revoke",
    }),
  },
  disable: {
    label: "Disable",
    done: "Member disabled",
    failed: "Could not disable the member",
    confirm: (member) => ({
      title: `Disable ${member.email}?`,
      description: "They are signed out at once and cannot sign in until enabled again.",
      confirmText: "Disable",
    }),
  },
  enable: { label: "Enable", done: "Member enabled", failed: "Could not enable the member" },
  "sign-out": {
    label: "Sign out everywhere",
    done: "Signed out everywhere",
    failed: "Could not sign the member out",
    confirm: (member) => ({
      title: `Sign ${member.email} out everywhere?`,
      description: "Every session of theirs ends; they can sign in again.",
      confirmText: "Sign out",
    }),
  },
  remove: {
    label: "Remove",
    done: "Member removed",
    failed: "Could not remove the member",
    confirm: (member) => ({
      title: `Remove ${member.email} from the team?`,
      description: "Their account is deleted. History keeps their email on what they did.",
      confirmText: "Remove",
    }),
  },
};

/** The row actions a member's status offers, in menu order. */
export function actionsOf(member: TeamMember): TeamAction[] {
  if (member.status === "invited") return ["resend", "revoke"];
  return [member.status === "active" ? "disable" : "enable", "sign-out", "remove"];
}
