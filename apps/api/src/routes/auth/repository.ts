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

export function sessionsRepository(db: Queryable) {
  return {
    async create(userId: string, tokenHash: string, expiresAt: Date): Promise<SessionRow> {
      const [row] = await db.query<SessionRow>(
        "insert into sessions (id, user_id, token_hash, expires_at) values ($1, $2, $3, $4) returning id, user_id, expires_at",
        [newId(), userId, tokenHash, expiresAt],
      );
      return row!;
    },
    /** The live session of a token hash, with its user. */
    async findLive(
      tokenHash: string,
      now: Date,
    ): Promise<(SessionRow & Pick<UserRow, "email" | "role" | "level" | "sites">) | undefined> {
      const [row] = await db.query<SessionRow & Pick<UserRow, "email" | "role" | "level" | "sites">>(
        `select s.id, s.user_id, s.expires_at, u.email, u.role, u.level, u.sites
         from sessions s join users u on u.id = s.user_id
         where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and u.disabled_at is null`,
        [tokenHash, now],
      );
      return row;
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
    /** Opens a new code for a user and closes any earlier open one (a new code cancels the old). */
    async replace(
      userId: string,
      email: string,
      id: string,
      codeHash: string,
      expiresAt: Date,
    ): Promise<void> {
      await db.query("update otp_codes set closed_at = now() where user_id = $1 and closed_at is null", [
        userId,
      ]);
      await db.query(
        "insert into otp_codes (id, user_id, email, code_hash, expires_at) values ($1, $2, $3, $4, $5)",
        [id, userId, email, codeHash, expiresAt],
      );
    },
    async findOpen(userId: string, now: Date): Promise<OtpRow | undefined> {
      const [row] = await db.query<OtpRow>(
        `select id, user_id, email, code_hash, expires_at, failed_attempts from otp_codes
         where user_id = $1 and closed_at is null and expires_at > $2 order by id desc limit 1`,
        [userId, now],
      );
      return row;
    },
    async recordFailure(id: string, maxAttempts: number): Promise<void> {
      await db.query(
        `update otp_codes set failed_attempts = failed_attempts + 1,
           closed_at = case when failed_attempts + 1 >= $2 then now() else closed_at end where id = $1`,
        [id, maxAttempts],
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
