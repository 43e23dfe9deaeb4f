/** Node drawing surfaces on @napi-rs/canvas. */
import { createCanvas, ImageData } from "@napi-rs/canvas";
import type { CanvasPort, DrawingContext, DrawingSurface } from "../ports.ts";
import type { RgbaImage } from "../raster.ts";

export class NodeCanvasPort implements CanvasPort {
  createSurface(width: number, height: number): DrawingSurface {
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext("2d");
    return {
      width,
      height,
      context: ctx as unknown as DrawingContext,
      putImage(image: RgbaImage) {
        ctx.putImageData(new ImageData(image.data, image.width, image.height), 0, 0);
      },
      getImage(): RgbaImage {
        const d = ctx.getImageData(0, 0, width, height).data;
        return { width, height, data: new Uint8ClampedArray(d.buffer, d.byteOffset, d.byteLength) };
      },
      async encodeJpeg(quality: number) {
        return new Uint8Array(await canvas.encode("jpeg", Math.round(quality * 100)));
      },
    };
  }
}
