import type { MemberLevel, Site } from "@backoffice/contracts";
import { newId, type Queryable } from "@backoffice/db";

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  role: string;
  level: MemberLevel;
  sites: Site[] | null;
  disabled_at: Date | null;
  last_sign_in_at: Date | null;
  created_at: Date;
}

export function usersRepository(db: Queryable) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.query<UserRow>("select * from users where lower(email) = lower($1)", [
        email.trim(),
      ]);
      return row;
    },
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.query<UserRow>("select * from users where id = $1", [id]);
      return row;
    },
    async create(input: { email: string; passwordHash: string; role: string }): Promise<UserRow> {
      const [row] = await db.query<UserRow>(
        "insert into users (id, email, password_hash, role) values ($1, $2, $3, $4) returning *",
        [newId(), input.email.trim(), input.passwordHash, input.role],
      );
      return row!;
    },
    async update(
      id: string,
      changes: { email?: string; passwordHash?: string; role?: string },
    ): Promise<UserRow> {
      const [row] = await db.query<UserRow>(
        `update users set email = coalesce($2, email), password_hash = coalesce($3, password_hash),
           role = coalesce($4, role), updated_at = now() where id = $1 returning *`,
        [id, changes.email?.trim() ?? null, changes.passwordHash ?? null, changes.role ?? null],
      );
      return row!;
    },
    /** A completed sign-in: the Team screen's last sign-in. */
    async recordSignIn(id: string, at: Date): Promise<void> {
      await db.query("update users set last_sign_in_at = $2 where id = $1", [id, at]);
    },
    async list(): Promise<UserRow[]> {
      return db.query<UserRow>("select * from users order by id");
    },
    async count(): Promise<number> {
      const [row] = await db.query<{ count: number }>("select count(*)::int as count from users");
      return row!.count;
    },
  };
}

export interface SessionRow {
  id: string;
  user_id: string;
  expires_at: Date;
}

/** A live session as `findLive` answers it: the session, its member and their second factor. */
export interface LiveSessionRow extends SessionRow, Pick<UserRow, "email" | "role" | "level" | "sites"> {
  /** The member has a second factor: TOTP on or a passkey. */
  second_factor: boolean;
  /** An Owner requires a second factor of every member (`security_settings`). */
  second_factor_required: boolean;
}

/** A session as the sessions list shows it (docs/PRODUCT-RULES.md#sessions). */
export interface SessionListRow {
  id: string;
  name: string | null;
  user_agent: string | null;
  address: string | null;
  created_at: Date;
  last_active_at: Date;
  last_screen: string | null;
}

/** `last_active_at` is written at most this often per session, so reads do not write on every request. */
export const ACTIVITY_WRITE_EVERY_MS = 60_000;

/** The sign-in's client, kept on its session for the sessions list and the known-address rule. */
export interface SessionClient {
  userAgent: string | null;
  address: string;
  /** How the session began (History's sign-in entry): a password (the default) or single sign-on. */
  signIn?: "password" | "sso";
  /** The provider's amr said a second factor was used: it stands for the member's own (docs/SSO.md). */
  providerMfa?: boolean;
  /** The provider of an SSO session (its sign-out page: RP-initiated logout). */
  ssoProvider?: string;
}

export function sessionsRepository(db: Queryable) {
  return {
    async create(
      userId: string,
      tokenHash: string,
      expiresAt: Date,
      client?: SessionClient,
    ): Promise<SessionRow> {
      const [row] = await db.query<SessionRow>(
        `insert into sessions (id, user_id, token_hash, expires_at, user_agent, address, sign_in, provider_mfa,
           sso_provider)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id, user_id, expires_at`,
        [
          newId(),
          userId,
          tokenHash,
          expiresAt,
          client?.userAgent ?? null,
          client?.address ?? null,
          client?.signIn ?? "password",
          client?.providerMfa ?? false,
          client?.ssoProvider ?? null,
        ],
      );
      return row!;
    },
    /**
     * Which of these sessions are still live (as `findLive`), with their member's level and sites
     * now, without marking them active.
     */
    async stillLive(
      ids: string[],
      now: Date,
      idleMs: number,
    ): Promise<Map<string, Pick<UserRow, "level" | "sites">>> {
      const rows = await db.query<{ id: string } & Pick<UserRow, "level" | "sites">>(
        `select s.id, u.level, u.sites from sessions s join users u on u.id = s.user_id
         where s.id = any($1) and s.revoked_at is null and s.expires_at > $2 and s.last_active_at > $3
           and u.disabled_at is null`,
        [ids, now, new Date(now.getTime() - idleMs)],
      );
      return new Map(rows.map(({ id, level, sites }) => [id, { level, sites }]));
    },
    /**
     * The live session of a token hash, with its user: not revoked, before its absolute expiry, used
     * within `idleMs`, of a member not disabled. Marks it active, at most once a minute, with the
     * dashboard screen the request came from (`screen`, when it sent one; the write rate is the same). It also
     * carries the member's second factor (TOTP on or a passkey, migration 0021) and the Owner's rule,
     * so that the gate of every admin request needs no query of its own (second-factor-gate.ts).
     */
    async findLive(
      tokenHash: string,
      now: Date,
      idleMs: number,
      screen?: string,
    ): Promise<LiveSessionRow | undefined> {
      const [row] = await db.query<LiveSessionRow & { last_active_at: Date }>(
        `select s.id, s.user_id, s.expires_at, s.last_active_at, u.email, u.role, u.level, u.sites,
           u.totp_enabled_at is not null or exists (select 1 from passkeys p where p.user_id = u.id)
             as second_factor,
           -- A provider's second factor (SSO amr) satisfies the Owner's rule for this session.
           coalesce((select second_factor_required from security_settings), false) and not s.provider_mfa
             as second_factor_required
         from sessions s join users u on u.id = s.user_id
         where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and s.last_active_at > $3
           and u.disabled_at is null`,
        [tokenHash, now, new Date(now.getTime() - idleMs)],
      );
      if (!row) return undefined;
      if (now.getTime() - row.last_active_at.getTime() >= ACTIVITY_WRITE_EVERY_MS)
        await db.query(
          `update sessions set last_active_at = $2, last_screen = coalesce($3, last_screen)
           where id = $1 and last_active_at < $2`,
          [row.id, now, screen ?? null],
        );
      const { last_active_at: _, ...session } = row;
      return session;
    },
    /** Whether the session of a token hash was ended by a sign-out (revoked), not by time; read for a 401 only. */
    async wasSignedOut(tokenHash: string): Promise<boolean> {
      const [row] = await db.query<{ revoked: boolean }>(
        "select revoked_at is not null as revoked from sessions where token_hash = $1",
        [tokenHash],
      );
      return row?.revoked === true;
    },
    /** A member's live sessions (see `findLive`), newest first. */
    async listLive(userId: string, now: Date, idleMs: number): Promise<SessionListRow[]> {
      return db.query<SessionListRow>(
        `select id, name, user_agent, address, created_at, last_active_at, last_screen from sessions
         where user_id = $1 and revoked_at is null and expires_at > $2 and last_active_at > $3
         order by created_at desc, id desc`,
        [userId, now, new Date(now.getTime() - idleMs)],
      );
    },
    /** Names one of a user's live sessions (null: no name); the row, or undefined when not theirs or ended. */
    async rename(
      id: string,
      userId: string,
      name: string | null,
      now: Date,
      idleMs: number,
    ): Promise<SessionListRow | undefined> {
      const [row] = await db.query<SessionListRow>(
        `update sessions set name = $3
         where id = $1 and user_id = $2 and revoked_at is null and expires_at > $4 and last_active_at > $5
         returning id, name, user_agent, address, created_at, last_active_at, last_screen`,
        [id, userId, name, now, new Date(now.getTime() - idleMs)],
      );
      return row;
    },
    /** Revokes one session of a user; false when it is not theirs or already ended. */
    async revokeOwn(id: string, userId: string): Promise<boolean> {
      const rows = await db.query(
        "update sessions set revoked_at = now() where id = $1 and user_id = $2 and revoked_at is null returning id",
        [id, userId],
      );
      return rows.length > 0;
    },
    /**
     * Whether the account of `email` started a session from `address` since `since`: a known address,
     * which the per-account cap on password checks lets through (docs/decisions). Unknown emails run
     * the same query, so the answer takes the same time.
     */
    async isKnownAddress(email: string, address: string, since: Date): Promise<boolean> {
      const [row] = await db.query<{ known: boolean }>(
        `select exists (select 1 from sessions s join users u on u.id = s.user_id
           where lower(u.email) = lower($1) and s.address = $2 and s.created_at > $3) as known`,
        [email.trim(), address, since],
      );
      return row!.known;
    },
    async revoke(id: string): Promise<void> {
      await db.query("update sessions set revoked_at = now() where id = $1 and revoked_at is null", [id]);
    },
    /** Revokes every session of a user except `keepId`; returns how many. */
    async revokeAllOf(userId: string, keepId?: string): Promise<number> {
      const rows = await db.query(
        "update sessions set revoked_at = now() where user_id = $1 and revoked_at is null and id <> coalesce($2, '') returning id",
        [userId, keepId ?? null],
      );
      return rows.length;
    },
  };
}

export interface OtpRow {
  id: string;
  user_id: string;
  email: string;
  code_hash: string;
  expires_at: Date;
  failed_attempts: number;
}

export function otpRepository(db: Queryable) {
  return {
    /**
     * Opens a new code for a user asked from `address`, closing that pair's earlier open code (a new
     * code cancels the old); codes asked from other addresses stay open.
     */
    async replace(
      userId: string,
      email: string,
      address: string,
      id: string,
      codeHash: string,
      expiresAt: Date,
    ): Promise<void> {
      await db.query(
        "update otp_codes set closed_at = now() where user_id = $1 and address = $2 and closed_at is null",
        [userId, address],
      );
      await db.query(
        "insert into otp_codes (id, user_id, email, address, code_hash, expires_at) values ($1, $2, $3, $4, $5, $6)",
        [id, userId, email, address, codeHash, expiresAt],
      );
    },
    /** The open code of a user asked from `address`. */
    async findOpen(userId: string, address: string, now: Date): Promise<OtpRow | undefined> {
      const [row] = await db.query<OtpRow>(
        `select id, user_id, email, code_hash, expires_at, failed_attempts from otp_codes
         where user_id = $1 and address = $2 and closed_at is null and expires_at > $3
         order by id desc limit 1`,
        [userId, address, now],
      );
      return row;
    },
    /** Takes one of an open code's tries before it is compared; false when none is left. */
    async takeTry(id: string, maxTries: number): Promise<boolean> {
      const rows = await db.query(
        `update otp_codes set failed_attempts = failed_attempts + 1
         where id = $1 and closed_at is null and failed_attempts < $2 returning id`,
        [id, maxTries],
      );
      return rows.length > 0;
    },
    /** A right code's try is given back. */
    async giveTryBack(id: string): Promise<void> {
      await db.query("update otp_codes set failed_attempts = failed_attempts - 1 where id = $1", [id]);
    },
    /** After a wrong code: closed once its tries are used up. */
    async closeIfUsedUp(id: string, maxTries: number): Promise<void> {
      await db.query(
        "update otp_codes set closed_at = now() where id = $1 and closed_at is null and failed_attempts >= $2",
        [id, maxTries],
      );
    },
    async markVerified(id: string): Promise<void> {
      await db.query("update otp_codes set verified_at = now() where id = $1", [id]);
    },
    async close(id: string): Promise<void> {
      await db.query("update otp_codes set closed_at = now() where id = $1", [id]);
    },
  };
}
