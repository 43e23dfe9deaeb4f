import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { randomBase62 } from "../platform/ids.ts";
import type { Database } from "../storage/database.ts";

/**
 * Device tokens of connected extensions: `mle_` + 43 base62 characters (256 bits). They open `/app/*`
 * only (the /v1 authenticator refuses anything that is not an `mlk_live_` key). Only a hash is stored.
 */
export const EXTENSION_TOKEN_PREFIX = "mle_";
const TOKEN_PATTERN = /^mle_[0-9A-Za-z]{43}$/;
const LAST_USE_RESOLUTION_MS = 60_000;

export interface ExtensionTokenRecord {
  id: string;
  name: string;
  displayPrefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

interface Found {
  tokenId: string;
  accountId: string;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export class ExtensionTokenStore {
  /** Token hash -> who it is, for at most ttlMs (how long a revocation made by another process may lag). */
  private readonly cache: LRUCache<string, Found | { revoked: true }>;
  private readonly lastWritten = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly options: { ttlMs: number; now: () => Date },
  ) {
    this.cache = new LRUCache({ max: 10_000, ttl: Math.max(1, options.ttlMs) });
  }

  async create(accountId: string, name: string): Promise<{ tokenId: string; token: string }> {
    const token = `${EXTENSION_TOKEN_PREFIX}${randomBase62(43)}`;
    const tokenId = `ext_${randomBase62(16)}`;
    await this.db.query(
      `INSERT INTO extension_tokens (id, account_id, name, hash, display_prefix) VALUES ($1, $2, $3, $4, $5)`,
      [tokenId, accountId, name, hashToken(token), token.slice(0, 8)],
    );
    return { tokenId, token };
  }

  async list(accountId: string): Promise<ExtensionTokenRecord[]> {
    const { rows } = await this.db.query<{
      id: string;
      name: string;
      display_prefix: string;
      created_at: Date;
      last_used_at: Date | null;
    }>(
      `SELECT id, name, display_prefix, created_at, last_used_at FROM extension_tokens
       WHERE account_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC`,
      [accountId],
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      displayPrefix: r.display_prefix,
      createdAt: r.created_at,
      lastUsedAt: r.last_used_at,
    }));
  }

  /** Revokes one of the account's tokens; false when the account has no such live token. */
  async revoke(accountId: string, tokenId: string): Promise<boolean> {
    const { rows } = await this.db.query<{ hash: string }>(
      `UPDATE extension_tokens SET revoked_at = $3 WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL
       RETURNING hash`,
      [tokenId, accountId, this.options.now()],
    );
    const hash = rows[0]?.hash;
    if (hash) this.cache.set(hash, { revoked: true });
    return hash !== undefined;
  }

  /** Forgets a token revoked by another process (the invalidation bus calls this). */
  forget(tokenId: string): void {
    for (const [hash, entry] of this.cache.entries()) {
      if ("tokenId" in entry && entry.tokenId === tokenId) this.cache.delete(hash);
    }
  }

  /** Who a token belongs to, or null (malformed, unknown, revoked, or its account suspended). */
  async authenticate(token: string): Promise<Found | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const hash = hashToken(token);
    let entry = this.cache.get(hash);
    if (!entry) {
      const { rows } = await this.db.query<{ id: string; account_id: string; revoked_at: Date | null }>(
        `SELECT t.id, t.account_id, t.revoked_at FROM extension_tokens t JOIN accounts a ON a.id = t.account_id
         WHERE t.hash = $1 AND a.status = 'active'`,
        [hash],
      );
      const row = rows[0];
      entry =
        row && row.revoked_at === null ? { tokenId: row.id, accountId: row.account_id } : { revoked: true };
      this.cache.set(hash, entry);
    }
    if (!("tokenId" in entry)) return null;
    this.noteUse(entry.tokenId);
    return entry;
  }

  /** Last use, written at most once a minute per token (not on every call). */
  private noteUse(tokenId: string): void {
    const now = this.options.now();
    const last = this.lastWritten.get(tokenId) ?? 0;
    if (now.getTime() - last < LAST_USE_RESOLUTION_MS) return;
    this.lastWritten.set(tokenId, now.getTime());
    void this.db
      .query("UPDATE extension_tokens SET last_used_at = $2 WHERE id = $1", [tokenId, now])
      .catch(() => this.lastWritten.delete(tokenId));
  }
}
