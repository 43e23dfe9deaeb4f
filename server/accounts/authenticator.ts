import { LRUCache } from "lru-cache";
import { GatewayError } from "../../src/contract/errors.ts";
import type { AccountStore, KeyWithAccount } from "./account-store.ts";
import { hashApiKey, isWellFormedApiKey } from "./api-key-format.ts";

/** Who is calling: what auth knows about the key and its account after a successful check. */
export interface Principal {
  keyId: string;
  accountId: string;
  scopes: string[] | null;
  ratePerSecond: number | null;
  billingEnabled: boolean;
}

export interface AuthenticatorOptions {
  /**
   * How long a key's record may be reused from memory. Revocations and suspensions reach every process
   * at once through the invalidation bus (server/platform/invalidations.ts); this bounds how long one
   * whose message was lost (a broken connection to the bus) is still served.
   */
  ttlMs: number;
  now?: () => number;
  maxEntries?: number;
}

/** A key as looked up, with the principal it grants made once (not on every call). */
type Cached = { record: KeyWithAccount | null; principal: Principal | null };

/**
 * Checks an x-api-key value. Records are cached by the key as sent (unknown ones too, so a flood of bad
 * keys does not become a flood of queries); the hash is computed only to look a key up in the
 * database, and concurrent misses for one key share one query.
 */
export class Authenticator {
  private readonly cache: LRUCache<string, Cached>;
  private readonly inflight = new Map<string, Promise<Cached>>();
  /** Bumped by every forget: a lookup that started before one must not cache what it read. */
  private generation = 0;
  private readonly now: () => number;

  constructor(
    private readonly store: AccountStore,
    options: AuthenticatorOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.cache = new LRUCache<string, Cached>({
      max: options.maxEntries ?? 50_000,
      ttl: Math.max(1, options.ttlMs),
      ttlAutopurge: false,
    });
  }

  /** Synchronous when the key is in memory (the hot path); a promise when the database is asked. */
  authenticate(headerValue: string | undefined): Principal | Promise<Principal> {
    if (headerValue === undefined || headerValue === "") {
      throw new GatewayError(
        "UNAUTHORIZED",
        "Missing x-api-key header. Create a key in the dashboard under API keys and send it as x-api-key.",
      );
    }
    const key = headerValue.trim();
    const cached = this.cache.get(key);
    return cached ? this.admit(cached) : this.lookup(key).then((entry) => this.admit(entry));
  }

  private admit({ record, principal }: Cached): Principal {
    if (record === null || principal === null) throw new GatewayError("UNAUTHORIZED", "Unknown API key.");
    if (record.revokedAt !== null) {
      throw new GatewayError(
        "UNAUTHORIZED",
        `This API key was revoked on ${record.revokedAt.toISOString()}.`,
      );
    }
    if (record.expiresAt !== null && record.expiresAt.getTime() <= this.now()) {
      throw new GatewayError("UNAUTHORIZED", `This API key expired on ${record.expiresAt.toISOString()}.`);
    }
    if (record.accountStatus === "suspended") {
      throw new GatewayError(
        "ACCOUNT_SUSPENDED",
        "The account of this key is suspended; every key on it is refused. Contact support to restore it.",
      );
    }
    return principal;
  }

  /** Forget one key at once (this process revoked it). */
  forgetKey(keyId: string): void {
    this.forgetWhere((record) => record.id === keyId);
  }

  /** Forget every key of an account at once (this process suspended or changed it). */
  forgetAccount(accountId: string): void {
    this.forgetWhere((record) => record.accountId === accountId);
  }

  private forgetWhere(match: (record: KeyWithAccount) => boolean): void {
    this.generation++;
    this.inflight.clear();
    const doomed: string[] = [];
    this.cache.forEach((entry, hash) => {
      if (entry.record !== null && match(entry.record)) doomed.push(hash);
    });
    for (const hash of doomed) this.cache.delete(hash);
  }

  private lookup(key: string): Promise<Cached> {
    let pending = this.inflight.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = (
        isWellFormedApiKey(key)
          ? this.store
              .findKeyByHash(hashApiKey(key))
              .then((record) => ({ record, principal: principalOf(record) }))
          : Promise.reject(
              new GatewayError(
                "UNAUTHORIZED",
                "The x-api-key header is not a valid Marketlens key (keys start with mlk_live_ and are 47 characters; check for a copy-paste error).",
              ),
            )
      )
        .then((entry) => {
          if (generation === this.generation) this.cache.set(key, entry);
          return entry;
        })
        .finally(() => {
          if (this.inflight.get(key) === pending) this.inflight.delete(key);
        });
      this.inflight.set(key, pending);
    }
    return pending;
  }
}

function principalOf(record: KeyWithAccount | null): Principal | null {
  if (record === null) return null;
  return {
    keyId: record.id,
    accountId: record.accountId,
    scopes: record.scopes,
    ratePerSecond: record.ratePerSecond,
    billingEnabled: record.billingEnabled,
  };
}
