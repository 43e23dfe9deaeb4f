/** EXIF orientation (1..8) applied to pixels, so regions are reported in the upright image's coordinates. */
import { createImage, type RgbaImage } from "./raster.ts";

export function applyOrientation(image: RgbaImage, orientation: number): RgbaImage {
  if (orientation <= 1 || orientation > 8) return image;
  const swap = orientation >= 5;
  const w = image.width;
  const h = image.height;
  const out = createImage(swap ? h : w, swap ? w : h);
  const ow = out.width;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let nx: number;
      let ny: number;
      switch (orientation) {
        case 2:
          nx = w - 1 - x;
          ny = y;
          break;
        case 3:
          nx = w - 1 - x;
          ny = h - 1 - y;
          break;
        case 4:
          nx = x;
          ny = h - 1 - y;
          break;
        case 5:
          nx = y;
          ny = x;
          break;
        case 6:
          nx = h - 1 - y;
          ny = x;
          break;
        case 7:
          nx = h - 1 - y;
          ny = w - 1 - x;
          break;
        default:
          nx = y;
          ny = w - 1 - x;
      }
      const s = (y * w + x) * 4;
      const t = (ny * ow + nx) * 4;
      out.data[t] = image.data[s]!;
      out.data[t + 1] = image.data[s + 1]!;
      out.data[t + 2] = image.data[s + 2]!;
      out.data[t + 3] = image.data[s + 3]!;
    }
  }
  return out;
}
