/** Node image codec on @napi-rs/canvas (Skia): decodes JPEG/PNG/WebP, encodes JPEG. */
import { createCanvas, Image, ImageData } from "@napi-rs/canvas";
import type { DecodedImage, ImageCodec, ImageFormat } from "../ports.ts";
import type { RgbaImage } from "../raster.ts";

export class NodeImageCodec implements ImageCodec {
  async decode(bytes: Uint8Array, format: ImageFormat): Promise<DecodedImage> {
    const img = new Image();
    img.src = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    await img.decode();
    const w = img.naturalWidth;
    const h = img.naturalHeight;
    if (!w || !h) throw new Error("decoder returned an empty image");
    const canvas = createCanvas(w, h);
    const ctx = canvas.getContext("2d");
    ctx.drawImage(img, 0, 0);
    // A JPEG is opaque, so the canvas's stored (premultiplied) pixels are already what getImageData would
    // return, without its per-pixel unpremultiplying; data() is a copy of them.
    const data = format === "jpeg" ? canvas.data() : ctx.getImageData(0, 0, w, h).data;
    // Skia draws the stored pixels; EXIF orientation is left to the engine.
    return {
      image: {
        width: w,
        height: h,
        data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
      },
      orientationApplied: false,
    };
  }

  async encodeJpeg(image: RgbaImage, quality: number): Promise<Uint8Array> {
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext("2d").putImageData(new ImageData(image.data, image.width, image.height), 0, 0);
    return new Uint8Array(await canvas.encode("jpeg", Math.round(quality * 100)));
  }
}
