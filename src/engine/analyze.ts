/**
 * Stage 4: what each line looks like, so the translation can be drawn the same way: text and ground
 * colour, weight class, and whether it sits on a badge. Also produces the soft text mask that erasing uses.
 */
import type { DetectedWeight, Rgb } from "../contract/image-translate.ts";
import { type BadgeResult, detectBadge } from "./badge.ts";
import { type Quad, quadSize } from "./geometry.ts";
import type { RgbaImage } from "./raster.ts";
import { estimateWeight } from "./stroke-weight.ts";
import { extractTextMask, type InnerRect } from "./text-mask.ts";
import { expandQuad, warpQuad } from "./warp.ts";

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

export function analyzeLine(
  image: RgbaImage,
  quad: Quad,
  text: string,
  vertical: boolean,
  options: AnalyzeOptions = {},
): LineAnalysis {
  // Label a column's corners so its long side runs along the crop's x axis.
  const q: Quad = vertical ? [quad[3], quad[0], quad[1], quad[2]] : quad;
  const { width, height } = quadSize(q);
  const margin = Math.max(3, Math.round(height * 0.3));
  const frameQuad = expandQuad(q, margin);
  const frameW = Math.max(1, Math.round(width + 2 * margin));
  const frameH = Math.max(1, Math.round(height + 2 * margin));
  const crop = warpQuad(image, frameQuad, frameW, frameH);
  const inner: InnerRect = {
    x0: margin,
    y0: margin,
    x1: Math.max(margin + 1, Math.min(frameW, Math.round(margin + width))),
    y1: Math.max(margin + 1, Math.min(frameH, Math.round(margin + height))),
  };
  const mask = extractTextMask(crop, inner, options);
  const weight = estimateWeight(mask.alpha, frameW, inner, text);
  const badge = detectBadge(image, quad, mask.bgColor, height);
  let ink = 0;
  for (let p = 0; p < mask.alpha.length; p++) ink += mask.alpha[p]!;
  return {
    textColor: mask.textColor,
    bgColor: mask.bgColor,
    weight: weight.weight,
    weightRatio: weight.ratio,
    em: weight.em,
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
