import { createHash } from "node:crypto";
import { newAccountId, randomBase62 } from "../platform/ids.ts";
import type { Database } from "../storage/database.ts";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "./passwords.ts";

export class EmailInUseError extends Error {
  override name = "EmailInUseError";
}

const RESET_TTL_MS = 60 * 60 * 1000;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Accounts that sign in with an email and a password, and their one-time reset links. */
export class CredentialStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  /** Creates the account and its password in one transaction. */
  async signUp(email: string, password: string): Promise<{ accountId: string }> {
    const accountId = newAccountId();
    const passwordHash = await hashPassword(password);
    try {
      await this.db.transaction(async (tx) => {
        await tx.query("INSERT INTO accounts (id, email, billing_enabled) VALUES ($1, $2, TRUE)", [
          accountId,
          email.toLowerCase(),
        ]);
        await tx.query("INSERT INTO account_passwords (account_id, password_hash) VALUES ($1, $2)", [
          accountId,
          passwordHash,
        ]);
      });
    } catch (error) {
      if ((error as { code?: string }).code === "23505") throw new EmailInUseError(email);
      throw error;
    }
    return { accountId };
  }

  /** The account whose password this is, or null; takes as long for an unknown email as for a known one. */
  async verify(email: string, password: string): Promise<{ accountId: string } | null> {
    const { rows } = await this.db.query<{ id: string; password_hash: string }>(
      `SELECT a.id, p.password_hash FROM accounts a JOIN account_passwords p ON p.account_id = a.id
       WHERE a.email = $1 AND a.status = 'active'`,
      [email.toLowerCase()],
    );
    const row = rows[0];
    if (!row) return verifyAgainstNothing(password).then(() => null);
    return (await verifyPassword(password, row.password_hash)) ? { accountId: row.id } : null;
  }

  /** A one-time reset token for the account of this email, or null when there is none. */
  async createReset(email: string): Promise<{ accountId: string; token: string } | null> {
    const { rows } = await this.db.query<{ id: string }>(
      `SELECT a.id FROM accounts a JOIN account_passwords p ON p.account_id = a.id WHERE a.email = $1`,
      [email.toLowerCase()],
    );
    const accountId = rows[0]?.id;
    if (!accountId) return null;
    const token = randomBase62(43);
    await this.db.query(
      "INSERT INTO password_resets (token_hash, account_id, expires_at) VALUES ($1, $2, $3)",
      [hashToken(token), accountId, new Date(this.now().getTime() + RESET_TTL_MS)],
    );
    return { accountId, token };
  }

  /** Sets a new password with a reset token; the token works once. Null when it is unknown, used or old. */
  async resetPassword(token: string, password: string): Promise<{ accountId: string } | null> {
    const passwordHash = await hashPassword(password);
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ account_id: string }>(
        `UPDATE password_resets SET used_at = $2
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING account_id`,
        [hashToken(token), this.now()],
      );
      const accountId = rows[0]?.account_id;
      if (!accountId) return null;
      await tx.query(
        "UPDATE account_passwords SET password_hash = $2, updated_at = $3 WHERE account_id = $1",
        [accountId, passwordHash, this.now()],
      );
      return { accountId };
    });
  }
}
