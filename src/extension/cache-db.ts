/**
 * The extension's IndexedDB database (`idb`): translated pictures (`results`, with their sizes and last
 * use in `meta` for LRU eviction) and which bytes an image URL last gave (`sources`, so a revisit finds
 * its cached picture without downloading the image first).
 * To change the shape: bump CACHE_DB_VERSION and add a step to `upgrade` from the previous version.
 */
import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { PaintedResult } from "./protocol.ts";

export const CACHE_DB_VERSION = 2;

export interface ResultEntry {
  key: string;
  result: PaintedResult;
  size: number;
}

export interface ResultMeta {
  key: string;
  size: number;
  usedAt: number;
}

export interface SourceEntry {
  /** The image's best source URL (the first candidate the page gave). */
  url: string;
  /** SHA-256 of the bytes that URL gave when last downloaded. */
  hash: string;
  /** When those bytes were last downloaded and hashed (ms since the epoch). */
  checkedAt: number;
}

export interface CacheDb extends DBSchema {
  results: { key: string; value: ResultEntry };
  meta: { key: string; value: ResultMeta; indexes: { usedAt: number } };
  sources: { key: string; value: SourceEntry; indexes: { checkedAt: number } };
}

export type CacheDatabase = IDBPDatabase<CacheDb>;

export function openCacheDb(name: string): Promise<CacheDatabase> {
  return openDB<CacheDb>(name, CACHE_DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore("results", { keyPath: "key" });
        db.createObjectStore("meta", { keyPath: "key" }).createIndex("usedAt", "usedAt");
      }
      if (oldVersion < 2)
        db.createObjectStore("sources", { keyPath: "url" }).createIndex("checkedAt", "checkedAt");
    },
  });
}
