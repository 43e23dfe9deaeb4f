/**
 * Stage 5: removes the source text. The mask is each line's own stroke mask (from analysis) carried back
 * from its upright frame to the image and dilated a little for anti-aliasing and JPEG ringing; only those
 * pixels are repainted, so a badge keeps its fill and shape and the picture around the letters is untouched.
 */

import type { Rgb } from "../contract/image-translate.ts";
import type { LineAnalysis } from "./analyze.ts";
import { type BadgeBackdrop, refillBadge } from "./badge-refill.ts";
import { type Quad, quadBBox, quadSize } from "./geometry.ts";
import type { LineGroup } from "./group-lines.ts";
import { inpaint, type Window } from "./inpaint.ts";
import { cloneImage, type RgbaImage } from "./raster.ts";
import { scratchUint8 } from "./scratch.ts";
import { quadInverseMatrix } from "./warp.ts";

export interface EraseResult {
  image: RgbaImage;
  mask: Uint8Array;
}

/**
 * `inPlace` repaints the given raster itself (the pipeline's own decoded copy, no longer needed as it
 * was), sparing a full-size copy per image.
 */
export function eraseText(
  image: RgbaImage,
  groups: readonly LineGroup[],
  signal?: AbortSignal,
  inPlace = false,
): EraseResult {
  const W = image.width;
  const H = image.height;
  const mask = new Uint8Array(W * H);
  const windows: Window[] = [];
  for (const group of groups) {
    for (const line of group.lines) {
      const a = line.analysis;
      const lineH = quadSize(line.quad).height;
      const radius = Math.max(2, Math.min(6, Math.round(lineH * 0.06)));
      const bb = quadBBox(a.frameQuad);
      const x0 = Math.max(0, Math.floor(bb.x));
      const y0 = Math.max(0, Math.floor(bb.y));
      const x1 = Math.min(W, Math.ceil(bb.x + bb.w));
      const y1 = Math.min(H, Math.ceil(bb.y + bb.h));
      const local = carryBack(a, x0, y0, x1, y1);
      if (a.badge.isBadge) spareBackdrop(local, image, x0, y0, x1, y1, a.bgColor);
      dilateInto(mask, local, x0, y0, x1 - x0, y1 - y0, W, H, radius);
      // Enough known ground around the hole for the fill and the texture mirror to draw from.
      const pad = radius + Math.max(6, Math.round(lineH * 0.3));
      windows.push(
        clampWindow({ x: x0 - pad, y: y0 - pad, w: x1 - x0 + 2 * pad, h: y1 - y0 + 2 * pad }, W, H),
      );
    }
  }
  signal?.throwIfAborted();
  const out = inPlace ? image : cloneImage(image);
  // Badges first: what their rebuild repaints is left out of the general fill (which would otherwise fill
  // it only to be painted over), and the rebuilt fill is known ground for the holes beside it.
  const pending = scratchUint8("erase.pending", W * H, false);
  pending.set(mask);
  for (const group of groups) {
    signal?.throwIfAborted();
    const backdrop = badgeBackdrop(group, W, H);
    if (backdrop) refillBadge(out, mask, backdrop, pending);
  }
  // A window at a time, so a cancelled call stops between windows rather than after the whole picture.
  for (const window of mergeWindows(windows)) {
    signal?.throwIfAborted();
    inpaint(out, pending, [window]);
  }
  return { image: out, mask };
}

/** The filled shape a group's text sits on, when it is a badge: the union of its lines' badge boxes. */
function badgeBackdrop(group: LineGroup, W: number, H: number): BadgeBackdrop | undefined {
  const on = group.lines.filter((l) => l.analysis.badge.isBadge);
  if (on.length === 0) return undefined;
  const boxes = on.map((l) => l.analysis.badge.box);
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.w));
  const y1 = Math.max(...boxes.map((b) => b.y + b.h));
  // Some ground beyond the rim, so the shape's edge is seen on every side.
  const pad = Math.max(4, Math.round(quadSize(on[0]!.quad).height * 0.3));
  const window = clampWindow({ x: x0 - pad, y: y0 - pad, w: x1 - x0 + 2 * pad, h: y1 - y0 + 2 * pad }, W, H);
  const text = on.map((l) => ({
    box: quadBBox(l.quad),
    reach: Math.max(2, Math.round(quadSize(l.quad).height * 0.15)),
  }));
  return { window, ground: on[0]!.analysis.bgColor, text };
}

/** A pixel of the badge's own fill colour. */
const BACKDROP_DISTANCE = 36;

/**
 * On a badge, pixels of the badge's own colour are never ink: a text mask that took a light box behind dark
 * type for strokes would otherwise erase the whole box into the ground around it. The dilation still covers
 * the strokes' blended edges.
 */
function spareBackdrop(
  local: Uint8Array,
  image: RgbaImage,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  ground: Rgb,
): void {
  const lw = x1 - x0;
  const d = image.data;
  const limit = BACKDROP_DISTANCE ** 2;
  for (let y = y0; y < y1; y++) {
    for (let x = x0, k = (y - y0) * lw, i = (y * image.width + x0) * 4; x < x1; x++, k++, i += 4) {
      if (!local[k]) continue;
      if ((d[i]! - ground.r) ** 2 + (d[i + 1]! - ground.g) ** 2 + (d[i + 2]! - ground.b) ** 2 <= limit)
        local[k] = 0;
    }
  }
}

/**
 * Whether the frame is a window of whole image pixels (an upright line analysed at full size): then each
 * image pixel is one frame pixel, and the mapping below reduces to an offset.
 */
function isPixelFrame(q: Quad, fw: number, fh: number): boolean {
  const [[ax, ay], [bx, by], [cx, cy], [dx, dy]] = q;
  return (
    Number.isInteger(ax) &&
    Number.isInteger(ay) &&
    bx === ax + fw &&
    by === ay &&
    cx === ax + fw &&
    cy === ay + fh &&
    dx === ax &&
    dy === ay + fh
  );
}

/**
 * The frame's erase mask carried back onto the image pixels x0..x1, y0..y1: each pixel centre is mapped
 * into the frame by the inverse homography, inline (no point objects per pixel); a pixel frame's rows are
 * copied.
 */
function carryBack(
  a: Pick<LineAnalysis, "erase" | "frameW" | "frameH" | "frameQuad">,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): Uint8Array {
  const { erase, frameW: fw, frameH: fh, frameQuad: q } = a;
  const lw = x1 - x0;
  const local = scratchUint8("erase.local", lw * (y1 - y0));
  if (isPixelFrame(q, fw, fh)) {
    for (let y = y0; y < y1; y++) {
      const from = (y - q[0][1]) * fw + (x0 - q[0][0]);
      local.set(erase.subarray(from, from + lw), (y - y0) * lw);
    }
    return local;
  }
  const inv = quadInverseMatrix(q);
  for (let y = y0; y < y1; y++) {
    const sy = y + 0.5;
    for (let x = x0; x < x1; x++) {
      const sx = x + 0.5;
      const z = inv[6]! * sx + inv[7]! * sy + inv[8]!;
      const fu = Math.floor(((inv[0]! * sx + inv[1]! * sy + inv[2]!) / z) * fw);
      const fv = Math.floor(((inv[3]! * sx + inv[4]! * sy + inv[5]!) / z) * fh);
      if (fu < 0 || fv < 0 || fu >= fw || fv >= fh) continue;
      if (erase[fv * fw + fu]) local[(y - y0) * lw + (x - x0)] = 1;
    }
  }
  return local;
}

/**
 * Square dilation of a local mask, written into the global one. Separable, each pass by the distance to
 * the last set pixel, so the cost does not grow with the radius.
 */
function dilateInto(
  mask: Uint8Array,
  local: Uint8Array,
  x0: number,
  y0: number,
  lw: number,
  lh: number,
  W: number,
  H: number,
  r: number,
): void {
  // Rows, on a buffer padded by r on every side: padded column k is set when a local pixel lies in
  // [k - 2r, k] (local column x sits at padded column x + r).
  const pw = lw + 2 * r;
  const ph = lh + 2 * r;
  const rows = scratchUint8("erase.dilate-rows", pw * ph);
  const span = 2 * r;
  for (let y = 0; y < lh; y++) {
    const base = (y + r) * pw;
    let last = -Number.MAX_SAFE_INTEGER;
    for (let k = 0; k < pw; k++) {
      if (k < lw && local[y * lw + k]) last = k;
      if (k - last <= span) rows[base + k] = 1;
    }
  }
  // Columns: padded row k is set when a row in [k - r, k + r] is; scanning with a lead of r rows, the
  // last set row seen decides.
  for (let x = 0; x < pw; x++) {
    const gx = x + x0 - r;
    if (gx < 0 || gx >= W) continue;
    let last = -Number.MAX_SAFE_INTEGER;
    for (let j = 0; j < ph + r; j++) {
      if (j < ph && rows[j * pw + x]) last = j;
      const k = j - r;
      if (k < 0 || last < k - r) continue;
      const gy = k + y0 - r;
      if (gy >= 0 && gy < H) mask[gy * W + gx] = 1;
    }
  }
}

function clampWindow(w: Window, W: number, H: number): Window {
  const x = Math.max(0, Math.floor(w.x));
  const y = Math.max(0, Math.floor(w.y));
  return { x, y, w: Math.min(W, Math.ceil(w.x + w.w)) - x, h: Math.min(H, Math.ceil(w.y + w.h)) - y };
}

/** Overlapping windows are merged, so a hole is never filled twice from half its surroundings. */
export function mergeWindows(windows: Window[]): Window[] {
  const out = [...windows];
  let merged = true;
  while (merged) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i]!;
        const b = out[j]!;
        if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h) {
          const x = Math.min(a.x, b.x);
          const y = Math.min(a.y, b.y);
          out[i] = { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
          out.splice(j, 1);
          merged = true;
          break;
        }
      }
    }
  }
  return out;
}
