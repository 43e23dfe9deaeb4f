/**
 * Stage 4: what each line looks like, so the translation can be drawn the same way: text and ground
 * colour, weight class, and whether it sits on a badge. Also produces the soft text mask that erasing uses.
 */
import type { DetectedWeight, Rgb } from "../contract/image-translate.ts";
import { type BadgeResult, detectBadge } from "./badge.ts";
import { type Quad, quadSize } from "./geometry.ts";
import type { RgbaImage } from "./raster.ts";
import { scratchPixels } from "./scratch.ts";
import { estimateWeight } from "./stroke-weight.ts";
import { extractTextMask, type InnerRect } from "./text-mask.ts";
import { expandQuad, warpQuad } from "./warp.ts";

const MAX_ANALYSIS_HEIGHT = 56;

export interface LineAnalysis {
  textColor: Rgb;
  bgColor: Rgb;
  weight: DetectedWeight;
  weightRatio: number;
  /** Estimated em of the type, in image pixels. */
  em: number;
  badge: BadgeResult;
  contrast: number;
  bgNoise: number;
  /** The soft mask in the frame of `frameQuad` (an upright crop of frameW x frameH). */
  alpha: Float32Array;
  /** What erasing covers, in the same frame. */
  erase: Uint8Array;
  frameQuad: Quad;
  frameW: number;
  frameH: number;
  /** Sum of alpha: how much ink the line has (weights group statistics). */
  ink: number;
}

export interface AnalyzeOptions {
  chromaSubsampled?: boolean;
}

/** Everything about a line that does not need its text: mask, colours, badge. */
export interface PreparedAnalysis {
  mask: ReturnType<typeof extractTextMask>;
  badge: BadgeResult;
  inner: InnerRect;
  scale: number;
  frameQuad: Quad;
  frameW: number;
  frameH: number;
}

export function analyzeLine(
  image: RgbaImage,
  quad: Quad,
  text: string,
  vertical: boolean,
  options: AnalyzeOptions = {},
): LineAnalysis {
  return finishAnalysis(prepareAnalysis(image, quad, vertical, options), text);
}

/** A column is a box at least 1.5 times taller than wide (the same rule the line crops use). */
export function isColumn(quad: Quad): boolean {
  const { width, height } = quadSize(quad);
  return height >= width * 1.5;
}

export function prepareAnalysis(
  image: RgbaImage,
  quad: Quad,
  vertical: boolean,
  options: AnalyzeOptions = {},
): PreparedAnalysis {
  // Label a column's corners so its long side runs along the crop's x axis.
  const q: Quad = vertical ? [quad[3], quad[0], quad[1], quad[2]] : quad;
  const { width, height } = quadSize(q);
  const margin = Math.max(3, Math.round(height * 0.3));
  const frameQuad = expandQuad(q, margin);
  // Colour, weight and the erase mask need no more than about 56 pixels of line height; a headline 300
  // pixels tall is analysed at a fraction of its size (weight is a ratio, colour a median) and its mask,
  // carried back through the frame's mapping, is still dilated generously enough.
  const scale = Math.min(1, MAX_ANALYSIS_HEIGHT / Math.max(1, height));
  const frameW = Math.max(1, Math.round((width + 2 * margin) * scale));
  const frameH = Math.max(1, Math.round((height + 2 * margin) * scale));
  // The crop is only read here (the mask keeps what later stages need), so its pixels are scratch.
  const crop = warpQuad(
    image,
    frameQuad,
    frameW,
    frameH,
    scale < 0.75 ? Math.min(4, Math.ceil(1 / scale)) : 1,
    (w, h) => scratchPixels("analysis.frame", w * h * 4),
  );
  const m = margin * scale;
  const inner: InnerRect = {
    x0: Math.round(m),
    y0: Math.round(m),
    x1: Math.max(Math.round(m) + 1, Math.min(frameW, Math.round(m + width * scale))),
    y1: Math.max(Math.round(m) + 1, Math.min(frameH, Math.round(m + height * scale))),
  };
  const mask = extractTextMask(crop, inner, options);
  const badge = detectBadge(image, quad, mask.bgColor, height);
  return { mask, badge, inner, scale, frameQuad, frameW, frameH };
}

/** The weight needs the text: what share of the em its ink spans depends on the characters. */
export function finishAnalysis(prepared: PreparedAnalysis, text: string): LineAnalysis {
  const { mask, badge, inner, scale, frameQuad, frameW, frameH } = prepared;
  const weight = estimateWeight(mask.alpha, frameW, inner, text);
  let ink = 0;
  for (let p = 0; p < mask.alpha.length; p++) ink += mask.alpha[p]!;
  ink /= scale * scale;
  return {
    textColor: mask.textColor,
    bgColor: mask.bgColor,
    weight: weight.weight,
    weightRatio: weight.ratio,
    em: weight.em / scale,
    badge,
    contrast: mask.contrast,
    bgNoise: mask.bgNoise,
    alpha: mask.alpha,
    erase: mask.erase,
    frameQuad,
    frameW,
    frameH,
    ink,
  };
}
