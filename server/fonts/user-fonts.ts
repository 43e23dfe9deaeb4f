import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { GatewayError } from "../../src/contract/errors.ts";
import { SCRIPTS, type Script, type UserFont } from "../../src/contract/image-translate.ts";
import type { UserFontSource } from "../../src/fonts/font-library.ts";
import { requiredScript } from "../../src/fonts/script-gate.ts";
import type { Logger } from "../platform/logger.ts";
import type { FontChecker } from "./font-checker.ts";
import { FontRequestError } from "./font-request-error.ts";
import { FontLimitError, type StoredFont, type UserFontStore } from "./font-store.ts";

export interface UserFontsOptions {
  /** Spec, Limits: soft cap of fonts per user. */
  softCap: number;
  /** Renderer bytes kept in memory, by content hash (immutable, so never stale). */
  cacheBytes: number;
  now: () => Date;
  logger: Logger;
}

/**
 * User fonts: uploads checked in a worker and stored, the dashboard's list and delete, and what a
 * translate call naming `user/<id>` needs. A call reads the font's row every time (one indexed query
 * against a translation's hundreds of milliseconds), so a deletion stops the font at once on every
 * server process; only the files, which never change under their hash, are cached.
 */
export class UserFonts {
  private readonly files: LRUCache<string, Uint8Array>;

  constructor(
    readonly store: UserFontStore,
    readonly checker: FontChecker,
    private readonly options: UserFontsOptions,
  ) {
    this.files = new LRUCache<string, Uint8Array>({
      maxSize: options.cacheBytes,
      sizeCalculation: (bytes) => Math.max(1, bytes.byteLength),
    });
  }

  async list(accountId: string): Promise<UserFont[]> {
    return (await this.store.list(accountId)).map((s) => s.font);
  }

  /** Checks a file in a worker and stores it; a refusal is a FontRequestError saying why in words. */
  async upload(accountId: string, displayName: string, bytes: Uint8Array): Promise<UserFont> {
    const held = (await this.store.list(accountId)).length;
    if (held >= this.options.softCap) throw limitReached(this.options.softCap);
    const outcome = await this.checker.inspect(bytes);
    if (outcome.kind === "timed-out") {
      throw new FontRequestError(
        "FONT_INVALID",
        "The font could not be checked in time (it is too complex or built to stall a parser); it was refused.",
      );
    }
    if (outcome.kind === "crashed") {
      this.options.logger.warn("a font check thread died on an upload", { accountId, bytes: bytes.length });
      throw new FontRequestError(
        "FONT_INVALID",
        "The font could not be checked (reading it exhausted the checker's memory); it was refused.",
      );
    }
    const result = outcome.result;
    if (result.kind === "refused") throw new FontRequestError(result.code, result.reason);
    const hash = createHash("sha256").update(bytes).digest("hex");
    try {
      const stored = await this.store.create({
        accountId,
        displayName: displayName || result.facts.family,
        facts: result.facts,
        hash,
        sfnt: result.sfnt,
        uploadBytes: bytes.length,
        limit: this.options.softCap,
      });
      return stored.font;
    } catch (error) {
      if (error instanceof FontLimitError) throw limitReached(this.options.softCap);
      throw error;
    }
  }

  delete(accountId: string, id: string): Promise<boolean> {
    return this.store.delete(accountId, id, this.options.now());
  }

  /** A PNG of sample text of `script` (default: the first script the font covers) in the font. */
  async preview(accountId: string, id: string, script?: Script): Promise<Uint8Array> {
    const stored = await this.store.get(id);
    if (stored === undefined || stored.accountId !== accountId || stored.state === "deleted")
      throw new FontRequestError("FONT_NOT_FOUND", `You have no font ${id}.`);
    const coverage = stored.font.glyphCoverage;
    const chosen = script ?? SCRIPTS.find((s) => coverage[s]);
    if (chosen === undefined || !coverage[chosen]) {
      const covered = SCRIPTS.filter((s) => coverage[s]).join(", ");
      throw new FontRequestError(
        "FONT_GLYPH_COVERAGE",
        `Font ${stored.font.displayName} has no ${chosen ?? "usable"} glyphs; it covers ${covered || "no script"}.`,
      );
    }
    const bytes = await this.fileOf(stored);
    if (bytes === undefined) throw new FontRequestError("FONT_NOT_FOUND", `You have no font ${id}.`);
    const outcome = await this.checker.preview(bytes, stored.font.ref, chosen);
    if (outcome.kind !== "done")
      throw new FontRequestError("FONT_CHECK_UNAVAILABLE", "The preview could not be drawn; retry.");
    return outcome.result;
  }

  /**
   * What a translate call needs of `user/<id>`: the caller's own usable font, covering the target's
   * required script when the call draws text (checked here, before the call is charged or any work).
   */
  async resolveForCall(
    accountId: string,
    ref: string,
    call: { targetLanguage: string; render: boolean },
  ): Promise<UserFontSource> {
    const stored = await this.store.get(ref.slice("user/".length));
    // Another account's font answers exactly as a missing one: ids are not to be probed.
    if (stored === undefined || stored.accountId !== accountId)
      throw new GatewayError(
        "FONT_NOT_FOUND",
        `${ref} does not exist or is not one of this account's fonts.`,
      );
    if (stored.state === "deleted")
      throw new GatewayError(
        "FONT_NOT_READY",
        `${ref} was deleted; upload it again in the dashboard to use it.`,
      );
    if (stored.state === "rejected") {
      const why = stored.stateReason ? ` (${stored.stateReason})` : "";
      throw new GatewayError("FONT_NOT_READY", `${ref} was rejected${why} and cannot be used.`);
    }
    const script = requiredScript(call.targetLanguage);
    if (call.render && script !== undefined && !stored.font.glyphCoverage[script]) {
      throw new GatewayError(
        "FONT_GLYPH_COVERAGE",
        `Font ${ref} has no ${script} glyphs, which target language ${call.targetLanguage} needs.`,
      );
    }
    let bytes: Uint8Array | undefined;
    try {
      bytes = await this.fileOf(stored);
    } catch (cause) {
      throw new GatewayError("FONT_RESOLVE_ERROR", `Font ${ref} could not be loaded; retry the request.`, {
        cause,
      });
    }
    if (bytes === undefined)
      throw new GatewayError("FONT_RESOLVE_ERROR", `Font ${ref} could not be loaded; retry the request.`);
    return { ref, bytes, hash: stored.fileHash! };
  }

  private async fileOf(stored: StoredFont): Promise<Uint8Array | undefined> {
    const hash = stored.fileHash;
    if (hash === null) return undefined;
    const kept = this.files.get(hash);
    if (kept !== undefined) return kept;
    const bytes = await this.store.file(hash);
    if (bytes !== undefined) this.files.set(hash, bytes);
    return bytes;
  }

  close(): Promise<void> {
    return this.checker.close();
  }
}

function limitReached(cap: number): FontRequestError {
  return new FontRequestError(
    "FONT_LIMIT_REACHED",
    `You already have ${cap} fonts, the most an account may hold; delete one before uploading another.`,
  );
}
