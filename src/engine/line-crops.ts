/**
 * Turns each detected quad into upright line images for the readers. A tall, narrow box is either a
 * vertical CJK column (characters upright, read top to bottom) or horizontal text turned on its side; we
 * cannot tell from the box, so such lines get three candidates (restacked, turned left, turned right) and
 * the reader's confidence decides.
 */
import type { Quad } from "./geometry.ts";
import { quadSize } from "./geometry.ts";
import { createImage, type RgbaImage, rotate90ccw, toGray } from "./raster.ts";
import { warpQuad } from "./warp.ts";

export interface LineCrop {
  /** Candidate upright images; the first is the default reading. */
  candidates: RgbaImage[];
  /** Whether the box is taller than wide (a column). */
  vertical: boolean;
}

export function cropLine(image: RgbaImage, quad: Quad): LineCrop {
  const { width, height } = quadSize(quad);
  const crop = warpQuad(image, quad, width, height);
  if (crop.height < crop.width * 1.5) return { candidates: [crop], vertical: false };
  const left = rotate90ccw(crop);
  const right = rotate90ccw(rotate90ccw(left));
  return { candidates: [restackColumn(crop), left, right], vertical: true };
}

/**
 * Cuts a vertical column into character cells and lays them side by side, so a horizontal reader sees
 * upright characters. The characters' own band across the column is found from the ink profile (ruby
 * beside the characters is thinner and is left out), its width gives the character pitch, and each cut
 * snaps to the emptiest row near the next expected boundary.
 */
export function restackColumn(column: RgbaImage): RgbaImage {
  const w = column.width;
  const h = column.height;
  const gray = toGray(column);
  const sorted = Float32Array.from(gray).sort();
  const bg = sorted[sorted.length >> 1]!;
  const ink = new Uint8Array(w * h);
  for (let p = 0; p < ink.length; p++) ink[p] = Math.abs(gray[p]! - bg) > 48 ? 1 : 0;
  // The main band: columns holding at least a third of the busiest column's ink, around the busiest.
  const colInk = new Float32Array(w);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) colInk[x]! += ink[y * w + x]!;
  // Find the band's centre on a smoothed profile, so a thin frame line beside the text does not win.
  const radius = Math.max(1, Math.round(w / 8));
  let centre = 0;
  let centreInk = -1;
  for (let x = 0; x < w; x++) {
    let s = 0;
    for (let k = Math.max(0, x - radius); k <= Math.min(w - 1, x + radius); k++) s += colInk[k]!;
    if (s > centreInk) {
      centreInk = s;
      centre = x;
    }
  }
  let peak = centre;
  for (let x = Math.max(0, centre - radius); x <= Math.min(w - 1, centre + radius); x++) {
    if (colInk[x]! > colInk[peak]!) peak = x;
  }
  const floor = colInk[peak]! / 3;
  let bx0 = peak;
  let bx1 = peak;
  // Allow short dips inside a character (the gap between radicals) while walking outwards.
  const dip = Math.max(1, Math.round(w * 0.08));
  for (let x = peak, miss = 0; x >= 0 && miss <= dip; x--) {
    if (colInk[x]! >= floor) {
      bx0 = x;
      miss = 0;
    } else miss++;
  }
  for (let x = peak, miss = 0; x < w && miss <= dip; x++) {
    if (colInk[x]! >= floor) {
      bx1 = x;
      miss = 0;
    } else miss++;
  }
  const size = Math.max(4, bx1 - bx0 + 1);
  const rowInk = new Float32Array(h);
  for (let y = 0; y < h; y++) for (let x = bx0; x <= bx1; x++) rowInk[y]! += ink[y * w + x]!;
  let top = 0;
  while (top < h - 1 && rowInk[top] === 0) top++;
  let bottom = h - 1;
  while (bottom > top && rowInk[bottom] === 0) bottom--;
  const cuts = [top];
  for (let y = top; bottom - y > size * 1.4; ) {
    let best = Math.min(bottom, Math.round(y + size));
    for (let c = Math.round(y + size * 0.6); c <= Math.min(bottom, Math.round(y + size * 1.3)); c++) {
      const better =
        rowInk[c]! < rowInk[best]! ||
        (rowInk[c] === rowInk[best] && Math.abs(c - y - size) < Math.abs(best - y - size));
      if (better) best = c;
    }
    cuts.push(best);
    y = best;
  }
  cuts.push(bottom + 1);
  const n = cuts.length - 1;
  const margin = Math.round(size * 0.12);
  const cx0 = Math.max(0, bx0 - margin);
  const cx1 = Math.min(w, bx1 + 1 + margin);
  const cw = cx1 - cx0;
  const cellH = Math.max(...cuts.slice(1).map((c, i) => c - cuts[i]!)) + 2 * margin;
  // A little space between cells, as between characters on a horizontal line.
  const gap = Math.round(size * 0.15);
  const out = createImage(cw * n + gap * (n + 1), cellH);
  const bgRgb = medianRgb(column);
  for (let i = 0; i < out.data.length; i += 4) {
    out.data[i] = bgRgb[0];
    out.data[i + 1] = bgRgb[1];
    out.data[i + 2] = bgRgb[2];
    out.data[i + 3] = 255;
  }
  for (let k = 0; k < n; k++) {
    const y0 = cuts[k]!;
    const y1 = cuts[k + 1]!;
    const dy = Math.floor((cellH - (y1 - y0)) / 2);
    for (let y = y0; y < y1; y++) {
      out.data.set(
        column.data.subarray((y * w + cx0) * 4, (y * w + cx1) * 4),
        ((y - y0 + dy) * out.width + gap + k * (cw + gap)) * 4,
      );
    }
  }
  return out;
}

function medianRgb(image: RgbaImage): [number, number, number] {
  const n = image.width * image.height;
  const step = Math.max(1, Math.floor(n / 2000));
  const r: number[] = [];
  const g: number[] = [];
  const b: number[] = [];
  for (let p = 0; p < n; p += step) {
    r.push(image.data[p * 4]!);
    g.push(image.data[p * 4 + 1]!);
    b.push(image.data[p * 4 + 2]!);
  }
  const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!;
  return [med(r), med(g), med(b)];
}
