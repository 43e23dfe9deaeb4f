import type { Script, UserFont } from "../../src/contract/image-translate.ts";
import { randomBase62 } from "../platform/ids.ts";
import type { Database } from "../storage/database.ts";
import type { FontFacts } from "./font-check-task.ts";

/** Spec, States and transitions (user fonts): usable → deleted; rejected is named by FONT_NOT_READY. */
export type UserFontState = "usable" | "rejected" | "deleted";

/** A font row as the server needs it to resolve `user/<id>`: who owns it, its state, its file. */
export interface StoredFont {
  font: UserFont;
  accountId: string;
  state: UserFontState;
  stateReason: string | null;
  fileHash: string | null;
  createdAt: Date;
}

export class FontLimitError extends Error {
  override name = "FontLimitError";
}

interface FontRow {
  id: string;
  account_id: string;
  display_name: string;
  family: string;
  weight: number;
  italic: boolean;
  format: UserFont["format"];
  glyph_coverage: Record<Script, boolean>;
  state: UserFontState;
  state_reason: string | null;
  file_hash: string | null;
  created_at: Date;
}

const COLUMNS = `id, account_id, display_name, family, weight, italic, format, glyph_coverage, state, state_reason,
  file_hash, created_at`;

export const newFontId = (): string => `fnt_${randomBase62(16)}`;

/**
 * User fonts in the database: metadata per upload, files once per content hash. Nothing is cached here:
 * every process reads the same rows, so a deletion is seen by all of them at the next call.
 */
export class UserFontStore {
  constructor(private readonly db: Database) {}

  /** The account's fonts that are not deleted, oldest first. */
  async list(accountId: string): Promise<StoredFont[]> {
    const { rows } = await this.db.query<FontRow>(
      `SELECT ${COLUMNS} FROM user_fonts WHERE account_id = $1 AND state <> 'deleted' ORDER BY created_at, id`,
      [accountId],
    );
    return rows.map(toStored);
  }

  /** Any font by id, whatever its owner or state (the caller decides what the caller may learn). */
  async get(id: string): Promise<StoredFont | undefined> {
    const { rows } = await this.db.query<FontRow>(`SELECT ${COLUMNS} FROM user_fonts WHERE id = $1`, [id]);
    return rows[0] ? toStored(rows[0]) : undefined;
  }

  /**
   * Stores an accepted upload; the file once per hash. Throws FontLimitError when the account already
   * holds `limit` fonts (checked under a lock on the account row, so two uploads cannot both pass).
   */
  async create(input: {
    accountId: string;
    displayName: string;
    facts: FontFacts;
    hash: string;
    sfnt: Uint8Array;
    uploadBytes: number;
    limit: number;
  }): Promise<StoredFont> {
    return this.db.transaction(async (tx) => {
      const owner = await tx.query("SELECT id FROM accounts WHERE id = $1 FOR UPDATE", [input.accountId]);
      if (owner.rows.length === 0) throw new Error(`no account ${input.accountId}`);
      const held = await tx.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM user_fonts WHERE account_id = $1 AND state <> 'deleted'",
        [input.accountId],
      );
      if (held.rows[0]!.n >= input.limit) throw new FontLimitError(`${held.rows[0]!.n} fonts held`);
      await tx.query(
        `INSERT INTO font_files (hash, sfnt, upload_bytes) VALUES ($1, $2, $3) ON CONFLICT (hash) DO NOTHING`,
        [input.hash, input.sfnt, input.uploadBytes],
      );
      const { facts } = input;
      const { rows } = await tx.query<FontRow>(
        `INSERT INTO user_fonts (id, account_id, display_name, family, weight, italic, format, glyph_coverage, file_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9) RETURNING ${COLUMNS}`,
        [
          newFontId(),
          input.accountId,
          input.displayName,
          facts.family,
          facts.weight,
          facts.italic,
          facts.format,
          JSON.stringify(facts.glyphCoverage),
          input.hash,
        ],
      );
      return toStored(rows[0]!);
    });
  }

  /**
   * Deletes one of the account's fonts: the row stays as `deleted` (so calls naming it answer
   * FONT_NOT_READY) and the file goes when no other font uses it. False when the account holds no such font.
   */
  async delete(accountId: string, id: string, now: Date): Promise<boolean> {
    const { rows } = await this.db.query<{ hash: string }>(
      `UPDATE user_fonts f SET state = 'deleted', deleted_at = $3, file_hash = NULL
       FROM user_fonts old WHERE f.id = old.id AND f.id = $1 AND f.account_id = $2 AND f.state <> 'deleted'
       RETURNING old.file_hash AS hash`,
      [id, accountId, now],
    );
    const hash = rows[0]?.hash;
    if (hash === undefined) return false;
    // Best effort: an upload of the same file committing at this moment keeps it (its reference wins).
    await this.db
      .query(
        "DELETE FROM font_files WHERE hash = $1 AND NOT EXISTS (SELECT 1 FROM user_fonts WHERE file_hash = $1)",
        [hash],
      )
      .catch(() => undefined);
    return true;
  }

  /** Marks a font rejected (an operator's decision; calls naming it answer FONT_NOT_READY with the reason). */
  async reject(id: string, reason: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      "UPDATE user_fonts SET state = 'rejected', state_reason = $2 WHERE id = $1 AND state = 'usable'",
      [id, reason],
    );
    return rowCount > 0;
  }

  /** A stored file's renderer bytes, or undefined when no such file is stored. */
  async file(hash: string): Promise<Uint8Array | undefined> {
    const { rows } = await this.db.query<{ sfnt: Uint8Array }>(
      "SELECT sfnt FROM font_files WHERE hash = $1",
      [hash],
    );
    const bytes = rows[0]?.sfnt;
    return bytes ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : undefined;
  }
}

function toStored(row: FontRow): StoredFont {
  return {
    font: {
      id: row.id,
      ref: `user/${row.id}`,
      displayName: row.display_name,
      family: row.family,
      weight: row.weight,
      italic: row.italic,
      format: row.format,
      glyphCoverage: row.glyph_coverage,
    },
    accountId: row.account_id,
    state: row.state,
    stateReason: row.state_reason,
    fileHash: row.file_hash,
    createdAt: row.created_at,
  };
}
