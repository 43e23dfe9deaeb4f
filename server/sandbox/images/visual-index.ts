import { type Canvas, createCanvas, type Image, loadImage } from "@napi-rs/canvas";
import type { CatalogProduct, MarketCatalog } from "../catalog/catalog.ts";
import { drawProductImage } from "./render.ts";

/**
 * Visual search of the sandbox: a 64-bit DCT perceptual hash plus a coarse colour layout per image.
 * Both survive resizing and JPEG re-encoding, so a copy of a catalog image finds its product first.
 * The index is built on the first image search of a marketplace from small renders (a few hundred
 * milliseconds), never at start-up.
 */

const SIDE = 32;
const LOW = 16;
const GRID = 8;
const WORDS = (LOW * LOW) / 32;

export interface Fingerprint {
  /** 256 hash bits (the sign of the low-frequency DCT coefficients against their median). */
  bits: Uint32Array;
  /** Mean RGB of an 8x8 grid, 192 values 0..255. */
  colors: Float32Array;
}

export interface VisualMatch {
  product: CatalogProduct;
  image: number;
  distance: number;
  /** 0..1, 1 for an identical fingerprint. */
  similarity: number;
}

const COS = (() => {
  const table = new Float64Array(SIDE * SIDE);
  for (let u = 0; u < SIDE; u++) {
    for (let x = 0; x < SIDE; x++) table[u * SIDE + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE));
  }
  return table;
})();

function fromPixels(rgba: Uint8ClampedArray): Fingerprint {
  const gray = new Float64Array(SIDE * SIDE);
  const colors = new Float32Array(GRID * GRID * 3);
  const cell = SIDE / GRID;
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const i = (y * SIDE + x) * 4;
      const r = rgba[i]!;
      const g = rgba[i + 1]!;
      const b = rgba[i + 2]!;
      gray[y * SIDE + x] = 0.299 * r + 0.587 * g + 0.114 * b;
      const c = (Math.floor(y / cell) * GRID + Math.floor(x / cell)) * 3;
      colors[c] = colors[c]! + r / (cell * cell);
      colors[c + 1] = colors[c + 1]! + g / (cell * cell);
      colors[c + 2] = colors[c + 2]! + b / (cell * cell);
    }
  }
  // The low-frequency corner of a 2-D DCT-II, computed separably.
  const rows = new Float64Array(LOW * SIDE);
  for (let v = 0; v < LOW; v++) {
    for (let x = 0; x < SIDE; x++) {
      let sum = 0;
      for (let y = 0; y < SIDE; y++) sum += gray[y * SIDE + x]! * COS[v * SIDE + y]!;
      rows[v * SIDE + x] = sum;
    }
  }
  const coefficients = new Float64Array(LOW * LOW);
  for (let v = 0; v < LOW; v++) {
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let x = 0; x < SIDE; x++) sum += rows[v * SIDE + x]! * COS[u * SIDE + x]!;
      coefficients[v * LOW + u] = sum;
    }
  }
  const median = coefficients.slice(1).sort()[Math.floor((LOW * LOW - 1) / 2)]!;
  const bits = new Uint32Array(WORDS);
  for (let i = 1; i < LOW * LOW; i++) {
    if (coefficients[i]! > median) bits[i >>> 5] = (bits[i >>> 5]! | (1 << (i & 31))) >>> 0;
  }
  return { bits, colors };
}

let shared: Canvas | undefined;

function shrink(source: Canvas | Image): Fingerprint {
  // One small canvas serves every fingerprint (this runs synchronously, one at a time).
  shared ??= createCanvas(SIDE, SIDE);
  const ctx = shared.getContext("2d");
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  // Transparent pixels read as white, as a product photo's background would be.
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, SIDE, SIDE);
  ctx.drawImage(source, 0, 0, SIDE, SIDE);
  return fromPixels(ctx.getImageData(0, 0, SIDE, SIDE).data);
}

/** Fingerprint of encoded image bytes (JPEG, PNG, WebP, GIF, AVIF); throws when they do not decode. */
export async function fingerprintBytes(bytes: Buffer): Promise<Fingerprint> {
  return shrink(await loadImage(bytes));
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function distance(a: Fingerprint, b: Fingerprint): number {
  let hamming = 0;
  for (let i = 0; i < WORDS; i++) hamming += popcount(a.bits[i]! ^ b.bits[i]!);
  let color = 0;
  for (let i = 0; i < a.colors.length; i++) color += Math.abs(a.colors[i]! - b.colors[i]!);
  // Both terms on a 0..64 scale: the share of differing bits, and the mean colour difference.
  return (hamming / (LOW * LOW - 1)) * 64 + (color / a.colors.length / 255) * 64;
}

export class VisualIndex {
  readonly #catalog: MarketCatalog;
  #entries: { product: CatalogProduct; image: number; fp: Fingerprint }[] | undefined;

  constructor(catalog: MarketCatalog) {
    this.#catalog = catalog;
  }

  #build() {
    const entries: { product: CatalogProduct; image: number; fp: Fingerprint }[] = [];
    const canvas = createCanvas(64, 64);
    for (const product of this.#catalog.products) {
      for (let n = 0; n < product.imageCount; n++) {
        entries.push({
          product,
          image: n,
          fp: shrink(drawProductImage(product, n, this.#catalog.lang, 64, canvas)),
        });
      }
    }
    return entries;
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
