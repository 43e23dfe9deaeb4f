import { type Canvas, createCanvas } from "@napi-rs/canvas";
import { Piscina } from "piscina";
import { readImageSize } from "../../platform/image-size.ts";
import { hammingDistance } from "../../platform/perceptual-hash.ts";
import type { CatalogProduct, MarketCatalog } from "../catalog/catalog.ts";
import { type Fingerprint, LOW, shrink } from "./fingerprint.ts";
import { drawProductImage } from "./render.ts";

export type { Fingerprint };

/**
 * Visual search of the sandbox: a 64-bit DCT perceptual hash plus a coarse colour layout per image.
 * Both survive resizing and JPEG re-encoding, so a copy of a catalog image finds its product first.
 * The index is built on the first image search of a marketplace from small renders (a few hundred
 * milliseconds), never at start-up.
 */

export interface VisualMatch {
  product: CatalogProduct;
  image: number;
  distance: number;
  /** 0..1, 1 for an identical fingerprint. */
  similarity: number;
}

/**
 * Fingerprint of encoded image bytes (JPEG, PNG, WebP, GIF, AVIF); throws when they do not decode. The
 * pixel size is read from the header first (over 8192 x 8192 is refused before any decoder allocates), and
 * the decode runs on a worker thread, one at a time, so an upload never stalls the server's event loop
 * and at most one decode's memory is held (issue 16 item 2).
 */
export async function fingerprintBytes(bytes: Buffer): Promise<Fingerprint> {
  readImageSize(bytes);
  decoder ??= new Piscina({
    filename: new URL("./fingerprint-worker.ts", import.meta.url).href,
    // One thread, kept: it loads the canvas once (a second or more on a busy machine).
    minThreads: 1,
    maxThreads: 1,
    execArgv: ["--import", "tsx"],
  });
  const fp = (await decoder.run(bytes)) as Fingerprint;
  return { bits: new Uint32Array(fp.bits), colors: new Float32Array(fp.colors) };
}

let decoder: Piscina | undefined;

/** Starts the decoding thread ahead of the first upload (the sandbox's warm-up). */
export async function warmFingerprintDecoder(): Promise<void> {
  const tiny = createCanvas(8, 8);
  await fingerprintBytes(tiny.toBuffer("image/png"));
}

/** Stops the decoding thread (the sandbox's close). */
export async function closeFingerprintDecoder(): Promise<void> {
  const closing = decoder?.destroy();
  decoder = undefined;
  await closing;
}

export function distance(a: Fingerprint, b: Fingerprint): number {
  const hamming = hammingDistance(a.bits, b.bits);
  let color = 0;
  for (let i = 0; i < a.colors.length; i++) color += Math.abs(a.colors[i]! - b.colors[i]!);
  // Both terms on a 0..64 scale: the share of differing bits, and the mean colour difference.
  return (hamming / (LOW * LOW - 1)) * 64 + (color / a.colors.length / 255) * 64;
}

type IndexEntry = { product: CatalogProduct; image: number; fp: Fingerprint };
/** Longest stretch the warm-up holds the event loop. */
const WARM_SLICE_MS = 10;

export class VisualIndex {
  readonly #catalog: MarketCatalog;
  #entries: IndexEntry[] | undefined;

  constructor(catalog: MarketCatalog) {
    this.#catalog = catalog;
  }

  #build() {
    const entries: IndexEntry[] = [];
    const canvas = createCanvas(64, 64);
    for (const product of this.#catalog.products) this.#add(entries, product, canvas);
    return entries;
  }

  #add(entries: IndexEntry[], product: CatalogProduct, canvas: Canvas): void {
    for (let n = 0; n < product.imageCount; n++) {
      entries.push({
        product,
        image: n,
        fp: shrink(drawProductImage(product, n, this.#catalog.lang, 64, canvas)),
      });
    }
  }

  /**
   * Builds the index ahead of the first search, yielding to the event loop every few milliseconds: built
   * in one go it held the server's thread for seconds right after start-up, and every request (even
   * /healthz) waited behind it (issue 16 item 11).
   */
  async warm(): Promise<void> {
    if (this.#entries) return;
    const entries: IndexEntry[] = [];
    const canvas = createCanvas(64, 64);
    let slice = performance.now();
    for (const product of this.#catalog.products) {
      if (this.#entries) return;
      this.#add(entries, product, canvas);
      if (performance.now() - slice > WARM_SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        slice = performance.now();
      }
    }
    this.#entries ??= entries;
  }

  #ready() {
    if (!this.#entries) this.#entries = this.#build();
    return this.#entries;
  }

  get size(): number {
    return this.#ready().length;
  }

  /** The products whose images are nearest the query, best first, one entry per product. */
  nearest(query: Fingerprint, limit: number): VisualMatch[] {
    const entries = this.#ready();
    const best = new Map<CatalogProduct, { image: number; distance: number }>();
    for (const entry of entries) {
      const d = distance(query, entry.fp);
      const seen = best.get(entry.product);
      if (!seen || d < seen.distance) best.set(entry.product, { image: entry.image, distance: d });
    }
    return [...best.entries()]
      .sort((a, b) => a[1].distance - b[1].distance || a[0].index - b[0].index)
      .slice(0, limit)
      .map(([product, m]) => ({
        product,
        image: m.image,
        distance: m.distance,
        similarity: Math.max(0, 1 - m.distance / 64),
      }));
  }
}
