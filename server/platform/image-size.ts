import { GatewayError } from "../../src/contract/errors.ts";
import { IMAGE_LIMITS } from "../../src/contract/image-translate.ts";
import { readImageHeader, sniffFormat } from "../../src/engine/image-header.ts";

export interface ImageSize {
  format: string;
  width: number;
  height: number;
}

/**
 * The pixel size of an image read from its header, before any decoder sees it (issue 16 item 2): a
 * 110 KB PNG may declare 30000 x 30000 pixels, 3.6 GB once decoded. JPEG, PNG and WebP go through the
 * engine's own header reader (src/engine/image-header.ts, which also checks that the file is whole);
 * GIF (the logical screen and every frame) and AVIF (every `ispe` property) are read here, for the
 * marketplaces' visual search, which accepts them. Over the spec's 8192 x 8192 → 413 IMAGE_TOO_LARGE;
 * unreadable → INVALID_IMAGE; another format → UNSUPPORTED_IMAGE_FORMAT.
 */
export function readImageSize(bytes: Uint8Array): ImageSize {
  const format = sniffFormat(bytes);
  let size: ImageSize;
  if (format === "jpeg" || format === "png" || format === "webp") {
    const header = readImageHeader(bytes);
    size = { format, width: header.width, height: header.height };
  } else if (format === "gif") size = { format, ...gifSize(bytes) };
  else if (format === "avif") size = { format, ...avifSize(bytes) };
  else if (format === undefined)
    throw new GatewayError("INVALID_IMAGE", "The bytes are not a readable image.");
  else throw new GatewayError("UNSUPPORTED_IMAGE_FORMAT", `${format.toUpperCase()} images are not accepted.`);
  if (size.width <= 0 || size.height <= 0)
    throw new GatewayError("INVALID_IMAGE", `The ${format.toUpperCase()} header gives no pixel size.`);
  if (size.width > IMAGE_LIMITS.maxWidth || size.height > IMAGE_LIMITS.maxHeight) {
    throw new GatewayError(
      "IMAGE_TOO_LARGE",
      `The image is ${size.width}x${size.height} pixels; the limit is ${IMAGE_LIMITS.maxWidth}x${IMAGE_LIMITS.maxHeight}.`,
    );
  }
  return size;
}

const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u32be = (b: Uint8Array, at: number) =>
  (((b[at] ?? 0) << 24) | ((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0)) >>> 0;

/** The logical screen, and the largest frame: a decoder allocates for whichever is bigger. */
function gifSize(b: Uint8Array): { width: number; height: number } {
  if (b.length < 13) throw new GatewayError("INVALID_IMAGE", "The GIF image is truncated.");
  let width = u16le(b, 6);
  let height = u16le(b, 8);
  let pos = 13 + ((b[10]! & 0x80) !== 0 ? 3 * 2 ** ((b[10]! & 0x07) + 1) : 0);
  const skipSubBlocks = () => {
    while (pos < b.length && b[pos] !== 0) pos += b[pos]! + 1;
    pos++;
  };
  while (pos < b.length) {
    const block = b[pos];
    if (block === 0x3b) break;
    if (block === 0x21) {
      pos += 2;
      skipSubBlocks();
    } else if (block === 0x2c) {
      if (pos + 10 > b.length) break;
      width = Math.max(width, u16le(b, pos + 1) + u16le(b, pos + 5));
      height = Math.max(height, u16le(b, pos + 3) + u16le(b, pos + 7));
      const packed = b[pos + 9]!;
      pos += 10 + ((packed & 0x80) !== 0 ? 3 * 2 ** ((packed & 0x07) + 1) : 0) + 1;
      skipSubBlocks();
    } else break;
  }
  return { width, height };
}

/** The largest image spatial extent (`ispe`) the file declares (the primary image, its grid or alpha). */
function avifSize(b: Uint8Array): { width: number; height: number } {
  let width = 0;
  let height = 0;
  const end = Math.min(b.length, 1 << 20) - 16;
  for (let at = 4; at <= end; at++) {
    if (b[at] === 0x69 && b[at + 1] === 0x73 && b[at + 2] === 0x70 && b[at + 3] === 0x65) {
      width = Math.max(width, u32be(b, at + 8));
      height = Math.max(height, u32be(b, at + 12));
    }
  }
  if (width === 0) throw new GatewayError("INVALID_IMAGE", "The AVIF image declares no size (no ispe).");
  return { width, height };
}
