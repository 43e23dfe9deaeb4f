/**
 * Stage 5c: rebuilds a badge's backdrop under its text, before the general fill (which then leaves those
 * pixels alone). The general fill draws from every known pixel around a hole, so where the text's mask
 * reaches the badge's edge (type close to a round badge's rim) the colour outside the badge bleeds in and
 * the rim turns to a smear. Here the badge's own colour is a model (a quadratic surface, so a gradient pill
 * keeps its gradient) fitted to the backdrop pixels the erase does not touch, plus the fill's own slow
 * departures from it (uneven light on a photographed sign). The hole first takes in the text's halo beside
 * it (blurred edges, outlines, a 3D letter's shadow: pixels within the text's box that are not the badge's
 * colour). The badge's shape under the hole is the backdrop's indicator filled in smoothly (a rim crossing
 * the hole continues across it); inside it the hole takes the model's colour, and outside it the hole is
 * filled from the outside ground alone.
 */

import type { Rgb } from "../contract/image-translate.ts";
import { inpaint, pullPush, pullPushScalar, type Window } from "./inpaint.ts";
import { fitSurface } from "./quadratic-surface.ts";
import type { RgbaImage } from "./raster.ts";
import { scratchFloat32, scratchInt32, scratchUint8 } from "./scratch.ts";

/**
 * Backdrop pixels: this far (RGB distance) from the badge's colour, then from the fitted surface. The fit
 * takes only pixels close to it; the badge's extent is a looser band (a lit or noisy sign strays from any
 * smooth surface by more, and is still the sign), and pixels beside the text outside that band are its
 * halo, outline or shadow.
 */
const NEAR_GROUND = 60;
const NEAR_MODEL = 28;

/** Known ground, in pixels, around the holes outside a badge's shape that their fill draws from (at least). */
const OUTSIDE_MARGIN = 12;

export interface BadgeBackdrop {
  /** The badge's bounding box, grown enough to see its rim and some ground beyond it. */
  window: Window;
  /** The colour of the badge's fill near the text. */
  ground: Rgb;
  /** The text's boxes on the badge, with how far its halo may reach beyond the erase mask (pixels). */
  text?: { box: Window; reach: number }[];
}

/**
 * Repaints the masked pixels of `image` inside `window`. `pending`, when given, is the mask of the general
 * fill still to come: what is repainted here is cleared from it, and `mask` gains the halo pixels this
 * takes in.
 */
export function refillBadge(
  image: RgbaImage,
  mask: Uint8Array,
  badge: BadgeBackdrop,
  pending?: Uint8Array,
): void {
  const { window: win, ground } = badge;
  const { w, h } = win;
  if (w <= 2 || h <= 2) return;
  const n = w * h;
  const W = image.width;
  const d = image.data;
  const hole = scratchUint8("badge-refill.hole", n);
  let holes = 0;
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0, g = (win.y + y) * W + win.x; x < w; x++, p++, g++) {
      if (mask[g]) {
        hole[p] = 1;
        holes++;
      }
    }
  }
  if (holes === 0) return;
  // Squared distance of every known window pixel from the badge's colour, then from the fitted surface.
  const gap = scratchFloat32("badge-refill.gap", n, false);
  measureGap(image, win, hole, gap, undefined, ground);
  let model = fitSurface(image, win, within(hole, gap, n, NEAR_GROUND, "badge-refill.first"));
  if (model === undefined) return;
  // Second pass: pixels near the fitted surface (the far end of a gradient is far from its middle colour).
  measureGap(image, win, hole, gap, model, ground);
  model = fitSurface(image, win, within(hole, gap, n, NEAR_MODEL, "badge-refill.second"));
  if (model === undefined) return;
  measureGap(image, win, hole, gap, model, ground);
  const fit = within(hole, gap, n, NEAR_MODEL, "badge-refill.fit");
  const extent = within(hole, gap, n, NEAR_GROUND, "badge-refill.extent");
  const grown = badge.text ? takeHalo(hole, gap, w, h, win, badge.text) : hole;
  // Holes that touch only the badge's fill need no shape: all of them are inside it.
  const inside = touchesOtherGround(grown, extent, w, h) ? shapeUnderHoles(grown, extent, w, h) : grown;
  const colour = localSurface(image, win, model, fit, grown, inside);
  // Inside the shape: the model's colour. Outside: filled again, from the ground beyond the rim only;
  // halo pixels outside the shape are left as they are.
  // Full-size masks (inpaint's indexing), from reused buffers: a listing can carry a dozen badges. The fill
  // reads only inside the window, so only the window is cleared.
  const outside = scratchUint8("badge-refill.outside", W * image.height, false);
  const ignore = scratchUint8("badge-refill.ignore", W * image.height, false);
  for (let y = win.y; y < win.y + h; y++) {
    outside.fill(0, y * W + win.x, y * W + win.x + w);
    ignore.fill(0, y * W + win.x, y * W + win.x + w);
  }
  let outsideHoles = 0;
  let ox0 = w;
  let oy0 = h;
  let ox1 = -1;
  let oy1 = -1;
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0, g = (win.y + y) * W + win.x; x < w; x++, p++, g++) {
      if (grown[p] && inside[p]) {
        d[g * 4] = colour[p * 3]!;
        d[g * 4 + 1] = colour[p * 3 + 1]!;
        d[g * 4 + 2] = colour[p * 3 + 2]!;
        ignore[g] = 1;
        mask[g] = 1;
        if (pending) pending[g] = 0;
      } else if (hole[p]) {
        outside[g] = 1;
        outsideHoles++;
        if (x < ox0) ox0 = x;
        if (x > ox1) ox1 = x;
        if (y < oy0) oy0 = y;
        if (y > oy1) oy1 = y;
      } else if (extent[p]) ignore[g] = 1;
    }
  }
  if (outsideHoles === 0) return;
  // Those holes are filled from the ground around them, not from the whole window: a few stray pixels
  // beside a long badge's rim need only their neighbourhood.
  const margin = Math.max(OUTSIDE_MARGIN, Math.min(ox1 - ox0, oy1 - oy0) + 1);
  const fx0 = Math.max(0, ox0 - margin);
  const fy0 = Math.max(0, oy0 - margin);
  const around = {
    x: win.x + fx0,
    y: win.y + fy0,
    w: Math.min(w, ox1 + 1 + margin) - fx0,
    h: Math.min(h, oy1 + 1 + margin) - fy0,
  };
  inpaint(image, outside, [around], ignore);
  if (pending) for (let p = 0; p < n; p++) if (hole[p] && !inside[p]) pending[at(win, W, p)] = 0;
}

/**
 * Squared RGB distance of each known window pixel from `field` (per pixel) or, without one, from `ground`.
 * Module-level rather than a closure per call: V8 compiles a hot loop inside a fresh closure again on
 * every call (its on-stack code is tied to that closure's context), so most of it ran unoptimized,
 * boxing every intermediate number.
 */
function measureGap(
  image: RgbaImage,
  win: Window,
  hole: Uint8Array,
  gap: Float32Array,
  field: Float32Array | undefined,
  ground: Rgb,
): void {
  const { w, h } = win;
  const W = image.width;
  const d = image.data;
  if (field === undefined) {
    const { r, g, b } = ground;
    for (let y = 0, p = 0; y < h; y++) {
      for (let x = 0, i = ((win.y + y) * W + win.x) * 4; x < w; x++, p++, i += 4) {
        if (hole[p]) continue;
        gap[p] = (d[i]! - r) ** 2 + (d[i + 1]! - g) ** 2 + (d[i + 2]! - b) ** 2;
      }
    }
    return;
  }
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0, i = ((win.y + y) * W + win.x) * 4; x < w; x++, p++, i += 4) {
      if (hole[p]) continue;
      gap[p] =
        (d[i]! - field[p * 3]!) ** 2 +
        (d[i + 1]! - field[p * 3 + 1]!) ** 2 +
        (d[i + 2]! - field[p * 3 + 2]!) ** 2;
    }
  }
}

/** Known pixels within `limit` (RGB distance), in the scratch array `key`. */
function within(hole: Uint8Array, gap: Float32Array, n: number, limit: number, key: string): Uint8Array {
  const out = scratchUint8(key, n);
  const l2 = limit * limit;
  for (let p = 0; p < n; p++) if (!hole[p] && gap[p]! <= l2) out[p] = 1;
  return out;
}

/**
 * The surface plus what it misses nearby: the fill's own departures from it (a sign's uneven light, a
 * vignette) carried smoothly into the holes, so the rebuilt patch matches the fill around it instead of a
 * global average. The departures vary slowly, so they are filled on a grid of CELL x CELL blocks and read
 * back bilinearly. Per window pixel, RGB (the surface's own array, corrected in place where the rebuild
 * paints: `grown` and `inside`).
 */
const CELL = 4;

function localSurface(
  image: RgbaImage,
  win: Window,
  model: Float32Array,
  fit: Uint8Array,
  grown: Uint8Array,
  inside: Uint8Array,
): Float32Array {
  const { w, h } = win;
  const cw = Math.ceil(w / CELL);
  const ch = Math.ceil(h / CELL);
  const residual = scratchFloat32("badge-refill.residual", cw * ch * 3);
  const known = scratchFloat32("badge-refill.residual-known", cw * ch);
  for (let y = 0, p = 0; y < h; y++) {
    const row = Math.floor(y / CELL) * cw;
    for (let x = 0, i = ((win.y + y) * image.width + win.x) * 4; x < w; x++, p++, i += 4) {
      if (!fit[p]) continue;
      const q = row + Math.floor(x / CELL);
      known[q]!++;
      residual[q * 3]! += image.data[i]! - model[p * 3]!;
      residual[q * 3 + 1]! += image.data[i + 1]! - model[p * 3 + 1]!;
      residual[q * 3 + 2]! += image.data[i + 2]! - model[p * 3 + 2]!;
    }
  }
  for (let q = 0; q < cw * ch; q++) {
    const k = known[q]!;
    if (k === 0) continue;
    residual[q * 3]! /= k;
    residual[q * 3 + 1]! /= k;
    residual[q * 3 + 2]! /= k;
    known[q] = 1;
  }
  const coarse = pullPush(residual, known, cw, ch, 0);
  for (let y = 0, p = 0; y < h; y++) {
    const fy = Math.min(ch - 1, Math.max(0, (y + 0.5) / CELL - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(ch - 1, y0 + 1);
    const ay = fy - y0;
    for (let x = 0; x < w; x++, p++) {
      // Only the pixels the rebuild repaints read the corrected surface.
      if (!(grown[p] && inside[p])) continue;
      const fx = Math.min(cw - 1, Math.max(0, (x + 0.5) / CELL - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(cw - 1, x0 + 1);
      const ax = fx - x0;
      for (let c = 0; c < 3; c++) {
        const top = coarse[(y0 * cw + x0) * 3 + c]! * (1 - ax) + coarse[(y0 * cw + x1) * 3 + c]! * ax;
        const bottom = coarse[(y1 * cw + x0) * 3 + c]! * (1 - ax) + coarse[(y1 * cw + x1) * 3 + c]! * ax;
        model[p * 3 + c]! += top * (1 - ay) + bottom * ay;
      }
    }
  }
  return model;
}

const at = (win: Window, W: number, p: number) => (win.y + Math.floor(p / win.w)) * W + win.x + (p % win.w);

/**
 * The hole grown over the pixels beside it, within the text's boxes, that stand apart from the badge's
 * surface: the blurred edge of type on a photographed sign, a 3D letter's shadow, an outline. Left, they
 * ring the new text as a ghost of the old. Breadth-first from the hole, at most `reach` steps (eight-connected).
 */
function takeHalo(
  hole: Uint8Array,
  gap: Float32Array,
  w: number,
  h: number,
  win: Window,
  text: readonly { box: Window; reach: number }[],
): Uint8Array {
  const out = scratchUint8("badge-refill.grown", w * h, false);
  out.set(hole);
  const allowed = scratchInt32("badge-refill.allowed", w * h, false).fill(-1);
  const halo2 = NEAR_GROUND * NEAR_GROUND;
  for (const { box, reach } of text) {
    const x0 = Math.max(0, Math.floor(box.x - reach - win.x));
    const y0 = Math.max(0, Math.floor(box.y - reach - win.y));
    const x1 = Math.min(w, Math.ceil(box.x + box.w + reach - win.x));
    const y1 = Math.min(h, Math.ceil(box.y + box.h + reach - win.y));
    for (let y = y0; y < y1; y++) {
      for (let x = x0, p = y * w + x0; x < x1; x++, p++) {
        if (!hole[p] && gap[p]! > halo2) allowed[p] = Math.max(allowed[p]!, reach);
      }
    }
  }
  const queue = scratchInt32("badge-refill.queue", w * h, false);
  const depth = scratchInt32("badge-refill.depth", w * h, false);
  let tail = 0;
  for (let p = 0; p < w * h; p++) {
    if (!hole[p]) continue;
    depth[p] = 0;
    queue[tail++] = p;
  }
  for (let head = 0; head < tail; head++) {
    const p = queue[head]!;
    const x = p % w;
    const next = depth[p]! + 1;
    // Eight neighbours: the halo's reach is a square one, like the mask's dilation.
    for (let dy = -w; dy <= w; dy += w) {
      for (let dx = -1; dx <= 1; dx++) {
        const q = p + dy + dx;
        if ((dx < 0 && x === 0) || (dx > 0 && x === w - 1) || q < 0 || q >= w * h) continue;
        if (out[q] || allowed[q]! < next) continue;
        out[q] = 1;
        depth[q] = next;
        queue[tail++] = q;
      }
    }
  }
  return out;
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

/**
 * Which hole pixels lie inside the badge: the backdrop's indicator (1 on backdrop, 0 on other known
 * pixels) filled harmonically into the holes, above one half.
 */
function shapeUnderHoles(hole: Uint8Array, backdrop: Uint8Array, w: number, h: number): Uint8Array {
  const n = w * h;
  const values = scratchFloat32("badge-refill.shape-values", n);
  const known = scratchFloat32("badge-refill.shape-known", n);
  for (let p = 0; p < n; p++) {
    if (hole[p]) continue;
    known[p] = 1;
    values[p] = backdrop[p]!;
  }
  const filled = pullPushScalar(values, known, w, h, 0);
  const inside = scratchUint8("badge-refill.inside", n);
  for (let p = 0; p < n; p++) if (hole[p] && filled[p]! >= 0.5) inside[p] = 1;
  return inside;
}
