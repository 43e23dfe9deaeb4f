import { newAccountId, newKeyId } from "../platform/ids.ts";
import type { Database } from "../storage/database.ts";
import { displayPrefix, generateApiKey, hashApiKey } from "./api-key-format.ts";

export type AccountStatus = "active" | "suspended";

export interface Account {
  id: string;
  email: string;
  status: AccountStatus;
  billingEnabled: boolean;
  createdAt: Date;
}

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  name: string;
  displayPrefix: string;
  scopes: string[] | null;
  ratePerSecond: number | null;
  expiresAt: Date | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** A key together with the account facts that auth needs, read in one query. */
export interface KeyWithAccount extends ApiKeyRecord {
  accountStatus: AccountStatus;
  billingEnabled: boolean;
}

export interface NewKey {
  name?: string;
  scopes?: string[] | null;
  ratePerSecond?: number | null;
  expiresAt?: Date | null;
}

export class EmailTakenError extends Error {
  override name = "EmailTakenError";
}

const KEY_COLUMNS = `k.id, k.account_id, k.name, k.display_prefix, k.scopes, k.rate_per_second, k.expires_at,
  k.created_at, k.last_used_at, k.revoked_at`;

interface KeyRow {
  id: string;
  account_id: string;
  name: string;
  display_prefix: string;
  scopes: string[] | null;
  rate_per_second: number | null;
  expires_at: Date | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const toKey = (r: KeyRow): ApiKeyRecord => ({
  id: r.id,
  accountId: r.account_id,
  name: r.name,
  displayPrefix: r.display_prefix,
  scopes: r.scopes,
  ratePerSecond: r.rate_per_second,
  expiresAt: r.expires_at,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  revokedAt: r.revoked_at,
});

interface AccountRow {
  id: string;
  email: string;
  status: AccountStatus;
  billing_enabled: boolean;
  created_at: Date;
}
const toAccount = (r: AccountRow): Account => ({
  id: r.id,
  email: r.email,
  status: r.status,
  billingEnabled: r.billing_enabled,
  createdAt: r.created_at,
});

/** Accounts and API keys in SQL. Balances live with the ledger (server/billing). */
export class AccountStore {
  constructor(private readonly db: Database) {}

  async createAccount(input: { email: string; billingEnabled?: boolean }): Promise<Account> {
    const id = newAccountId();
    try {
      const { rows } = await this.db.query<AccountRow>(
        `INSERT INTO accounts (id, email, billing_enabled) VALUES ($1, $2, $3)
         RETURNING id, email, status, billing_enabled, created_at`,
        [id, input.email.toLowerCase(), input.billingEnabled ?? true],
      );
      return toAccount(rows[0]!);
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailTakenError(`an account with email ${input.email} exists`);
      throw error;
    }
  }

  async getAccount(id: string): Promise<Account | null> {
    const { rows } = await this.db.query<AccountRow>(
      "SELECT id, email, status, billing_enabled, created_at FROM accounts WHERE id = $1",
      [id],
    );
    return rows[0] ? toAccount(rows[0]) : null;
  }

  async setStatus(id: string, status: AccountStatus): Promise<boolean> {
    const { rowCount } = await this.db.query("UPDATE accounts SET status = $2 WHERE id = $1", [id, status]);
    return rowCount > 0;
  }

  async setBillingEnabled(id: string, enabled: boolean): Promise<boolean> {
    const { rowCount } = await this.db.query("UPDATE accounts SET billing_enabled = $2 WHERE id = $1", [
      id,
      enabled,
    ]);
    return rowCount > 0;
  }

  /** Creates a key and returns it in full: the only time the full key exists outside the caller. */
  async createKey(accountId: string, input: NewKey = {}): Promise<{ record: ApiKeyRecord; key: string }> {
    const key = generateApiKey();
    const { rows } = await this.db.query<KeyRow>(
      `INSERT INTO api_keys AS k (id, account_id, name, display_prefix, hash, scopes, rate_per_second, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       RETURNING ${KEY_COLUMNS}`,
      [
        newKeyId(),
        accountId,
        input.name ?? "",
        displayPrefix(key),
        hashApiKey(key),
        input.scopes ?? null,
        input.ratePerSecond ?? null,
        input.expiresAt ?? null,
      ],
    );
    return { record: toKey(rows[0]!), key };
  }

  /** Revokes a key; false when there is no such key. Revoking twice keeps the first time. */
  async revokeKey(keyId: string, at: Date): Promise<ApiKeyRecord | null> {
    const { rows } = await this.db.query<KeyRow>(
      `UPDATE api_keys AS k SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1 RETURNING ${KEY_COLUMNS}`,
      [keyId, at],
    );
    return rows[0] ? toKey(rows[0]) : null;
  }

  async listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    const { rows } = await this.db.query<KeyRow>(
      `SELECT ${KEY_COLUMNS} FROM api_keys k WHERE k.account_id = $1 ORDER BY k.created_at, k.id`,
      [accountId],
    );
    return rows.map(toKey);
  }

  async findKeyByHash(hash: string): Promise<KeyWithAccount | null> {
    const { rows } = await this.db.query<KeyRow & { status: AccountStatus; billing_enabled: boolean }>(
      `SELECT ${KEY_COLUMNS}, a.status, a.billing_enabled
       FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.hash = $1`,
      [hash],
    );
    const row = rows[0];
    if (!row) return null;
    return { ...toKey(row), accountStatus: row.status, billingEnabled: row.billing_enabled };
  }

  /** Writes many keys' last-used times in one statement (the hot path never writes per call). */
  async recordLastUsed(uses: ReadonlyMap<string, Date>): Promise<void> {
    if (uses.size === 0) return;
    await this.db.query(
      `UPDATE api_keys AS k SET last_used_at = GREATEST(COALESCE(k.last_used_at, u.at), u.at)
       FROM unnest($1::text[], $2::timestamptz[]) AS u(id, at) WHERE k.id = u.id`,
      [[...uses.keys()], [...uses.values()]],
    );
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";
}
