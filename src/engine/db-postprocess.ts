/**
 * Differentiable Binarization post-processing (the PP-OCR det head): threshold the probability map, take
 * each connected blob, fit its minimum-area box, score it by the mean probability inside, and grow it back
 * by the "unclip" distance the model was trained to shrink text by.
 */
import { minAreaRect, type Point, type RotatedRect, rectCorners } from "./geometry.ts";
import { scratchUint8 } from "./scratch.ts";

export interface DbOptions {
  /** Pixel threshold on the probability map. */
  threshold: number;
  /** Minimum mean probability inside a box. */
  boxThreshold: number;
  /** Growth factor: distance = area * ratio / perimeter (PP-OCRv4 uses 1.5). */
  unclipRatio: number;
  /** Shortest side kept, in map pixels. */
  minSize: number;
  maxCandidates: number;
}

export const DEFAULT_DB_OPTIONS: DbOptions = {
  threshold: 0.3,
  boxThreshold: 0.6,
  unclipRatio: 1.5,
  minSize: 3,
  maxCandidates: 1000,
};

export interface MapBox {
  /** The grown rectangle in probability-map coordinates. */
  rect: RotatedRect;
  score: number;
}

/** The flood fill's stack, kept between calls (grown when a blob needs more). */
let stackBuffer = new Int32Array(1 << 14);

export function dbPostprocess(
  prob: Float32Array,
  width: number,
  height: number,
  options: DbOptions,
): MapBox[] {
  // 0: below the threshold, 1: text not yet reached, 2: reached by a flood fill.
  const state = scratchUint8("db.state", width * height, false);
  for (let i = 0; i < state.length; i++) state[i] = prob[i]! > options.threshold ? 1 : 0;
  const boxes: MapBox[] = [];
  let stack = stackBuffer;
  // Each row's extreme pixels of the current blob, and the rows it touched in the order it reached them.
  const rowMin = new Int32Array(height).fill(-1);
  const rowMax = new Int32Array(height);
  const rows = new Int32Array(height);
  // The eight neighbours' index offsets, in the order the general case visits them.
  const offsets = Int32Array.of(-width - 1, -width, -width + 1, -1, 1, width - 1, width, width + 1);
  for (let start = 0; start < state.length && boxes.length < options.maxCandidates; start++) {
    if (state[start] !== 1) continue;
    // Flood-fill one 8-connected blob, keeping only each row's extreme pixels: their hull is the blob's hull.
    let rowCount = 0;
    state[start] = 2;
    let top = 0;
    stack[top++] = start;
    let count = 0;
    while (top > 0) {
      const p = stack[--top]!;
      count++;
      const y = (p / width) | 0;
      const x = p - y * width;
      if (rowMin[y] === -1) {
        rows[rowCount++] = y;
        rowMin[y] = x;
        rowMax[y] = x;
      } else {
        if (x < rowMin[y]!) rowMin[y] = x;
        if (x > rowMax[y]!) rowMax[y] = x;
      }
      // At most eight neighbours go on the stack.
      if (top + 8 > stack.length) {
        const grown = new Int32Array(stack.length * 2);
        grown.set(stack);
        stack = grown;
        stackBuffer = grown;
      }
      if (x > 0 && y > 0 && x < width - 1 && y < height - 1) {
        // Away from the border all eight exist; the same order as the general case below.
        for (let k = 0; k < 8; k++) {
          const q = p + offsets[k]!;
          if (state[q] === 1) {
            state[q] = 2;
            stack[top++] = q;
          }
        }
        continue;
      }
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width || (dx === 0 && dy === 0)) continue;
          const q = ny * width + nx;
          if (state[q] === 1) {
            state[q] = 2;
            stack[top++] = q;
          }
        }
      }
    }
    const pts: Point[] = [];
    for (let r = 0; r < rowCount; r++) {
      const y = rows[r]!;
      pts.push([rowMin[y]!, y]);
      pts.push([rowMax[y]!, y]);
      rowMin[y] = -1;
    }
    if (count < 4) continue;
    const rect = minAreaRect(pts);
    if (Math.min(rect.width, rect.height) < options.minSize) continue;
    const score = meanInside(prob, width, height, rectCorners(rect));
    if (score < options.boxThreshold) continue;
    const area = rect.width * rect.height;
    const perimeter = 2 * (rect.width + rect.height);
    // Offsetting a rectangle by d (round joins) and taking its minimum-area box adds d on every side.
    const d = (area * options.unclipRatio) / perimeter;
    const grown: RotatedRect = { ...rect, width: rect.width + 2 * d, height: rect.height + 2 * d };
    if (Math.min(grown.width, grown.height) < options.minSize + 2) continue;
    boxes.push({ rect: grown, score });
  }
  return boxes;
}

function meanInside(prob: Float32Array, width: number, height: number, poly: Point[]): number {
  let x0 = width;
  let y0 = height;
  let x1 = 0;
  let y1 = 0;
  for (const [x, y] of poly) {
    x0 = Math.min(x0, Math.floor(x));
    y0 = Math.min(y0, Math.floor(y));
    x1 = Math.max(x1, Math.ceil(x));
    y1 = Math.max(y1, Math.ceil(y));
  }
  x0 = Math.max(0, x0);
  y0 = Math.max(0, y0);
  x1 = Math.min(width - 1, x1);
  y1 = Math.min(height - 1, y1);
  let sum = 0;
  let n = 0;
  // Edge functions of the convex box, evaluated without allocating a point per pixel: for each edge its
  // start (ax, ay) and direction (ex, ey), flat.
  const m = poly.length;
  const edges = new Float64Array(4 * m);
  for (let i = 0; i < m; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % m]!;
    edges[4 * i] = a[0];
    edges[4 * i + 1] = a[1];
    edges[4 * i + 2] = b[0] - a[0];
    edges[4 * i + 3] = b[1] - a[1];
  }
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      let pos = false;
      let neg = false;
      for (let e = 0; e < 4 * m; e += 4) {
        const c = edges[e + 2]! * (y - edges[e + 1]!) - edges[e + 3]! * (x - edges[e]!);
        if (c > 0) pos = true;
        else if (c < 0) neg = true;
      }
      if (pos && neg) continue;
      sum += prob[y * width + x]!;
      n++;
    }
  }
  return n > 0 ? sum / n : 0;
}
