import type { MemberLevel, Site } from "@backoffice/contracts";
import { TEAM_MESSAGES, type TeamMember } from "@backoffice/contracts/team";
import { type AuditContext, newId, type Queryable } from "@backoffice/db";
import { conflict } from "@backoffice/server";
import { iso } from "../../lib/rows.ts";

export interface InvitationRow {
  id: string;
  email: string;
  level: MemberLevel;
  sites: Site[] | null;
  token_hash: string;
  invited_by: string | null;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

interface MemberRow {
  id: string;
  email: string;
  level: MemberLevel;
  sites: Site[] | null;
  disabled_at: Date | null;
  last_sign_in_at: Date | null;
  second_factor: boolean;
}

const memberOf = (row: MemberRow): TeamMember => ({
  _id: row.id,
  email: row.email,
  level: row.level,
  sites: row.sites,
  status: row.disabled_at ? "disabled" : "active",
  secondFactor: row.second_factor,
  lastSignInAt: row.last_sign_in_at ? iso(row.last_sign_in_at) : null,
  expiresAt: null,
});

export const invitedOf = (row: InvitationRow): TeamMember => ({
  _id: row.id,
  email: row.email,
  level: row.level,
  sites: row.sites,
  status: "invited",
  secondFactor: false,
  lastSignInAt: null,
  expiresAt: iso(row.expires_at),
});

/**
 * Who acted, for the Team entries of History: the request's audit context (plugins/audit.ts
 * `auditContextOf`); the entries have no site, so every site's History shows them.
 */
type TeamActor = Pick<AuditContext, "batch" | "actorId" | "actorEmail" | "address">;

const MEMBER_COLUMNS = `id, email, level, sites, disabled_at, last_sign_in_at,
  totp_enabled_at is not null as second_factor`;

/**
 * The team's members and invitations. Team changes are written to History here, in the change's
 * own transaction, as kind `team` (the users table's trigger would call them profile changes).
 */
export function teamRepository(db: Queryable) {
  return {
    async list(): Promise<TeamMember[]> {
      const members = await db.query<MemberRow>(`select ${MEMBER_COLUMNS} from users order by lower(email)`);
      const invited = await db.query<InvitationRow>(
        "select * from invitations where accepted_at is null and revoked_at is null order by lower(email)",
      );
      return [...members.map(memberOf), ...invited.map(invitedOf)];
    },
    async member(id: string): Promise<TeamMember | undefined> {
      const [row] = await db.query<MemberRow>(`select ${MEMBER_COLUMNS} from users where id = $1`, [id]);
      return row && memberOf(row);
    },
    /**
     * Locks the active Owners (so two Owners demoting each other wait for one another) and throws
     * the 409 when `id` is the last of them: there is always at least one active Owner.
     */
    async keepAnOwner(id: string): Promise<void> {
      const owners = await db.query<{ id: string }>(
        "select id from users where level = 'owner' and disabled_at is null for update",
      );
      if (owners.length === 1 && owners[0]!.id === id) throw conflict(TEAM_MESSAGES.lastOwner);
    },
    async setAccess(id: string, level: MemberLevel, sites: Site[] | null): Promise<void> {
      await db.query("update users set level = $2, sites = $3, updated_at = now() where id = $1", [
        id,
        level,
        sites,
      ]);
    },
    async setDisabled(id: string, disabled: boolean): Promise<void> {
      await db.query(
        `update users set disabled_at = case when $2 then coalesce(disabled_at, now()) end, updated_at = now()
         where id = $1`,
        [id, disabled],
      );
    },
    async remove(id: string): Promise<void> {
      await db.query("delete from users where id = $1", [id]);
    },
    /** Ends every live session of a member; returns how many. */
    async endSessions(id: string): Promise<number> {
      const rows = await db.query(
        "update sessions set revoked_at = now() where user_id = $1 and revoked_at is null and expires_at > now() returning id",
        [id],
      );
      return rows.length;
    },
    async memberByEmail(email: string): Promise<{ id: string } | undefined> {
      const [row] = await db.query<{ id: string }>("select id from users where lower(email) = lower($1)", [
        email,
      ]);
      return row;
    },
    /** A new open invitation; an earlier open one to the same address is revoked. */
    async invite(input: {
      email: string;
      level: MemberLevel;
      sites: Site[] | null;
      tokenHash: string;
      invitedBy: string | null;
      expiresAt: Date;
    }): Promise<{ created: InvitationRow; replaced: InvitationRow[] }> {
      const replaced = await db.query<InvitationRow>(
        `update invitations set revoked_at = now()
         where lower(email) = lower($1) and accepted_at is null and revoked_at is null returning *`,
        [input.email],
      );
      const [created] = await db.query<InvitationRow>(
        `insert into invitations (id, email, level, sites, token_hash, invited_by, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7) returning *`,
        [newId(), input.email, input.level, input.sites, input.tokenHash, input.invitedBy, input.expiresAt],
      );
      return { created: created!, replaced };
    },
    async openInvitation(id: string): Promise<InvitationRow | undefined> {
      const [row] = await db.query<InvitationRow>(
        "select * from invitations where id = $1 and accepted_at is null and revoked_at is null",
        [id],
      );
      return row;
    },
    async invitationByToken(tokenHash: string): Promise<InvitationRow | undefined> {
      const [row] = await db.query<InvitationRow>("select * from invitations where token_hash = $1", [
        tokenHash,
      ]);
      return row;
    },
    /** A new token for an open invitation, valid from now: the old link stops working. */
    async renew(id: string, tokenHash: string, expiresAt: Date): Promise<InvitationRow> {
      const [row] = await db.query<InvitationRow>(
        "update invitations set token_hash = $2, expires_at = $3 where id = $1 returning *",
        [id, tokenHash, expiresAt],
      );
      return row!;
    },
    async revoke(id: string): Promise<void> {
      await db.query("update invitations set revoked_at = now() where id = $1", [id]);
    },
    /** Closes an open, unexpired invitation once; false when another acceptance (or a revoke) came first. */
    async markAccepted(id: string): Promise<boolean> {
      const rows = await db.query(
        `update invitations set accepted_at = now()
         where id = $1 and accepted_at is null and revoked_at is null and expires_at > now() returning id`,
        [id],
      );
      return rows.length === 1;
    },
    async createMember(input: {
      email: string;
      passwordHash: string;
      level: MemberLevel;
      sites: Site[] | null;
    }): Promise<{ id: string; email: string; role: string }> {
      const [row] = await db.query<{ id: string; email: string; role: string }>(
        `insert into users (id, email, password_hash, role, level, sites, last_sign_in_at)
         values ($1, $2, $3, 'admin', $4, $5, now()) returning id, email, role`,
        [newId(), input.email, input.passwordHash, input.level, input.sites],
      );
      return row!;
    },
    /** One Team entry of History (kind `team`, no site). */
    async log(
      actor: TeamActor,
      action: "create" | "update" | "delete",
      recordId: string,
      before: object | null,
      after: object | null,
    ): Promise<void> {
      await db.query(
        `insert into audit_log (batch, actor_id, actor_email, address, site, resource, record_id, action, before, after)
         values ($1, $2, $3, $4, null, 'team', $5, $6, $7, $8)`,
        [
          actor.batch,
          actor.actorId,
          actor.actorEmail,
          actor.address,
          recordId,
          action,
          before && JSON.stringify(before),
          after && JSON.stringify(after),
        ],
      );
    },
  };
}
