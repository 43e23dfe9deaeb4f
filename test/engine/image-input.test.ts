/**
 * Bad input never crashes or hangs the engine: each gets the spec's error with a clear message, and the
 * pixel limit is enforced from the header, before any decoder runs.
 */

import { createCanvas } from "@napi-rs/canvas";
import { beforeAll, describe, expect, it } from "vitest";
import { GatewayError } from "../../src/contract/errors.ts";
import { decodeImage } from "../../src/engine/decode.ts";
import { readImageHeader } from "../../src/engine/image-header.ts";
import { NodeImageCodec } from "../../src/engine/node/node-codec.ts";
import type { ImageCodec } from "../../src/engine/ports.ts";
import { pngHeader } from "./support/images.ts";

const codec = new NodeImageCodec();
let png: Uint8Array;
let jpeg: Uint8Array;
let webp: Uint8Array;

beforeAll(async () => {
  const c = createCanvas(40, 20);
  const ctx = c.getContext("2d");
  ctx.fillStyle = "red";
  ctx.fillRect(0, 0, 20, 20);
  ctx.fillStyle = "blue";
  ctx.fillRect(20, 0, 20, 20);
  png = new Uint8Array(await c.encode("png"));
  jpeg = new Uint8Array(await c.encode("jpeg", 90));
  webp = new Uint8Array(await c.encode("webp", 90));
});

async function rejection(bytes: Uint8Array, decoder: ImageCodec = codec): Promise<GatewayError> {
  try {
    await decodeImage(bytes, decoder);
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error("decodeImage accepted bad input");
}

/** A decoder that fails the test if it is ever called: limits must be checked before decoding. */
const mustNotDecode: ImageCodec = {
  decode: () => {
    throw new Error("the decoder was reached");
  },
  encodeJpeg: () => {
    throw new Error("unused");
  },
};

describe("image input", () => {
  it("reads format and size of JPEG, PNG and WebP from their headers", () => {
    for (const [bytes, format] of [
      [png, "png"],
      [jpeg, "jpeg"],
      [webp, "webp"],
    ] as const) {
      expect(readImageHeader(bytes)).toMatchObject({ format, width: 40, height: 20 });
    }
  });

  it("decodes the three formats to the same upright pixels", async () => {
    for (const bytes of [png, jpeg, webp]) {
      const { image } = await decodeImage(bytes, codec);
      expect([image.width, image.height]).toEqual([40, 20]);
      expect(image.data[0]).toBeGreaterThan(200); // red on the left
      expect(image.data[(10 * 40 + 35) * 4 + 2]).toBeGreaterThan(200); // blue on the right
    }
  });

  it("refuses an empty body", async () => {
    const e = await rejection(new Uint8Array(0));
    expect(e.code).toBe("INVALID_IMAGE");
    expect(e.message).toMatch(/empty/);
  });

  it("refuses bytes that are not an image", async () => {
    const e = await rejection(new TextEncoder().encode("<html><body>not an image</body></html>"));
    expect(e.code).toBe("INVALID_IMAGE");
  });

  it("refuses readable but untranslatable formats (GIF, BMP, TIFF)", async () => {
    for (const magic of ["GIF89a", "BM", "II*\0"]) {
      const bytes = new Uint8Array(64);
      bytes.set(new TextEncoder().encode(magic));
      const e = await rejection(bytes, mustNotDecode);
      expect(e.code).toBe("UNSUPPORTED_IMAGE_FORMAT");
      expect(e.message).toMatch(/JPEG, PNG or WebP/);
    }
  });

  it("refuses truncated JPEG, PNG and WebP files", async () => {
    for (const bytes of [jpeg, png, webp]) {
      const e = await rejection(bytes.slice(0, Math.floor(bytes.length * 0.6)), mustNotDecode);
      expect(e.code).toBe("INVALID_IMAGE");
      expect(e.message).toMatch(/truncated|corrupt/);
    }
  });

  it("refuses huge dimensions from the header alone, naming the size and the limit", async () => {
    const e = await rejection(pngHeader(10000, 9000), mustNotDecode);
    expect(e.code).toBe("IMAGE_TOO_LARGE");
    expect(e.status).toBe(413);
    expect(e.message).toContain("10000x9000");
    expect(e.message).toContain("8192x8192");
    // A JPEG whose SOF claims 9000 x 100.
    const big = jpeg.slice();
    const sof = findSof(big);
    new DataView(big.buffer).setUint16(sof + 5, 9000);
    expect((await rejection(big, mustNotDecode)).code).toBe("IMAGE_TOO_LARGE");
  });

  it("turns a corrupt body with a sound header into INVALID_IMAGE", async () => {
    const failing: ImageCodec = {
      decode: () => Promise.reject(new Error("bad huffman")),
      encodeJpeg: codec.encodeJpeg,
    };
    const e = await rejection(png, failing);
    expect(e.code).toBe("INVALID_IMAGE");
    expect(e.message).toMatch(/could not be decoded/);
  });

  it("applies the EXIF orientation", async () => {
    // Orientation 6 (rotate 90 degrees clockwise): the red left half becomes the top.
    const tiff = [
      0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0,
    ];
    const payload = [...new TextEncoder().encode("Exif"), 0, 0, ...tiff];
    const app1 = [0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 255, ...payload];
    const rotated = new Uint8Array([...jpeg.subarray(0, 2), ...app1, ...jpeg.subarray(2)]);
    expect(readImageHeader(rotated).orientation).toBe(6);
    const { image } = await decodeImage(rotated, codec);
    expect([image.width, image.height]).toEqual([20, 40]);
    expect(image.data[0]).toBeGreaterThan(200);
    expect(image.data[(39 * 20 + 10) * 4 + 2]).toBeGreaterThan(200);
  });
});

function findSof(b: Uint8Array): number {
  for (let i = 2; i < b.length - 1; i++) if (b[i] === 0xff && b[i + 1] === 0xc0) return i + 2;
  throw new Error("no SOF0");
}
