import { type Canvas, createCanvas, type Image } from "@napi-rs/canvas";
import { type PerceptualHash, perceptualHash, HASH_SIDE as SIDE } from "../../platform/perceptual-hash.ts";

/**
 * The sandbox's image fingerprint: a 256-bit DCT perceptual hash plus an 8x8 colour layout. Kept apart
 * from the index so the decoding thread (fingerprint-worker.ts) loads only this and the canvas.
 */

export const LOW = 16;
const SHAPE = { low: LOW, grid: 8 };

/** 256 hash bits and the mean RGB of an 8x8 grid (192 values 0..255). */
export type Fingerprint = PerceptualHash;

let shared: Canvas | undefined;

export function shrink(source: Canvas | Image): Fingerprint {
  // One small canvas serves every fingerprint (this runs synchronously, one at a time).
  shared ??= createCanvas(SIDE, SIDE);
  const ctx = shared.getContext("2d");
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  // Transparent pixels read as white, as a product photo's background would be.
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, SIDE, SIDE);
  ctx.drawImage(source, 0, 0, SIDE, SIDE);
  return perceptualHash(ctx.getImageData(0, 0, SIDE, SIDE).data, SHAPE);
}
