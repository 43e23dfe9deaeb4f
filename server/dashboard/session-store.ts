import { createHash } from "node:crypto";
import { randomBase62 } from "../platform/ids.ts";
import type { Database } from "../storage/database.ts";

export interface DashboardSession {
  accountId: string;
  csrfToken: string;
  expiresAt: Date;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Browser sessions in the database, so every server process sees them and a sign-out or a password
 * reset ends them everywhere. The cookie holds 43 random base62 characters (256 bits); only their hash
 * is stored. Each sign-in makes a new session (a token planted before sign-in is never promoted).
 */
export class SessionStore {
  constructor(
    private readonly db: Database,
    private readonly ttlMs: number,
    private readonly now: () => Date,
  ) {}

  async create(accountId: string): Promise<{ token: string } & DashboardSession> {
    const token = randomBase62(43);
    const csrfToken = randomBase62(32);
    const expiresAt = new Date(this.now().getTime() + this.ttlMs);
    await this.db.query(
      `INSERT INTO dashboard_sessions (token_hash, account_id, csrf_token, expires_at) VALUES ($1, $2, $3, $4)`,
      [hashToken(token), accountId, csrfToken, expiresAt],
    );
    return { token, accountId, csrfToken, expiresAt };
  }

  /** The live session of a cookie value, or null (unknown, revoked or expired). */
  async find(token: string): Promise<DashboardSession | null> {
    if (!/^[0-9A-Za-z]{43}$/.test(token)) return null;
    const { rows } = await this.db.query<{ account_id: string; csrf_token: string; expires_at: Date }>(
      `SELECT s.account_id, s.csrf_token, s.expires_at FROM dashboard_sessions s
       JOIN accounts a ON a.id = s.account_id
       WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND a.status = 'active'`,
      [hashToken(token), this.now()],
    );
    const row = rows[0];
    return row ? { accountId: row.account_id, csrfToken: row.csrf_token, expiresAt: row.expires_at } : null;
  }

  async revoke(token: string): Promise<void> {
    await this.db.query(
      "UPDATE dashboard_sessions SET revoked_at = COALESCE(revoked_at, $2) WHERE token_hash = $1",
      [hashToken(token), this.now()],
    );
  }

  /** Ends every session of an account (a password reset). */
  async revokeAll(accountId: string): Promise<void> {
    await this.db.query(
      "UPDATE dashboard_sessions SET revoked_at = $2 WHERE account_id = $1 AND revoked_at IS NULL",
      [accountId, this.now()],
    );
  }
}
