import { type Canvas, createCanvas, type Image } from "@napi-rs/canvas";

/**
 * The sandbox's image fingerprint: a 64-bit DCT perceptual hash plus a coarse colour layout. Kept apart
 * from the index so the decoding thread (fingerprint-worker.ts) loads only this and the canvas.
 */

const SIDE = 32;
export const LOW = 16;
const GRID = 8;
export const WORDS = (LOW * LOW) / 32;

export interface Fingerprint {
  /** 256 hash bits (the sign of the low-frequency DCT coefficients against their median). */
  bits: Uint32Array;
  /** Mean RGB of an 8x8 grid, 192 values 0..255. */
  colors: Float32Array;
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

export function shrink(source: Canvas | Image): Fingerprint {
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
