/**
 * Font weight from the pixels: stroke width against the size of the type. Stroke width is measured with
 * soft coverage (alpha sums along short runs), so anti-aliasing and blur, which spread a stroke without
 * changing its ink, do not change the estimate. The size of the type (its em) comes from the ink height
 * and what the read text says about it: "ocean" spans an x-height, "Typography" ascender to descender,
 * a Chinese character nearly the whole em.
 */
import type { DetectedWeight } from "../contract/image-translate.ts";
import { countScripts } from "./script.ts";
import { selectKth } from "./select.ts";
import type { InnerRect } from "./text-mask.ts";

export interface WeightEstimate {
  weight: DetectedWeight;
  /** Stroke width / em. */
  ratio: number;
  strokeWidth: number;
  em: number;
}

/** Calibrated on Pretendard, Noto Sans CJK and BM Hanna renderings (test/engine/analysis-truth). */
export const WEIGHT_THRESHOLDS = { thinBelow: 0.062, boldAbove: 0.1 };

/** Run directions (dx, dy) and the length of one step along each: across, down and both diagonals. */
const DIR_X = [1, 0, 1, 1] as const;
const DIR_Y = [0, 1, 1, -1] as const;
const DIR_LEN = [1, 1, Math.SQRT2, Math.SQRT2] as const;

export function estimateWeight(
  alpha: Float32Array,
  w: number,
  inner: InnerRect,
  text: string,
): WeightEstimate {
  const iw = inner.x1 - inner.x0;
  const ih = inner.y1 - inner.y0;
  const maxRun = Math.max(4, ih);
  let count = 0;
  for (let y = inner.y0; y < inner.y1; y++) {
    for (let x = inner.x0; x < inner.x1; x++) if (alpha[y * w + x]! >= 0.5) count++;
  }
  // Enough samples for a stable median without walking every pixel of a huge headline.
  const stride = Math.max(1, Math.floor(count / 900));
  const widths = new Float64Array(Math.ceil(count / stride));
  const h = alpha.length / w;
  // Every stride-th ink pixel is a sample.
  let skip = 0;
  let taken = 0;
  for (let y = inner.y0; y < inner.y1; y++) {
    for (let x = inner.x0; x < inner.x1; x++) {
      const p = y * w + x;
      if (alpha[p]! < 0.5) continue;
      if (skip > 0) {
        skip--;
        continue;
      }
      skip = stride - 1;
      let best = Number.POSITIVE_INFINITY;
      for (let d = 0; d < 4; d++) {
        const dx = DIR_X[d]!;
        const dy = DIR_Y[d]!;
        const len = DIR_LEN[d]!;
        // The run only grows, so a direction already longer than the best one so far is left early (a
        // run along a stem would otherwise walk the stem's whole length); it could not have won.
        let sum = alpha[p]!;
        for (let sign = 1; sign >= -1 && sum * len <= best; sign -= 2) {
          for (let s = 1; s <= maxRun && sum * len <= best; s++) {
            const qx = x + sign * dx * s;
            const qy = y + sign * dy * s;
            if (qx < 0 || qy < 0 || qx >= w || qy >= h) break;
            const a = alpha[qy * w + qx]!;
            if (a < 0.08) break;
            sum += a;
          }
        }
        best = Math.min(best, sum * len);
      }
      widths[taken++] = best;
    }
  }
  const strokeWidth = taken > 0 ? selectKth(widths, taken >> 1, taken) : 0;

  // Ink extent: the rows holding the middle 99% of the ink.
  const rowMass = new Float64Array(ih);
  let total = 0;
  for (let y = 0; y < ih; y++) {
    let s = 0;
    for (let x = 0; x < iw; x++) s += alpha[(y + inner.y0) * w + x + inner.x0]!;
    rowMass[y] = s;
    total += s;
  }
  let top = 0;
  let bottom = ih - 1;
  let acc = 0;
  for (let y = 0; y < ih; y++) {
    acc += rowMass[y]!;
    if (acc >= total * 0.005) {
      top = y;
      break;
    }
  }
  acc = 0;
  for (let y = ih - 1; y >= 0; y--) {
    acc += rowMass[y]!;
    if (acc >= total * 0.005) {
      bottom = y;
      break;
    }
  }
  const inkHeight = Math.max(1, bottom - top + 1);
  const em = inkHeight / inkFraction(text);
  const ratio = em > 0 ? strokeWidth / em : 0;
  const weight: DetectedWeight =
    ratio < WEIGHT_THRESHOLDS.thinBelow ? "Thin" : ratio > WEIGHT_THRESHOLDS.boldAbove ? "Bold" : "Regular";
  return { weight, ratio, strokeWidth, em };
}

/** The share of the em that a line's ink spans, from the characters it holds. */
export function inkFraction(text: string): number {
  const c = countScripts(text);
  if ((c.han ?? 0) + (c.kana ?? 0) + (c.hangul ?? 0) > 0) return 0.9;
  const tall = /[A-Z0-9bdfhklt!?%&#@$(){}[\]/\\|]/.test(text);
  const deep = /[gjpqy(){}[\]|,;]/.test(text);
  const top = tall ? 0.73 : 0.52;
  return top + (deep ? 0.21 : 0);
}
