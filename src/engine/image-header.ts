/**
 * Reads format, pixel size and EXIF orientation from the first bytes of an image, and checks that the
 * file is whole, all before any decoder sees it: a 60000 x 60000 PNG must be refused from its 33-byte
 * header, not after a decoder has tried to allocate 14 GB.
 */
import { GatewayError } from "../contract/errors.ts";
import { IMAGE_LIMITS } from "../contract/image-translate.ts";
import type { ImageFormat } from "./ports.ts";

export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
  /** EXIF orientation 1..8 (1 = as stored). */
  orientation: number;
  /**
   * Whether colour is stored at lower resolution than brightness (JPEG 4:2:0 or 4:2:2, lossy WebP): thin
   * coloured strokes then lose saturation, which colour analysis compensates for.
   */
  chromaSubsampled: boolean;
}

export const TRANSLATABLE_FORMATS: ReadonlySet<ImageFormat> = new Set(["jpeg", "png", "webp"]);

export function sniffFormat(bytes: Uint8Array): ImageFormat | undefined {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && ascii(b, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (b.length >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return "webp";
  if (b.length >= 6 && (ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a")) return "gif";
  if (b.length >= 2 && ascii(b, 0, 2) === "BM") return "bmp";
  if (b.length >= 4 && (ascii(b, 0, 4) === "II*\0" || ascii(b, 0, 4) === "MM\0*")) return "tiff";
  if (b.length >= 12 && ascii(b, 4, 4) === "ftyp") {
    const brand = ascii(b, 8, 4);
    if (brand === "avif" || brand === "avis") return "avif";
    if (brand.startsWith("hei") || brand.startsWith("mif1") || brand === "heix") return "heic";
  }
  return undefined;
}

/**
 * The header of a translatable image, checked: readable, whole, within the pixel limit. Throws the spec's
 * INVALID_IMAGE, UNSUPPORTED_IMAGE_FORMAT or IMAGE_TOO_LARGE.
 */
export function readImageHeader(bytes: Uint8Array): ImageHeader {
  if (bytes.length === 0) throw new GatewayError("INVALID_IMAGE", "The image body is empty (0 bytes).");
  const format = sniffFormat(bytes);
  if (format === undefined) {
    throw new GatewayError(
      "INVALID_IMAGE",
      "The bytes are not a readable image (no JPEG, PNG or WebP signature).",
    );
  }
  if (!TRANSLATABLE_FORMATS.has(format)) {
    throw new GatewayError(
      "UNSUPPORTED_IMAGE_FORMAT",
      `${format.toUpperCase()} images are not translated; send JPEG, PNG or WebP.`,
    );
  }
  const header = format === "jpeg" ? readJpeg(bytes) : format === "png" ? readPng(bytes) : readWebp(bytes);
  if (header.width <= 0 || header.height <= 0) {
    throw new GatewayError("INVALID_IMAGE", `The ${format.toUpperCase()} header gives no pixel size.`);
  }
  if (header.width > IMAGE_LIMITS.maxWidth || header.height > IMAGE_LIMITS.maxHeight) {
    throw new GatewayError(
      "IMAGE_TOO_LARGE",
      `The image is ${header.width}x${header.height} pixels; the limit is ${IMAGE_LIMITS.maxWidth}x${IMAGE_LIMITS.maxHeight}.`,
    );
  }
  return header;
}

function truncated(format: string): GatewayError {
  return new GatewayError("INVALID_IMAGE", `The ${format} image is truncated or corrupt.`);
}

function readJpeg(b: Uint8Array): ImageHeader {
  let pos = 2;
  let width = 0;
  let height = 0;
  let orientation = 1;
  let scanStart = -1;
  let chromaSubsampled = false;
  while (pos + 4 <= b.length) {
    if (b[pos] !== 0xff) throw truncated("JPEG");
    while (pos < b.length && b[pos] === 0xff) pos++;
    const marker = b[pos++];
    if (marker === undefined) break;
    // Markers without a length.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (pos + 2 > b.length) break;
    const len = u16be(b, pos);
    if (len < 2 || pos + len > b.length) throw truncated("JPEG");
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof && len >= 7 && width === 0) {
      height = u16be(b, pos + 3);
      width = u16be(b, pos + 5);
      const components = b[pos + 7] ?? 0;
      const lumaSampling = b[pos + 9] ?? 0x11;
      chromaSubsampled = components === 3 && lumaSampling !== 0x11;
    } else if (marker === 0xe1 && len >= 16 && ascii(b, pos + 2, 6) === "Exif\0\0") {
      orientation = exifOrientation(b, pos + 8, pos + len) ?? orientation;
    } else if (marker === 0xda) {
      scanStart = pos + len;
      break;
    }
    pos += len;
  }
  if (scanStart < 0 || width === 0) throw truncated("JPEG");
  // A whole JPEG ends with EOI (FF D9) after its scans; a cut-off download does not.
  let eoi = false;
  for (let i = b.length - 2; i >= scanStart; i--) {
    if (b[i] === 0xff && b[i + 1] === 0xd9) {
      eoi = true;
      break;
    }
  }
  if (!eoi) throw truncated("JPEG");
  return { format: "jpeg", width, height, orientation, chromaSubsampled };
}

function exifOrientation(b: Uint8Array, tiff: number, end: number): number | undefined {
  if (tiff + 8 > end) return undefined;
  const order = ascii(b, tiff, 2);
  if (order !== "II" && order !== "MM") return undefined;
  const le = order === "II";
  const r16 = (o: number) => (le ? b[o]! | (b[o + 1]! << 8) : (b[o]! << 8) | b[o + 1]!);
  const r32 = (o: number) =>
    le
      ? (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0
      : ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0;
  const ifd = tiff + r32(tiff + 4);
  if (ifd + 2 > end) return undefined;
  const count = r16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return undefined;
    if (r16(entry) === 0x0112) {
      const value = r16(entry + 8);
      return value >= 1 && value <= 8 ? value : undefined;
    }
  }
  return undefined;
}

function readPng(b: Uint8Array): ImageHeader {
  if (b.length < 33 || ascii(b, 12, 4) !== "IHDR") throw truncated("PNG");
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  // Walk the chunks to IEND: a PNG cut short has a chunk running past the end.
  let pos = 8;
  let ended = false;
  while (pos + 12 <= b.length) {
    const len = u32be(b, pos);
    const type = ascii(b, pos + 4, 4);
    if (pos + 12 + len > b.length) break;
    pos += 12 + len;
    if (type === "IEND") {
      ended = true;
      break;
    }
  }
  if (!ended) throw truncated("PNG");
  return { format: "png", width, height, orientation: 1, chromaSubsampled: false };
}

function readWebp(b: Uint8Array): ImageHeader {
  const riffSize = u32le(b, 4);
  if (riffSize + 8 > b.length || b.length < 30) throw truncated("WebP");
  const chunk = ascii(b, 12, 4);
  let width = 0;
  let height = 0;
  let orientation = 1;
  let chromaSubsampled = chunk !== "VP8L";
  if (chunk === "VP8 ") {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) throw truncated("WebP");
    width = u16le(b, 26) & 0x3fff;
    height = u16le(b, 28) & 0x3fff;
  } else if (chunk === "VP8L") {
    if (b[20] !== 0x2f) throw truncated("WebP");
    const bits = u32le(b, 21);
    width = (bits & 0x3fff) + 1;
    height = ((bits >>> 14) & 0x3fff) + 1;
  } else if (chunk === "VP8X") {
    width = (b[24]! | (b[25]! << 8) | (b[26]! << 16)) + 1;
    height = (b[27]! | (b[28]! << 8) | (b[29]! << 16)) + 1;
    // Look for an EXIF chunk among the following ones.
    let pos = 12 + 8 + u32le(b, 16);
    while (pos + 8 <= b.length) {
      const type = ascii(b, pos, 4);
      const len = u32le(b, pos + 4);
      if (type === "VP8L") chromaSubsampled = false;
      if (type === "EXIF") {
        const start = pos + 8 + (ascii(b, pos + 8, 6) === "Exif\0\0" ? 6 : 0);
        orientation = exifOrientation(b, start, Math.min(b.length, pos + 8 + len)) ?? 1;
      }
      pos += 8 + len + (len & 1);
    }
  } else {
    throw truncated("WebP");
  }
  return { format: "webp", width, height, orientation, chromaSubsampled };
}

function ascii(b: Uint8Array, start: number, length: number): string {
  let s = "";
  for (let i = start; i < start + length && i < b.length; i++) s += String.fromCharCode(b[i]!);
  return s;
}

function u16be(b: Uint8Array, o: number): number {
  return (b[o]! << 8) | b[o + 1]!;
}
function u16le(b: Uint8Array, o: number): number {
  return b[o]! | (b[o + 1]! << 8);
}
function u32be(b: Uint8Array, o: number): number {
  return ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0;
}
function u32le(b: Uint8Array, o: number): number {
  return (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;
}
