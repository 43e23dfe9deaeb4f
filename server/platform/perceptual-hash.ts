/**
 * A perceptual hash of a picture: the signs of the low frequencies of a 32×32 DCT-II against their median
 * (pHash), plus the mean colour of a coarse grid. Both survive resizing, JPEG re-encoding and a crop of a
 * few per cent. The sandbox's visual search and the seller comparison each pick their own resolution.
 */
export interface PerceptualHash {
  /** (low × low) hash bits, the DC term's bit always 0. */
  bits: Uint32Array;
  /** Mean RGB of a grid × grid layout, 0..255. */
  colors: Float32Array;
}

export interface HashShape {
  /** The side of the low-frequency corner kept: low × low bits. */
  low: number;
  /** The side of the colour grid. */
  grid: number;
}

/** The side of the square the picture is shrunk to before hashing. */
export const HASH_SIDE = 32;

const cosTables = new Map<number, Float64Array>();

function cosTable(low: number): Float64Array {
  let table = cosTables.get(low);
  if (!table) {
    table = new Float64Array(low * HASH_SIDE);
    for (let u = 0; u < low; u++) {
      for (let x = 0; x < HASH_SIDE; x++) {
        table[u * HASH_SIDE + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * HASH_SIDE));
      }
    }
    cosTables.set(low, table);
  }
  return table;
}

/** The hash of HASH_SIDE × HASH_SIDE RGBA pixels. */
export function perceptualHash(rgba: Uint8ClampedArray, { low, grid }: HashShape): PerceptualHash {
  const side = HASH_SIDE;
  const gray = new Float64Array(side * side);
  const colors = new Float32Array(grid * grid * 3);
  const cell = side / grid;
  for (let i = 0; i < side * side; i++) {
    const r = rgba[i * 4]!;
    const g = rgba[i * 4 + 1]!;
    const b = rgba[i * 4 + 2]!;
    gray[i] = 0.299 * r + 0.587 * g + 0.114 * b;
    const c = (Math.floor(Math.floor(i / side) / cell) * grid + Math.floor((i % side) / cell)) * 3;
    colors[c] = colors[c]! + r / (cell * cell);
    colors[c + 1] = colors[c + 1]! + g / (cell * cell);
    colors[c + 2] = colors[c + 2]! + b / (cell * cell);
  }
  const coefficients = dctLowCorner(gray, low);
  // The DC term says only how bright the picture is; the median of the rest splits the bits evenly.
  const median = coefficients.slice(1).sort()[Math.floor((low * low - 1) / 2)]!;
  const bits = new Uint32Array(Math.ceil((low * low) / 32));
  for (let i = 1; i < low * low; i++) {
    if (coefficients[i]! > median) bits[i >>> 5] = (bits[i >>> 5]! | (1 << (i & 31))) >>> 0;
  }
  return { bits, colors };
}

/** The low × low corner of a 2-D DCT-II, computed separably. */
function dctLowCorner(gray: Float64Array, low: number): Float64Array {
  const side = HASH_SIDE;
  const cos = cosTable(low);
  const rows = new Float64Array(low * side);
  for (let v = 0; v < low; v++) {
    for (let x = 0; x < side; x++) {
      let sum = 0;
      for (let y = 0; y < side; y++) sum += gray[y * side + x]! * cos[v * side + y]!;
      rows[v * side + x] = sum;
    }
  }
  const out = new Float64Array(low * low);
  for (let v = 0; v < low; v++) {
    for (let u = 0; u < low; u++) {
      let sum = 0;
      for (let x = 0; x < side; x++) sum += rows[v * side + x]! * cos[u * side + x]!;
      out[v * low + u] = sum;
    }
  }
  return out;
}

/** Differing bits of two hashes of one shape. */
export function hammingDistance(a: Uint32Array, b: Uint32Array): number {
  let differing = 0;
  for (let i = 0; i < a.length; i++) differing += popcount(a[i]! ^ b[i]!);
  return differing;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
