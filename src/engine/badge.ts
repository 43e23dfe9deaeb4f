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
import { scratchFloat32, scratchFloat64, scratchInt32, scratchUint8 } from "./scratch.ts";

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
  // Work on a grid where the line is about 20 cells tall: shapes are much larger than their edges' detail.
  const s = Math.max(1, Math.round(lineHeight / 20));
  const ww = Math.max(1, Math.floor((x1 - x0) / s));
  const wh = Math.max(1, Math.floor((y1 - y0) / s));
  const n = ww * wh;
  const rgb = scratchFloat32("badge.cells", n * 3, false);
  const d = image.data;
  // Each cell's sums are exact integers, so the order of the additions does not change them.
  const k = s * s;
  const rowStride = image.width * 4;
  for (let gy = 0, q = 0; gy < wh; gy++) {
    const top = ((y0 + gy * s) * image.width + x0) * 4;
    for (let gx = 0; gx < ww; gx++, q += 3) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let yy = 0, row = top + gx * s * 4; yy < s; yy++, row += rowStride) {
        for (let xx = 0, i = row; xx < s; xx++, i += 4) {
          r += d[i]!;
          g += d[i + 1]!;
          b += d[i + 2]!;
        }
      }
      rgb[q] = r / k;
      rgb[q + 1] = g / k;
      rgb[q + 2] = b / k;
    }
  }
  // Each cell's squared distance from the ground colour, once (the seeds and every visit test it).
  const groundDist2 = scratchFloat64("badge.ground-distance", n, false);
  for (let q = 0; q < n; q++)
    groundDist2[q] =
      (rgb[q * 3]! - ground.r) ** 2 + (rgb[q * 3 + 1]! - ground.g) ** 2 + (rgb[q * 3 + 2]! - ground.b) ** 2;
  const filled = scratchUint8("badge.filled", n);
  const queue = scratchInt32("badge.queue", n, false);
  let tail = 0;
  // Seeds: ground-coloured cells on the box's own edge band.
  const band = Math.max(1, Math.round((lineHeight * 0.12) / s));
  const bx0 = Math.max(0, Math.floor((bb.x - x0) / s));
  const by0 = Math.max(0, Math.floor((bb.y - y0) / s));
  const bx1 = Math.min(ww, Math.ceil((bb.x + bb.w - x0) / s));
  const by1 = Math.min(wh, Math.ceil((bb.y + bb.h - y0) / s));
  const seed2 = (STEP * 1.5) ** 2;
  let ringTotal = 0;
  for (let y = by0; y < by1; y++) {
    const rowInBand = y < by0 + band || y >= by1 - band;
    for (let x = bx0; x < bx1; x++) {
      if (!(rowInBand || x < bx0 + band || x >= bx1 - band)) continue;
      ringTotal++;
      const q = y * ww + x;
      if (groundDist2[q]! <= seed2) {
        filled[q] = 1;
        queue[tail++] = q;
      }
    }
  }
  // The step tolerance grows with the cell size a little: averaged cells hide gradual change less.
  const step2 = (STEP * Math.min(2, Math.sqrt(s))) ** 2;
  const drift2 = DRIFT ** 2;
  for (let head = 0; head < tail; head++) {
    const from = queue[head]!;
    const px = from % ww;
    // Right, left, down, up.
    for (let dir = 0; dir < 4; dir++) {
      let to: number;
      if (dir === 0) {
        if (px + 1 >= ww) continue;
        to = from + 1;
      } else if (dir === 1) {
        if (px === 0) continue;
        to = from - 1;
      } else if (dir === 2) {
        if (from + ww >= n) continue;
        to = from + ww;
      } else {
        if (from < ww) continue;
        to = from - ww;
      }
      if (filled[to]) continue;
      const dr = rgb[to * 3]! - rgb[from * 3]!;
      const dg = rgb[to * 3 + 1]! - rgb[from * 3 + 1]!;
      const db = rgb[to * 3 + 2]! - rgb[from * 3 + 2]!;
      if (dr * dr + dg * dg + db * db > step2 || groundDist2[to]! > drift2) continue;
      filled[to] = 1;
      queue[tail++] = to;
    }
  }
  let ringFilled = 0;
  for (let y = by0; y < by1; y++) {
    const rowInBand = y < by0 + band || y >= by1 - band;
    for (let x = bx0; x < bx1; x++)
      if ((rowInBand || x < bx0 + band || x >= bx1 - band) && filled[y * ww + x]) ringFilled++;
  }
  // Only the window's inner edges count: a shape cut off by the picture's own edge (a corner ribbon) is
  // still a shape, but ground that reaches into the picture beyond the window is open ground.
  let edgeFilled = 0;
  let edgeTotal = 0;
  if (y0 > 0) for (let x = 0; x < ww; x++, edgeTotal++) edgeFilled += filled[x]!;
  if (y0 + wh * s < image.height)
    for (let x = 0; x < ww; x++, edgeTotal++) edgeFilled += filled[(wh - 1) * ww + x]!;
  if (x0 > 0) for (let y = 0; y < wh; y++, edgeTotal++) edgeFilled += filled[y * ww]!;
  if (x0 + ww * s < image.width)
    for (let y = 0; y < wh; y++, edgeTotal++) edgeFilled += filled[y * ww + ww - 1]!;
  const perimeter = 2 * (ww + wh);
  let fx0 = ww;
  let fy0 = wh;
  let fx1 = 0;
  let fy1 = 0;
  for (let k = 0; k < tail; k++) {
    const p = queue[k]!;
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
    tail > 0
      ? { x: x0 + fx0 * s, y: y0 + fy0 * s, w: (fx1 - fx0 + 1) * s, h: (fy1 - fy0 + 1) * s }
      : { x: bb.x, y: bb.y, w: bb.w, h: bb.h };
  const quadArea = Math.max(1, (bx1 - bx0) * (by1 - by0));
  const fillRatio = tail / quadArea;
  const spanX = (Math.min(fx1 + 1, bx1) - Math.max(fx0, bx0)) / Math.max(1, bx1 - bx0);
  const spanY = (Math.min(fy1 + 1, by1) - Math.max(fy0, by0)) / Math.max(1, by1 - by0);
  const span = tail > 0 ? Math.min(spanX, spanY) : 0;
  return { isBadge: leak <= 0.02 && span >= 0.9 && fillRatio >= 0.35, box, coverage, leak, fillRatio, span };
}
