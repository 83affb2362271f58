import { newId, type Queryable } from "@backoffice/db";
import type { SessionClient } from "./repository.ts";

export interface PasskeyRow {
  id: string;
  user_id: string;
  name: string;
  credential_id: string;
  public_key: Uint8Array;
  counter: string | number;
  transports: string[];
  created_at: Date;
  last_used_at: Date | null;
}

export type ChallengeKind = "sign-in" | "passkey-register" | "passkey-sign-in";
/** How the sign-in that a code step follows began: a password (the default) or single sign-on. */
export type StepOrigin = Pick<SessionClient, "signIn" | "ssoProvider">;
interface ChallengeRow {
  user_id: string | null;
  sign_in: "password" | "sso";
  sso_provider: string | null;
}

/** The SQL of migration 0021's tables: TOTP secrets, recovery codes, passkeys, challenges, the policy. */
export function secondFactorRepository(db: Queryable) {
  return {
    async totpOf(userId: string) {
      const [row] = await db.query<{
        secret: string | null;
        pending_secret: string | null;
        last_step: string;
      }>("select secret, pending_secret, last_step from totp_secrets where user_id = $1", [userId]);
      return row;
    },
    async startTotp(userId: string, pendingSecret: string): Promise<void> {
      await db.query(
        `insert into totp_secrets (user_id, pending_secret) values ($1, $2)
         on conflict (user_id) do update set pending_secret = excluded.pending_secret`,
        [userId, pendingSecret],
      );
    },
    /** Records `step` as used unless it, or a later one, already was: false when the code is a replay. */
    async useStep(userId: string, step: number): Promise<boolean> {
      const rows = await db.query(
        "update totp_secrets set last_step = $2 where user_id = $1 and last_step < $2 returning user_id",
        [userId, step],
      );
      return rows.length === 1;
    },
    async enableTotp(userId: string, step: number): Promise<void> {
      await db.query(
        "update totp_secrets set secret = pending_secret, pending_secret = null, last_step = $2 where user_id = $1",
        [userId, step],
      );
      await db.query("update users set totp_enabled_at = now() where id = $1", [userId]);
    },
    async disableTotp(userId: string): Promise<void> {
      await db.query("delete from totp_secrets where user_id = $1", [userId]);
      await db.query("delete from recovery_codes where user_id = $1", [userId]);
      await db.query("update users set totp_enabled_at = null where id = $1", [userId]);
    },
    async replaceRecoveryCodes(userId: string, hashes: string[]): Promise<void> {
      await db.query("delete from recovery_codes where user_id = $1", [userId]);
      for (const hash of hashes)
        await db.query("insert into recovery_codes (id, user_id, code_hash) values ($1, $2, $3)", [
          newId(),
          userId,
          hash,
        ]);
    },
    /** Marks an unused code as used; false when there is none with that hash. */
    async useRecoveryCode(userId: string, hash: string): Promise<boolean> {
      const rows = await db.query(
        "update recovery_codes set used_at = now() where user_id = $1 and code_hash = $2 and used_at is null returning id",
        [userId, hash],
      );
      return rows.length === 1;
    },
    async recoveryCodesLeft(userId: string): Promise<number> {
      const [row] = await db.query<{ count: number }>(
        "select count(*)::int as count from recovery_codes where user_id = $1 and used_at is null",
        [userId],
      );
      return row!.count;
    },
    async passkeysOf(userId: string): Promise<PasskeyRow[]> {
      return db.query<PasskeyRow>("select * from passkeys where user_id = $1 order by id", [userId]);
    },
    async passkeyByCredential(credentialId: string): Promise<PasskeyRow | undefined> {
      const [row] = await db.query<PasskeyRow>("select * from passkeys where credential_id = $1", [
        credentialId,
      ]);
      return row;
    },
    async addPasskey(input: {
      userId: string;
      name: string;
      credentialId: string;
      publicKey: Uint8Array;
      counter: number;
      transports: string[];
    }): Promise<PasskeyRow> {
      const [row] = await db.query<PasskeyRow>(
        `insert into passkeys (id, user_id, name, credential_id, public_key, counter, transports)
         values ($1, $2, $3, $4, $5, $6, $7) returning *`,
        [
          newId(),
          input.userId,
          input.name,
          input.credentialId,
          input.publicKey,
          input.counter,
          input.transports,
        ],
      );
      return row!;
    },
    async passkeyUsed(id: string, counter: number): Promise<void> {
      await db.query("update passkeys set counter = $2, last_used_at = now() where id = $1", [id, counter]);
    },
    async renamePasskey(userId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
      const [row] = await db.query<PasskeyRow>(
        "update passkeys set name = $3 where id = $2 and user_id = $1 returning *",
        [userId, id, name],
      );
      return row;
    },
    async removePasskey(userId: string, id: string): Promise<boolean> {
      const rows = await db.query("delete from passkeys where id = $2 and user_id = $1 returning id", [
        userId,
        id,
      ]);
      return rows.length === 1;
    },
    /** Whether a member has any second factor (TOTP on, or a passkey). */
    async factorsOf(userId: string): Promise<{ totp: boolean; passkeys: number }> {
      const [row] = await db.query<{ totp: boolean; passkeys: number }>(
        `select u.totp_enabled_at is not null as totp,
           (select count(*)::int from passkeys p where p.user_id = u.id) as passkeys
         from users u where u.id = $1`,
        [userId],
      );
      return row ?? { totp: false, passkeys: 0 };
    },
    /** `how`: for a sign-in's code step, how that sign-in began (its session says so, migration 0060). */
    async createChallenge(
      kind: ChallengeKind,
      userId: string | null,
      secret: string,
      ttlMs: number,
      how: StepOrigin = {},
    ) {
      await db.query("delete from second_factor_challenges where expires_at < now()");
      await db.query(
        `insert into second_factor_challenges (id, kind, user_id, secret, expires_at, sign_in, sso_provider)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          newId(),
          kind,
          userId,
          secret,
          new Date(Date.now() + ttlMs),
          how.signIn ?? "password",
          how.ssoProvider ?? null,
        ],
      );
    },
    /** Takes a live challenge (single use: it is gone afterwards); undefined when unknown or expired. */
    async takeChallenge(kind: ChallengeKind, secret: string): Promise<ChallengeRow | undefined> {
      const [row] = await db.query<ChallengeRow>(
        `delete from second_factor_challenges where kind = $1 and secret = $2 and expires_at > $3
         returning user_id, sign_in, sso_provider`,
        [kind, secret, new Date()],
      );
      return row;
    },
    async findChallenge(
      kind: ChallengeKind,
      secret: string,
    ): Promise<{ user_id: string | null } | undefined> {
      const [row] = await db.query<{ user_id: string | null }>(
        "select user_id from second_factor_challenges where kind = $1 and secret = $2 and expires_at > $3",
        [kind, secret, new Date()],
      );
      return row;
    },
    /** Active members with neither TOTP nor a passkey: whom a required second factor stops. */
    /** The active members with neither TOTP nor a passkey: those the Owner's rule stops. */
    async membersWithout(): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `select u.id from users u
         where u.disabled_at is null and u.totp_enabled_at is null
           and not exists (select 1 from passkeys p where p.user_id = u.id)`,
      );
      return rows.map((row) => row.id);
    },
    async required(): Promise<boolean> {
      const [row] = await db.query<{ second_factor_required: boolean }>(
        "select second_factor_required from security_settings",
      );
      return row?.second_factor_required ?? false;
    },
    async setRequired(required: boolean): Promise<void> {
      await db.query("update security_settings set second_factor_required = $1, updated_at = now()", [
        required,
      ]);
    },
  };
}
