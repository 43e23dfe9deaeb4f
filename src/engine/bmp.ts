/**
 * A 24-bit BMP writer: the simplest encoding tesseract.js (Leptonica) reads in both runtimes, so line crops
 * reach it without a canvas round trip.
 */
import type { RgbaImage } from "./raster.ts";

export function encodeBmp(image: RgbaImage): Uint8Array {
  const rowSize = Math.ceil((image.width * 3) / 4) * 4;
  const size = 54 + rowSize * image.height;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out[0] = 0x42;
  out[1] = 0x4d;
  view.setUint32(2, size, true);
  view.setUint32(10, 54, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, image.width, true);
  view.setInt32(22, image.height, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 24, true);
  view.setUint32(34, rowSize * image.height, true);
  view.setInt32(38, 2835, true);
  view.setInt32(42, 2835, true);
  for (let y = 0; y < image.height; y++) {
    // Rows are stored bottom-up, pixels as B, G, R.
    const row = 54 + (image.height - 1 - y) * rowSize;
    for (let x = 0; x < image.width; x++) {
      const s = (y * image.width + x) * 4;
      const t = row + x * 3;
      out[t] = image.data[s + 2]!;
      out[t + 1] = image.data[s + 1]!;
      out[t + 2] = image.data[s]!;
    }
  }
  return out;
}
