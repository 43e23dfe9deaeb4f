import { createCanvas, loadImage } from "@napi-rs/canvas";
import {
  hammingDistance,
  type PerceptualHash,
  perceptualHash,
  HASH_SIDE as SIDE,
} from "../platform/perceptual-hash.ts";

/**
 * A perceptual hash of a product picture: 64 bits from the signs of the low frequencies of a 32×32 DCT
 * (pHash), plus the mean colour of a 4×4 grid. Both survive resizing, JPEG re-encoding and a crop of a
 * few per cent, which is what marketplaces do to one maker's picture; two different products' pictures
 * differ in both.
 */
export type ImageHash = PerceptualHash;

const SHAPE = { low: 8, grid: 4 };
const BITS = SHAPE.low * SHAPE.low - 1;

/** The hash of encoded image bytes (JPEG, PNG, WebP, GIF); throws when they do not decode. */
export async function hashImageBytes(bytes: Uint8Array): Promise<ImageHash> {
  const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const canvas = createCanvas(SIDE, SIDE);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, SIDE, SIDE);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(image, 0, 0, SIDE, SIDE);
  return hashPixels(ctx.getImageData(0, 0, SIDE, SIDE).data);
}

/** The hash of 32×32 RGBA pixels. */
export function hashPixels(rgba: Uint8ClampedArray): ImageHash {
  return perceptualHash(rgba, SHAPE);
}

/**
 * 1 for the same picture, about 0.5 or less for unrelated ones: the share of agreeing hash bits and the
 * colour layout's closeness, averaged.
 */
export function imageSimilarity(a: ImageHash, b: ImageHash): number {
  const differing = hammingDistance(a.bits, b.bits);
  let color = 0;
  for (let i = 0; i < a.colors.length; i++) color += Math.abs(a.colors[i]! - b.colors[i]!);
  const hashAgreement = 1 - differing / BITS;
  const colorAgreement = 1 - color / a.colors.length / 128;
  return Math.max(0, Math.min(1, (hashAgreement + Math.max(0, colorAgreement)) / 2));
}
