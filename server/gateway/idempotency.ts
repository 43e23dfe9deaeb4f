import { createHash } from "node:crypto";
import { GatewayError } from "../../src/contract/errors.ts";
import type { Database } from "../storage/database.ts";

/**
 * Idempotency-Key on charged calls, with Stripe's semantics: the same key with the same request within
 * 24 hours gets the first call's result again and is charged once; the same key with a different
 * request is 400 INVALID_PARAMS. A duplicate that arrives while the first is still running waits for
 * it. Only a delivered (charged) result is kept: a call that failed charged nothing, so its key is
 * freed and a retry runs anew. Keys live in the database, so they hold across server processes.
 */

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** A key is remembered this long. */
const RETENTION = "24 hours";
/** A call still 'running' after this long was lost with its process: a duplicate may run instead. */
const ABANDONED = "5 minutes";
const WAIT_POLL_MS = 25;

/** The header's value checked; undefined when the call has none (the hot path: no database). */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!KEY_PATTERN.test(header)) {
    throw new GatewayError(
      "INVALID_PARAMS",
      "Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is a good choice).",
    );
  }
  return header;
}

/** A stable digest of what a call asks for; byte arrays (images) count by their SHA-256. */
export function fingerprintOf(request: unknown): string {
  const text = JSON.stringify(request, function (this: Record<string, unknown>, key, value) {
    const original = this[key]; // before toJSON: a Buffer is still bytes here
    return original instanceof Uint8Array
      ? `sha256:${createHash("sha256").update(original).digest("hex")}`
      : value;
  });
  return createHash("sha256")
    .update(text ?? "")
    .digest("base64url");
}

export class IdempotencyStore {
  constructor(private readonly db: Database) {}

  /**
   * Runs `work` once per (account, key): a retry of the same request gets the stored result; a
   * concurrent duplicate waits for the first.
   */
  async once<T>(accountId: string, key: string, fingerprint: string, work: () => Promise<T>): Promise<T> {
    for (;;) {
      if (await this.claim(accountId, key, fingerprint)) break;
      const row = await this.read(accountId, key);
      if (!row) continue; // the first failed and freed the key: claim it
      if (row.fingerprint !== fingerprint) {
        throw new GatewayError(
          "INVALID_PARAMS",
          "This Idempotency-Key was used with a different request in the last 24 hours; use a new key for a new request.",
        );
      }
      if (row.state === "done" && row.result !== null) return decode(row.result) as T;
      await sleep(WAIT_POLL_MS);
    }
    let result: T;
    try {
      result = await work();
    } catch (error) {
      await this.db
        .query("DELETE FROM idempotency_keys WHERE account_id = $1 AND idem_key = $2 AND state = 'running'", [
          accountId,
          key,
        ])
        .catch(() => {});
      throw error;
    }
    await this.db.query(
      "UPDATE idempotency_keys SET state = 'done', result = $3 WHERE account_id = $1 AND idem_key = $2",
      [accountId, key, encode(result)],
    );
    return result;
  }

  /** Deletes keys past their 24 hours. */
  async prune(): Promise<number> {
    const { rowCount } = await this.db.query(
      `DELETE FROM idempotency_keys WHERE created_at < now() - interval '${RETENTION}'`,
    );
    return rowCount;
  }

  /** True when this call owns the key now: new, expired, or abandoned by a process that died. */
  private async claim(accountId: string, key: string, fingerprint: string): Promise<boolean> {
    const { rows } = await this.db.query(
      `INSERT INTO idempotency_keys (account_id, idem_key, fingerprint) VALUES ($1, $2, $3)
       ON CONFLICT (account_id, idem_key) DO UPDATE
         SET fingerprint = EXCLUDED.fingerprint, state = 'running', result = NULL, created_at = now()
         WHERE idempotency_keys.created_at < now() - interval '${RETENTION}'
            OR (idempotency_keys.state = 'running' AND idempotency_keys.created_at < now() - interval '${ABANDONED}')
       RETURNING 1 AS claimed`,
      [accountId, key, fingerprint],
    );
    return rows.length === 1;
  }

  private async read(
    accountId: string,
    key: string,
  ): Promise<{ fingerprint: string; state: string; result: string | null } | undefined> {
    const { rows } = await this.db.query<{ fingerprint: string; state: string; result: string | null }>(
      "SELECT fingerprint, state, result FROM idempotency_keys WHERE account_id = $1 AND idem_key = $2",
      [accountId, key],
    );
    return rows[0];
  }
}

/** JSON that keeps byte arrays (a translated image) as base64. */
function encode(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, v) {
    const original = this[key]; // before toJSON: a Buffer is still bytes here
    return original instanceof Uint8Array ? { $bytes: Buffer.from(original).toString("base64") } : v;
  });
}

function decode(text: string): unknown {
  return JSON.parse(text, (_, v) =>
    v && typeof v === "object" && typeof (v as { $bytes?: unknown }).$bytes === "string"
      ? new Uint8Array(Buffer.from((v as { $bytes: string }).$bytes, "base64"))
      : v,
  );
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
