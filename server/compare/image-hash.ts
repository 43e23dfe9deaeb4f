import { createCanvas, loadImage } from "@napi-rs/canvas";

/**
 * A perceptual hash of a product picture: 64 bits from the signs of the low frequencies of a 32×32 DCT
 * (pHash), plus the mean colour of a 4×4 grid. Both survive resizing, JPEG re-encoding and a crop of a
 * few per cent, which is what marketplaces do to one maker's picture; two different products' pictures
 * differ in both.
 */
export interface ImageHash {
  bits: Uint32Array;
  colors: Float32Array;
}

const SIDE = 32;
const LOW = 8;
const GRID = 4;

const COS = (() => {
  const table = new Float64Array(LOW * SIDE);
  for (let u = 0; u < LOW; u++) {
    for (let x = 0; x < SIDE; x++) table[u * SIDE + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE));
  }
  return table;
})();

/** The hash of encoded image bytes (JPEG, PNG, WebP, GIF); throws when they do not decode. */
export async function hashImageBytes(bytes: Uint8Array): Promise<ImageHash> {
  const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const canvas = createCanvas(SIDE, SIDE);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, SIDE, SIDE);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(image, 0, 0, SIDE, SIDE);
  return hashPixels(ctx.getImageData(0, 0, SIDE, SIDE).data);
}

/** The hash of 32×32 RGBA pixels. */
export function hashPixels(rgba: Uint8ClampedArray): ImageHash {
  const gray = new Float64Array(SIDE * SIDE);
  const colors = new Float32Array(GRID * GRID * 3);
  const cell = SIDE / GRID;
  for (let i = 0; i < SIDE * SIDE; i++) {
    const r = rgba[i * 4]!;
    const g = rgba[i * 4 + 1]!;
    const b = rgba[i * 4 + 2]!;
    gray[i] = 0.299 * r + 0.587 * g + 0.114 * b;
    const x = i % SIDE;
    const y = Math.floor(i / SIDE);
    const c = (Math.floor(y / cell) * GRID + Math.floor(x / cell)) * 3;
    colors[c] = colors[c]! + r / (cell * cell);
    colors[c + 1] = colors[c + 1]! + g / (cell * cell);
    colors[c + 2] = colors[c + 2]! + b / (cell * cell);
  }
  const coefficients = dctLowCorner(gray);
  // The DC term says only how bright the picture is; the median of the rest splits the bits evenly.
  const median = [...coefficients.slice(1)].sort((a, b) => a - b)[Math.floor((LOW * LOW - 1) / 2)]!;
  const bits = new Uint32Array(2);
  for (let i = 1; i < LOW * LOW; i++) {
    if (coefficients[i]! > median) bits[i >>> 5] = (bits[i >>> 5]! | (1 << (i & 31))) >>> 0;
  }
  return { bits, colors };
}

function dctLowCorner(gray: Float64Array): Float64Array {
  const rows = new Float64Array(LOW * SIDE);
  for (let v = 0; v < LOW; v++) {
    for (let x = 0; x < SIDE; x++) {
      let sum = 0;
      for (let y = 0; y < SIDE; y++) sum += gray[y * SIDE + x]! * COS[v * SIDE + y]!;
      rows[v * SIDE + x] = sum;
    }
  }
  const out = new Float64Array(LOW * LOW);
  for (let v = 0; v < LOW; v++) {
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let x = 0; x < SIDE; x++) sum += rows[v * SIDE + x]! * COS[u * SIDE + x]!;
      out[v * LOW + u] = sum;
    }
  }
  return out;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * 1 for the same picture, about 0.5 or less for unrelated ones: the share of agreeing hash bits and the
 * colour layout's closeness, averaged.
 */
export function imageSimilarity(a: ImageHash, b: ImageHash): number {
  const differing = popcount(a.bits[0]! ^ b.bits[0]!) + popcount(a.bits[1]! ^ b.bits[1]!);
  let color = 0;
  for (let i = 0; i < a.colors.length; i++) color += Math.abs(a.colors[i]! - b.colors[i]!);
  const hashAgreement = 1 - differing / (LOW * LOW - 1);
  const colorAgreement = 1 - color / a.colors.length / 128;
  return Math.max(0, Math.min(1, (hashAgreement + Math.max(0, colorAgreement)) / 2));
}
