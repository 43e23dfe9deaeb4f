/**
 * Translated pictures in IndexedDB, keyed by the SHA-256 of the image bytes and the settings that shape
 * the result, bounded in bytes with least-recently-used eviction. A revisit, or a gallery that swaps back
 * to an image already translated, paints from here without running the engine; `sources` remembers which
 * bytes a URL gave, so such a repaint need not download the image first.
 */
import { type CacheDatabase, openCacheDb } from "./cache-db.ts";
import type { PaintedResult } from "./protocol.ts";
import { SourceMemo } from "./source-memo.ts";

/** How much of the cache is also kept in memory (the background's): a few dozen product pictures. */
const RECENT_BYTES = 16 * 1024 * 1024;

export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

export class ResultCache {
  private db: Promise<CacheDatabase> | undefined;
  /** Last use stamps strictly increase, so two uses in the same millisecond keep their order. */
  private lastUse = 0;
  readonly sources = new SourceMemo(() => this.open());
  /** The most recently used pictures, in memory too (a repaint then skips the database read). */
  private readonly recent = new Map<string, { result: PaintedResult; size: number }>();
  private recentBytes = 0;

  constructor(
    private readonly name = "marketlens-results",
    /** The bound, read at each eviction (the options page may change it at any time). */
    private readonly maxBytes: () => number | Promise<number> = () => 200 * 1024 * 1024,
  ) {}

  private open(): Promise<CacheDatabase> {
    this.db ??= openCacheDb(this.name);
    return this.db;
  }

  private stamp(): number {
    this.lastUse = Math.max(Date.now(), this.lastUse + 1);
    return this.lastUse;
  }

  async get(key: string): Promise<PaintedResult | undefined> {
    const db = await this.open();
    const entry = this.recent.get(key) ?? (await db.get("results", key));
    if (!entry) return undefined;
    this.remember(key, entry);
    // The last-use stamp is written behind the paint: LRU order needs it, the shopper does not wait for it.
    void db.put("meta", { key, size: entry.size, usedAt: this.stamp() }).catch(() => undefined);
    return entry.result;
  }

  private remember(key: string, entry: { result: PaintedResult; size: number }): void {
    this.forget(key);
    this.recent.set(key, { result: entry.result, size: entry.size });
    this.recentBytes += entry.size;
    for (const [oldest, e] of this.recent) {
      if (this.recentBytes <= RECENT_BYTES) break;
      this.recent.delete(oldest);
      this.recentBytes -= e.size;
    }
  }

  private forget(key: string): void {
    const known = this.recent.get(key);
    if (!known) return;
    this.recent.delete(key);
    this.recentBytes -= known.size;
  }

  async put(key: string, result: PaintedResult): Promise<void> {
    const db = await this.open();
    const size = result.image.byteLength + JSON.stringify(result.texts).length * 2;
    const tx = db.transaction(["results", "meta"], "readwrite");
    await tx.objectStore("results").put({ key, result, size });
    await tx.objectStore("meta").put({ key, size, usedAt: this.stamp() });
    await tx.done;
    this.remember(key, { result, size });
    await this.evict();
  }

  /** Drops the least recently used entries until the total fits the bound. */
  async evict(): Promise<number> {
    const db = await this.open();
    const metas = await db.getAllFromIndex("meta", "usedAt");
    let total = metas.reduce((sum, m) => sum + m.size, 0);
    const limit = await this.maxBytes();
    let dropped = 0;
    const tx = db.transaction(["results", "meta"], "readwrite");
    for (const m of metas) {
      if (total <= limit) break;
      await tx.objectStore("results").delete(m.key);
      await tx.objectStore("meta").delete(m.key);
      this.forget(m.key);
      total -= m.size;
      dropped++;
    }
    await tx.done;
    return dropped;
  }

  async stats(): Promise<{ entries: number; bytes: number }> {
    const metas = await (await this.open()).getAll("meta");
    return { entries: metas.length, bytes: metas.reduce((sum, m) => sum + m.size, 0) };
  }

  /** The cache's keys, least recently used first. */
  async keys(): Promise<string[]> {
    return (await (await this.open()).getAllFromIndex("meta", "usedAt")).map((m) => m.key);
  }

  async clear(): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(["results", "meta"], "readwrite");
    await tx.objectStore("results").clear();
    await tx.objectStore("meta").clear();
    await tx.done;
    this.recent.clear();
    this.recentBytes = 0;
    await this.sources.clear();
  }
}
