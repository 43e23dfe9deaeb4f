/** Browser drawing surfaces on OffscreenCanvas (works in pages, workers and offscreen documents). */
import type { CanvasPort, DrawingContext, DrawingSurface } from "../ports.ts";
import type { RgbaImage } from "../raster.ts";
import { canvasToJpeg } from "./canvas-jpeg.ts";

export class BrowserCanvasPort implements CanvasPort {
  createSurface(width: number, height: number): DrawingSurface {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
    return {
      width,
      height,
      context: ctx as unknown as DrawingContext,
      putImage(image: RgbaImage) {
        ctx.putImageData(new ImageData(new Uint8ClampedArray(image.data), image.width, image.height), 0, 0);
      },
      getImage(): RgbaImage {
        return { width, height, data: ctx.getImageData(0, 0, width, height).data };
      },
      encodeJpeg: (quality: number) => canvasToJpeg(canvas, quality),
    };
  }
}
