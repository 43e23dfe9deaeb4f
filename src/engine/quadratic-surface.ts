/**
 * A smooth colour surface (a quadratic per channel) fitted by least squares to chosen pixels of a window:
 * a badge's fill, gradient included, from the pixels around its text.
 */
import type { Window } from "./inpaint.ts";
import type { RgbaImage } from "./raster.ts";
import { scratchFloat32 } from "./scratch.ts";

/** Fewer samples than this and the surface is not trusted. */
const MIN_SAMPLES = 24;

/**
 * Least-squares quadratic surface per channel over the backdrop pixels, evaluated at every window pixel
 * (RGB, within 0..255). The array is reused by the next call.
 */
export function fitSurface(image: RgbaImage, win: Window, backdrop: Uint8Array): Float32Array | undefined {
  const { w, h } = win;
  // Coordinates scaled to about [-1, 1], so the normal equations stay well conditioned.
  const sx = 2 / Math.max(1, w);
  const sy = 2 / Math.max(1, h);
  const ata = new Float64Array(36);
  const atb = [new Float64Array(6), new Float64Array(6), new Float64Array(6)];
  const t = new Float64Array(6);
  // A smooth surface needs a thousand or so samples, not every pixel of a large badge.
  const step = Math.max(1, Math.floor(Math.sqrt(backdrop.length / 1500)));
  let count = 0;
  for (let y = 0; y < h; y += step) {
    for (let x = 0; x < w; x += step) {
      const p = y * w + x;
      if (!backdrop[p]) continue;
      count++;
      const u = x * sx - 1;
      const v = y * sy - 1;
      t[0] = 1;
      t[1] = u;
      t[2] = v;
      t[3] = u * u;
      t[4] = u * v;
      t[5] = v * v;
      const i = ((win.y + y) * image.width + win.x + x) * 4;
      const r = image.data[i]!;
      const g = image.data[i + 1]!;
      const b = image.data[i + 2]!;
      for (let a = 0; a < 6; a++) {
        const ta = t[a]!;
        for (let c = a; c < 6; c++) ata[a * 6 + c]! += ta * t[c]!;
        atb[0]![a]! += ta * r;
        atb[1]![a]! += ta * g;
        atb[2]![a]! += ta * b;
      }
    }
  }
  if (count < MIN_SAMPLES) return undefined;
  for (let a = 0; a < 6; a++) for (let c = 0; c < a; c++) ata[a * 6 + c] = ata[c * 6 + a]!;
  // A little ridge: a flat badge seen only in a band would otherwise leave the curvature terms free.
  for (let a = 1; a < 6; a++) ata[a * 7]! += count * 1e-3;
  const coef = atb.map((b) => solve(ata, b));
  if (coef.some((c) => c === undefined)) return undefined;
  const field = scratchFloat32("quadratic-surface.field", w * h * 3, false);
  const [r, g, b] = coef as [Float64Array, Float64Array, Float64Array];
  // Per row the surface is a parabola in u: its three coefficients per channel are worked out once.
  for (let y = 0, p = 0; y < h; y++) {
    const v = y * sy - 1;
    const r0 = r[0]! + r[2]! * v + r[5]! * v * v;
    const r1 = r[1]! + r[4]! * v;
    const g0 = g[0]! + g[2]! * v + g[5]! * v * v;
    const g1 = g[1]! + g[4]! * v;
    const b0 = b[0]! + b[2]! * v + b[5]! * v * v;
    const b1 = b[1]! + b[4]! * v;
    const r2 = r[3]!;
    const g2 = g[3]!;
    const b2 = b[3]!;
    for (let x = 0; x < w; x++, p++) {
      const u = x * sx - 1;
      field[p * 3] = Math.max(0, Math.min(255, r0 + u * (r1 + u * r2)));
      field[p * 3 + 1] = Math.max(0, Math.min(255, g0 + u * (g1 + u * g2)));
      field[p * 3 + 2] = Math.max(0, Math.min(255, b0 + u * (b1 + u * b2)));
    }
  }
  return field;
}

/** Gaussian elimination with partial pivoting on a copy of the 6 x 6 system. */
function solve(matrix: Float64Array, rhs: Float64Array): Float64Array | undefined {
  const m = Float64Array.from(matrix);
  const b = Float64Array.from(rhs);
  const n = 6;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(m[r * n + col]!) > Math.abs(m[pivot * n + col]!)) pivot = r;
    if (Math.abs(m[pivot * n + col]!) < 1e-9) return undefined;
    if (pivot !== col) {
      for (let k = 0; k < n; k++) [m[col * n + k], m[pivot * n + k]] = [m[pivot * n + k]!, m[col * n + k]!];
      [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    }
    for (let r = col + 1; r < n; r++) {
      const f = m[r * n + col]! / m[col * n + col]!;
      for (let k = col; k < n; k++) m[r * n + k]! -= f * m[col * n + k]!;
      b[r]! -= f * b[col]!;
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let k = r + 1; k < n; k++) s -= m[r * n + k]! * x[k]!;
    x[r] = s / m[r * n + r]!;
  }
  return x;
}
