/**
 * Badge detection: is the text on a filled shape (a price tag, a sale sticker) rather than on the open
 * picture? We flood-fill the text's own ground from around the text, following gradual change but not
 * edges. A badge's fill covers the ground around the text and stops at the shape's edge inside the
 * window; open ground (a plain page, a gradient, a photo) runs out of the window or breaks up.
 */
import type { Rgb } from "../contract/image-translate.ts";
import type { Quad } from "./geometry.ts";
import { quadBBox } from "./geometry.ts";
import type { RgbaImage } from "./raster.ts";

export interface BadgeResult {
  isBadge: boolean;
  /** The filled shape's bounding box in image coordinates (the text's ground when not a badge). */
  box: { x: number; y: number; w: number; h: number };
  /** Share of the ground around the text that the fill reached. */
  coverage: number;
  /** Share of the window's edge that the fill reached. */
  leak: number;
  /** Filled pixels per pixel of the text's box. */
  fillRatio: number;
  /** How much of the text box's width and height the fill's extent spans (the smaller of the two). */
  span: number;
}

/** Step tolerance between neighbours, and total drift from the seed colour, in RGB units. */
const STEP = 14;
const DRIFT = 70;

export function detectBadge(image: RgbaImage, quad: Quad, ground: Rgb, lineHeight: number): BadgeResult {
  let result = fillAround(image, quad, ground, lineHeight, 1.5);
  // A badge with generous padding: look once more with a wider window before calling it open ground.
  if (!result.isBadge && result.coverage >= 0.6 && result.leak > 0) {
    const wider = fillAround(image, quad, ground, lineHeight, 3.5);
    if (wider.isBadge) result = wider;
  }
  return result;
}

function fillAround(
  image: RgbaImage,
  quad: Quad,
  ground: Rgb,
  lineHeight: number,
  reach: number,
): BadgeResult {
  const bb = quadBBox(quad);
  const pad = Math.max(6, Math.round(lineHeight * reach));
  const x0 = Math.max(0, Math.floor(bb.x - pad));
  const y0 = Math.max(0, Math.floor(bb.y - pad));
  const x1 = Math.min(image.width, Math.ceil(bb.x + bb.w + pad));
  const y1 = Math.min(image.height, Math.ceil(bb.y + bb.h + pad));
  const ww = x1 - x0;
  const wh = y1 - y0;
  const d = image.data;
  const at = (x: number, y: number) => ((y + y0) * image.width + x + x0) * 4;
  const filled = new Uint8Array(ww * wh);
  const queue: number[] = [];
  // Seeds: ground-coloured pixels on the box's own edge band.
  const band = Math.max(1, Math.round(lineHeight * 0.12));
  const bx0 = Math.max(0, Math.floor(bb.x) - x0);
  const by0 = Math.max(0, Math.floor(bb.y) - y0);
  const bx1 = Math.min(ww, Math.ceil(bb.x + bb.w) - x0);
  const by1 = Math.min(wh, Math.ceil(bb.y + bb.h) - y0);
  const nearGround = (i: number) =>
    Math.hypot(d[i]! - ground.r, d[i + 1]! - ground.g, d[i + 2]! - ground.b) <= STEP * 1.5;
  let ringTotal = 0;
  for (let y = by0; y < by1; y++) {
    for (let x = bx0; x < bx1; x++) {
      const edge = x < bx0 + band || x >= bx1 - band || y < by0 + band || y >= by1 - band;
      if (!edge) continue;
      ringTotal++;
      if (nearGround(at(x, y))) {
        filled[y * ww + x] = 1;
        queue.push(y * ww + x);
      }
    }
  }
  let head = 0;
  while (head < queue.length) {
    const p = queue[head++]!;
    const px = p % ww;
    const py = (p - px) / ww;
    const i = at(px, py);
    for (const [nx, ny] of [
      [px + 1, py],
      [px - 1, py],
      [px, py + 1],
      [px, py - 1],
    ] as const) {
      if (nx < 0 || ny < 0 || nx >= ww || ny >= wh) continue;
      const q = ny * ww + nx;
      if (filled[q]) continue;
      const j = at(nx, ny);
      const step = Math.hypot(d[j]! - d[i]!, d[j + 1]! - d[i + 1]!, d[j + 2]! - d[i + 2]!);
      if (step > STEP) continue;
      if (Math.hypot(d[j]! - ground.r, d[j + 1]! - ground.g, d[j + 2]! - ground.b) > DRIFT) continue;
      filled[q] = 1;
      queue.push(q);
    }
  }
  let ringFilled = 0;
  for (let y = by0; y < by1; y++) {
    for (let x = bx0; x < bx1; x++) {
      const edge = x < bx0 + band || x >= bx1 - band || y < by0 + band || y >= by1 - band;
      if (edge && filled[y * ww + x]) ringFilled++;
    }
  }
  // Only the window's inner edges count: a shape cut off by the picture's own edge (a corner ribbon) is
  // still a shape, but ground that reaches into the picture beyond the window is open ground.
  let edgeFilled = 0;
  let edgeTotal = 0;
  const countRow = (y: number) => {
    for (let x = 0; x < ww; x++) {
      edgeTotal++;
      edgeFilled += filled[y * ww + x]!;
    }
  };
  const countColumn = (x: number) => {
    for (let y = 0; y < wh; y++) {
      edgeTotal++;
      edgeFilled += filled[y * ww + x]!;
    }
  };
  const perimeter = 2 * (ww + wh);
  if (y0 > 0) countRow(0);
  if (y1 < image.height) countRow(wh - 1);
  if (x0 > 0) countColumn(0);
  if (x1 < image.width) countColumn(ww - 1);
  let fx0 = ww;
  let fy0 = wh;
  let fx1 = 0;
  let fy1 = 0;
  for (const p of queue) {
    const x = p % ww;
    const y = (p - x) / ww;
    if (x < fx0) fx0 = x;
    if (x > fx1) fx1 = x;
    if (y < fy0) fy0 = y;
    if (y > fy1) fy1 = y;
  }
  const coverage = ringTotal > 0 ? ringFilled / ringTotal : 0;
  // With too little inner edge to judge (a box filling the picture), it is not a badge.
  const leak = edgeTotal >= perimeter * 0.35 ? edgeFilled / edgeTotal : 1;
  const box =
    queue.length > 0
      ? { x: fx0 + x0, y: fy0 + y0, w: fx1 - fx0 + 1, h: fy1 - fy0 + 1 }
      : { x: bb.x, y: bb.y, w: bb.w, h: bb.h };
  const quadArea = Math.max(1, (bx1 - bx0) * (by1 - by0));
  const fillRatio = queue.length / quadArea;
  const spanX = (Math.min(fx1 + 1, bx1) - Math.max(fx0, bx0)) / Math.max(1, bx1 - bx0);
  const spanY = (Math.min(fy1 + 1, by1) - Math.max(fy0, by0)) / Math.max(1, by1 - by0);
  const span = queue.length > 0 ? Math.min(spanX, spanY) : 0;
  return { isBadge: leak <= 0.02 && span >= 0.9 && fillRatio >= 0.35, box, coverage, leak, fillRatio, span };
}
