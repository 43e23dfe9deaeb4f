/**
 * Translated pictures in IndexedDB, keyed by the SHA-256 of the image bytes and the settings that shape
 * the result, bounded in bytes with least-recently-used eviction. A revisit, or a gallery that swaps back
 * to an image already translated, paints from here without running the engine.
 */
import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { PaintedResult } from "./protocol.ts";

interface Entry {
  key: string;
  result: PaintedResult;
  size: number;
}

interface Meta {
  key: string;
  size: number;
  usedAt: number;
}

interface CacheDb extends DBSchema {
  results: { key: string; value: Entry };
  meta: { key: string; value: Meta; indexes: { usedAt: number } };
}

export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

export class ResultCache {
  private db: Promise<IDBPDatabase<CacheDb>> | undefined;

  constructor(
    private readonly name = "marketlens-results",
    private readonly maxBytes: () => number = () => 200 * 1024 * 1024,
  ) {}

  private open(): Promise<IDBPDatabase<CacheDb>> {
    this.db ??= openDB<CacheDb>(this.name, 1, {
      upgrade(db) {
        db.createObjectStore("results", { keyPath: "key" });
        db.createObjectStore("meta", { keyPath: "key" }).createIndex("usedAt", "usedAt");
      },
    });
    return this.db;
  }

  async get(key: string): Promise<PaintedResult | undefined> {
    const db = await this.open();
    const entry = await db.get("results", key);
    if (!entry) return undefined;
    await db.put("meta", { key, size: entry.size, usedAt: Date.now() });
    return entry.result;
  }

  async put(key: string, result: PaintedResult): Promise<void> {
    const db = await this.open();
    const size = result.image.byteLength + JSON.stringify(result.texts).length * 2;
    const tx = db.transaction(["results", "meta"], "readwrite");
    await tx.objectStore("results").put({ key, result, size });
    await tx.objectStore("meta").put({ key, size, usedAt: Date.now() });
    await tx.done;
    await this.evict();
  }

  /** Drops the least recently used entries until the total fits the bound. */
  async evict(): Promise<number> {
    const db = await this.open();
    const metas = await db.getAllFromIndex("meta", "usedAt");
    let total = metas.reduce((sum, m) => sum + m.size, 0);
    const limit = this.maxBytes();
    let dropped = 0;
    const tx = db.transaction(["results", "meta"], "readwrite");
    for (const m of metas) {
      if (total <= limit) break;
      await tx.objectStore("results").delete(m.key);
      await tx.objectStore("meta").delete(m.key);
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

  async clear(): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(["results", "meta"], "readwrite");
    await tx.objectStore("results").clear();
    await tx.objectStore("meta").clear();
    await tx.done;
  }
}
