/**
 * Which bytes an image URL gave last time (URL -> SHA-256), in memory and in IndexedDB. With it a revisit
 * or a gallery swap looks its translated picture up and paints at once, instead of downloading and hashing
 * the image first; the download then runs after the paint, to notice an image that changed at the same
 * URL (see `translate-image.ts`). Bounded: the oldest entries go past MAX_SOURCES.
 */
import type { CacheDatabase, SourceEntry } from "./cache-db.ts";

const MAX_SOURCES = 5000;
/** Trim the stored entries once in this many writes (a count of the store on every write is wasted work). */
const TRIM_EVERY = 200;

/** Web addresses only: a data: or blob: URL holds or names its bytes already (and may be megabytes long). */
const remembered = (url: string) => /^https?:/.test(url) && url.length <= 4096;

export class SourceMemo {
  private readonly memory = new Map<string, SourceEntry>();
  private writes = 0;

  constructor(private readonly db: () => Promise<CacheDatabase>) {}

  async get(url: string): Promise<SourceEntry | undefined> {
    if (!remembered(url)) return undefined;
    const known = this.memory.get(url);
    if (known) return known;
    const stored = await (await this.db()).get("sources", url);
    if (stored) this.remember(stored);
    return stored;
  }

  async set(url: string, hash: string, checkedAt = Date.now()): Promise<void> {
    if (!remembered(url)) return;
    const entry = { url, hash, checkedAt };
    this.remember(entry);
    const db = await this.db();
    await db.put("sources", entry);
    if (++this.writes % TRIM_EVERY === 0) await this.trim(db);
  }

  async delete(url: string): Promise<void> {
    this.memory.delete(url);
    await (await this.db()).delete("sources", url);
  }

  async clear(): Promise<void> {
    this.memory.clear();
    await (await this.db()).clear("sources");
  }

  private remember(entry: SourceEntry): void {
    this.memory.delete(entry.url);
    this.memory.set(entry.url, entry);
    // A Map iterates in insertion order: the first key is the least recently remembered.
    if (this.memory.size > MAX_SOURCES) this.memory.delete(this.memory.keys().next().value!);
  }

  private async trim(db: CacheDatabase): Promise<void> {
    const extra = (await db.count("sources")) - MAX_SOURCES;
    if (extra <= 0) return;
    const tx = db.transaction("sources", "readwrite");
    let cursor = await tx.store.index("checkedAt").openCursor();
    for (let n = 0; cursor && n < extra; n++) {
      await cursor.delete();
      cursor = await cursor.continue();
    }
    await tx.done;
  }
}
