/**
 * Stage 5c: rebuilds a badge's backdrop under its erased text. The general fill draws from every known
 * pixel around a hole, so where the text's mask reaches the badge's edge (type close to a round badge's
 * rim) the colour outside the badge bleeds in and the rim turns to a smear. Here the badge's own colour is
 * a model (a quadratic surface, so a gradient pill keeps its gradient) fitted to the backdrop pixels the
 * erase did not touch; the badge's shape under the hole is the backdrop's indicator filled in smoothly (a
 * rim crossing the hole continues across it); inside it the hole takes the model's colour, and outside it
 * the hole is filled again from the outside ground alone.
 */

import type { Rgb } from "../contract/image-translate.ts";
import { inpaint, pullPush, type Window } from "./inpaint.ts";
import type { RgbaImage } from "./raster.ts";
import { scratchUint8 } from "./scratch.ts";

/** Backdrop pixels: this far (RGB distance) from the badge's colour, then from the fitted surface. */
const NEAR_GROUND = 60;
const NEAR_MODEL = 28;
/** Fewer backdrop pixels than this and the model is not trusted. */
const MIN_SAMPLES = 24;

export interface BadgeBackdrop {
  /** The badge's bounding box, grown enough to see its rim and some ground beyond it. */
  window: Window;
  /** The colour of the badge's fill near the text. */
  ground: Rgb;
}

/** Repaints the masked pixels of `image` inside `window` (already filled by the general inpaint). */
export function refillBadge(image: RgbaImage, mask: Uint8Array, badge: BadgeBackdrop): void {
  const { window: win, ground } = badge;
  const { w, h } = win;
  if (w <= 2 || h <= 2) return;
  const n = w * h;
  const at = (p: number) => ((win.y + Math.floor(p / w)) * image.width + win.x + (p % w)) * 4;
  const hole = new Uint8Array(n);
  let holes = 0;
  for (let p = 0; p < n; p++) {
    if (mask[at(p) / 4]) {
      hole[p] = 1;
      holes++;
    }
  }
  if (holes === 0) return;
  const near = (p: number, c: Rgb, limit: number) => {
    const i = at(p);
    const d = image.data;
    return (d[i]! - c.r) ** 2 + (d[i + 1]! - c.g) ** 2 + (d[i + 2]! - c.b) ** 2 <= limit * limit;
  };
  let backdrop = classify(n, hole, (p) => near(p, ground, NEAR_GROUND));
  let model = fitSurface(image, at, backdrop, w);
  if (model === undefined) return;
  // Second pass: pixels near the fitted surface (the far end of a gradient is far from its middle colour).
  backdrop = classify(n, hole, (p) => near(p, model!(p % w, Math.floor(p / w)), NEAR_MODEL));
  model = fitSurface(image, at, backdrop, w);
  if (model === undefined) return;
  // Holes that touch only the badge's fill need no shape: all of them are inside it.
  const inside = touchesOtherGround(hole, backdrop, w, h) ? shapeUnderHoles(hole, backdrop, w, h) : hole;
  // Inside the shape: the model's colour. Outside: filled again, from the ground beyond the rim only.
  // Full-size masks (inpaint's indexing), from reused buffers: a listing can carry a dozen badges.
  const outside = scratchUint8("badge-refill.outside", image.width * image.height);
  const ignore = scratchUint8("badge-refill.ignore", image.width * image.height);
  let outsideHoles = 0;
  for (let p = 0; p < n; p++) {
    const gi = at(p);
    if (hole[p] && inside[p]) {
      const c = model(p % w, Math.floor(p / w));
      image.data[gi] = c.r;
      image.data[gi + 1] = c.g;
      image.data[gi + 2] = c.b;
      ignore[gi / 4] = 1;
    } else if (hole[p]) {
      outside[gi / 4] = 1;
      outsideHoles++;
    } else if (backdrop[p]) ignore[gi / 4] = 1;
  }
  if (outsideHoles > 0) inpaint(image, outside, [win], ignore);
}

/** Whether some hole pixel has a known neighbour that is not the badge's fill (the rim, other ground). */
function touchesOtherGround(hole: Uint8Array, backdrop: Uint8Array, w: number, h: number): boolean {
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0; x < w; x++, p++) {
      if (!hole[p]) continue;
      if (x > 0 && !hole[p - 1] && !backdrop[p - 1]) return true;
      if (x < w - 1 && !hole[p + 1] && !backdrop[p + 1]) return true;
      if (y > 0 && !hole[p - w] && !backdrop[p - w]) return true;
      if (y < h - 1 && !hole[p + w] && !backdrop[p + w]) return true;
    }
  }
  return false;
}

function classify(n: number, hole: Uint8Array, isBackdrop: (p: number) => boolean): Uint8Array {
  const out = new Uint8Array(n);
  for (let p = 0; p < n; p++) if (!hole[p] && isBackdrop(p)) out[p] = 1;
  return out;
}

/**
 * Which hole pixels lie inside the badge: the backdrop's indicator (1 on backdrop, 0 on other known
 * pixels) filled harmonically into the holes, above one half.
 */
function shapeUnderHoles(hole: Uint8Array, backdrop: Uint8Array, w: number, h: number): Uint8Array {
  const n = w * h;
  const values = new Float32Array(n * 3);
  const known = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    if (hole[p]) continue;
    known[p] = 1;
    const v = backdrop[p]!;
    values[p * 3] = v;
    values[p * 3 + 1] = v;
    values[p * 3 + 2] = v;
  }
  const filled = pullPush(values, known, w, h, 0);
  const inside = new Uint8Array(n);
  for (let p = 0; p < n; p++) if (hole[p] && filled[p * 3]! >= 0.5) inside[p] = 1;
  return inside;
}

type Surface = (x: number, y: number) => Rgb;

/** Least-squares quadratic surface per channel over the backdrop pixels (window coordinates). */
function fitSurface(
  image: RgbaImage,
  at: (p: number) => number,
  backdrop: Uint8Array,
  w: number,
): Surface | undefined {
  const h = backdrop.length / w;
  // Coordinates scaled to about [-1, 1], so the normal equations stay well conditioned.
  const sx = 2 / Math.max(1, w);
  const sy = 2 / Math.max(1, h);
  const ata = new Float64Array(36);
  const atb = [new Float64Array(6), new Float64Array(6), new Float64Array(6)];
  const t = new Float64Array(6);
  // A smooth surface needs a few thousand samples, not every pixel of a large badge.
  const step = Math.max(1, Math.floor(Math.sqrt(backdrop.length / 4000)));
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
      const i = at(p);
      for (let a = 0; a < 6; a++) {
        for (let b = 0; b < 6; b++) ata[a * 6 + b]! += t[a]! * t[b]!;
        for (let c = 0; c < 3; c++) atb[c]![a]! += t[a]! * image.data[i + c]!;
      }
    }
  }
  if (count < MIN_SAMPLES) return undefined;
  // A little ridge: a flat badge seen only in a band would otherwise leave the curvature terms free.
  for (let a = 1; a < 6; a++) ata[a * 7]! += count * 1e-3;
  const coef = atb.map((b) => solve(ata, b));
  if (coef.some((c) => c === undefined)) return undefined;
  const [kr, kg, kb] = coef as Float64Array[];
  const ch = (k: Float64Array, u: number, v: number) =>
    Math.max(
      0,
      Math.min(
        255,
        Math.round(k[0]! + k[1]! * u + k[2]! * v + k[3]! * u * u + k[4]! * u * v + k[5]! * v * v),
      ),
    );
  return (x, y) => {
    const u = x * sx - 1;
    const v = y * sy - 1;
    return { r: ch(kr!, u, v), g: ch(kg!, u, v), b: ch(kb!, u, v) };
  };
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
