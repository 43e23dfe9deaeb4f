/** Browser image codec: createImageBitmap decodes (EXIF orientation applied), OffscreenCanvas encodes. */
import type { DecodedImage, ImageCodec, ImageFormat } from "../ports.ts";
import type { RgbaImage } from "../raster.ts";
import { canvasToJpeg } from "./canvas-jpeg.ts";

const MIME: Record<string, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };

export class BrowserImageCodec implements ImageCodec {
  async decode(bytes: Uint8Array, format: ImageFormat): Promise<DecodedImage> {
    const blob = new Blob([bytes as BlobPart], { type: MIME[format] ?? "application/octet-stream" });
    const bitmap = await createImageBitmap(blob, {
      imageOrientation: "from-image",
      premultiplyAlpha: "none",
      colorSpaceConversion: "none",
    });
    try {
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
      ctx.drawImage(bitmap, 0, 0);
      const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      return { image: { width: bitmap.width, height: bitmap.height, data }, orientationApplied: true };
    } finally {
      bitmap.close();
    }
  }

  async encodeJpeg(image: RgbaImage, quality: number): Promise<Uint8Array> {
    const canvas = new OffscreenCanvas(image.width, image.height);
    canvas
      .getContext("2d")!
      .putImageData(new ImageData(new Uint8ClampedArray(image.data), image.width, image.height), 0, 0);
    return canvasToJpeg(canvas, quality);
  }
}
