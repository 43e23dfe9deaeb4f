/**
 * Stage 4: what each line looks like, so the translation can be drawn the same way: text and ground
 * colour, weight class, and whether it sits on a badge. Also produces the soft text mask that erasing uses.
 */
import type { DetectedWeight, Rgb } from "../contract/image-translate.ts";
import { type BadgeResult, detectBadge } from "./badge.ts";
import { type Quad, quadBBox, quadSize } from "./geometry.ts";
import { copyWindow, type RgbaImage } from "./raster.ts";
import { scratchPixels } from "./scratch.ts";
import { estimateWeight } from "./stroke-weight.ts";
import { extractTextMask, type InnerRect } from "./text-mask.ts";
import { expandQuad, warpQuad, warpQuadNearest } from "./warp.ts";

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
  // Colour, weight and the erase mask need no more than about 56 pixels of line height; a headline 300
  // pixels tall is analysed at a fraction of its size (weight is a ratio, colour a median) and its mask,
  // carried back through the frame's mapping, is still dilated generously enough.
  const scale = Math.min(1, MAX_ANALYSIS_HEIGHT / Math.max(1, height));
  if (scale === 1 && isUpright(q)) return prepareAligned(image, quad, q, margin, height, options);
  const frameQuad = expandQuad(q, margin);
  const frameW = Math.max(1, Math.round((width + 2 * margin) * scale));
  const frameH = Math.max(1, Math.round((height + 2 * margin) * scale));
  // The crop is only read here (the mask keeps what later stages need), so its pixels are scratch. At full
  // size it is sampled by nearest pixel (see prepareAligned for why); shrunk, by averaging.
  const into = (w: number, h: number) => scratchPixels("analysis.frame", w * h * 4);
  const crop =
    scale === 1
      ? warpQuadNearest(image, frameQuad, frameW, frameH, into)
      : warpQuad(
          image,
          frameQuad,
          frameW,
          frameH,
          scale < 0.75 ? Math.min(4, Math.ceil(1 / scale)) : 1,
          into,
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

/** Whether a (horizontal) line's box is upright to within a pixel at every corner. */
function isUpright(q: Quad): boolean {
  return (
    Math.abs(q[1][1] - q[0][1]) <= 1 &&
    Math.abs(q[2][1] - q[3][1]) <= 1 &&
    Math.abs(q[3][0] - q[0][0]) <= 1 &&
    Math.abs(q[2][0] - q[1][0]) <= 1 &&
    q[1][0] > q[0][0] &&
    q[3][1] > q[0][1]
  );
}

/**
 * An upright line at full size is analysed on the picture's own pixels: the frame snaps outwards to whole
 * pixels and is copied, not resampled. Resampling at a fraction of a pixel blurs a one-pixel stroke into
 * two half-covered ones, which halves the contrast its colour is read from (hairline type came out as a
 * mix of ink and ground).
 */
function prepareAligned(
  image: RgbaImage,
  quad: Quad,
  q: Quad,
  margin: number,
  height: number,
  options: AnalyzeOptions,
): PreparedAnalysis {
  const box = quadBBox(q);
  const x0 = Math.floor(box.x - margin);
  const y0 = Math.floor(box.y - margin);
  const frameW = Math.max(1, Math.ceil(box.x + box.w + margin) - x0);
  const frameH = Math.max(1, Math.ceil(box.y + box.h + margin) - y0);
  const frameQuad: Quad = [
    [x0, y0],
    [x0 + frameW, y0],
    [x0 + frameW, y0 + frameH],
    [x0, y0 + frameH],
  ];
  const crop = copyWindow(
    image,
    x0,
    y0,
    frameW,
    frameH,
    scratchPixels("analysis.frame", frameW * frameH * 4),
  );
  const ix0 = Math.round(box.x - x0);
  const iy0 = Math.round(box.y - y0);
  const inner: InnerRect = {
    x0: ix0,
    y0: iy0,
    x1: Math.max(ix0 + 1, Math.min(frameW, Math.round(box.x + box.w - x0))),
    y1: Math.max(iy0 + 1, Math.min(frameH, Math.round(box.y + box.h - y0))),
  };
  const mask = extractTextMask(crop, inner, options);
  const badge = detectBadge(image, quad, mask.bgColor, height);
  return { mask, badge, inner, scale: 1, frameQuad, frameW, frameH };
}

/** The weight needs the text: what share of the em its ink spans depends on the characters. */
export function finishAnalysis(prepared: PreparedAnalysis, text: string): LineAnalysis {
  const { mask, badge, inner, scale, frameQuad, frameW, frameH } = prepared;
  const weight = estimateWeight(mask.alpha, frameW, inner, text);
  const ink = mask.ink / (scale * scale);
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
