/**
 * First look at font bytes before any parser sees them: the container format, and a bounds check of the
 * sfnt table directory, so truncated or hostile files are refused with a clear error instead of reaching
 * opentype.js.
 */
import { GatewayError } from "../contract/errors.ts";

export type FontContainer = "ttf" | "otf" | "woff" | "woff2" | "collection";

/** The spec's upload limit (Limits, Custom fonts). */
export const MAX_FONT_BYTES = 10 * 1024 * 1024;
/** The most a font may take once decompressed (a WOFF2 file of 10 MiB opens to about three times that). */
export const MAX_SFNT_BYTES = 32 * 1024 * 1024;

export function sniffFont(bytes: Uint8Array): FontContainer | undefined {
  if (bytes.length < 12) return undefined;
  const tag = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (tag === "OTTO") return "otf";
  if (tag === "\0\x01\0\0" || tag === "true") return "ttf";
  if (tag === "wOFF") return "woff";
  if (tag === "wOF2") return "woff2";
  if (tag === "ttcf") return "collection";
  return undefined;
}

/** Throws FONT_RESOLVE_ERROR unless the bytes are a whole TTF/OTF whose tables lie inside the file. */
export function checkSfnt(bytes: Uint8Array, name: string, maxBytes = MAX_FONT_BYTES): "ttf" | "otf" {
  if (bytes.length > maxBytes) {
    throw new GatewayError(
      "FONT_RESOLVE_ERROR",
      `Font ${name} is ${bytes.length} bytes; the limit is ${maxBytes}.`,
    );
  }
  const kind = sniffFont(bytes);
  if (kind === "collection") {
    throw new GatewayError(
      "FONT_RESOLVE_ERROR",
      `Font ${name} is a TTC/OTC collection; collections are not supported.`,
    );
  }
  if (kind === "woff2" || kind === "woff") {
    throw new GatewayError(
      "FONT_RESOLVE_ERROR",
      `Font ${name} is ${kind.toUpperCase()}; the renderer reads TTF and OTF.`,
    );
  }
  if (kind === undefined)
    throw new GatewayError("FONT_RESOLVE_ERROR", `Font ${name} is not a TTF or OTF file.`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const numTables = view.getUint16(4);
  if (numTables === 0 || numTables > 512 || 12 + numTables * 16 > bytes.length) {
    throw new GatewayError("FONT_RESOLVE_ERROR", `Font ${name} has a corrupt table directory.`);
  }
  const seen = new Set<string>();
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16;
    const tag = String.fromCharCode(bytes[rec]!, bytes[rec + 1]!, bytes[rec + 2]!, bytes[rec + 3]!);
    const offset = view.getUint32(rec + 8);
    const length = view.getUint32(rec + 12);
    if (offset + length > bytes.length) {
      throw new GatewayError(
        "FONT_RESOLVE_ERROR",
        `Font ${name} is truncated (table ${tag.trim()} runs past the end).`,
      );
    }
    seen.add(tag);
  }
  for (const required of ["cmap", "head", "hhea", "hmtx", "maxp"]) {
    if (!seen.has(required)) {
      throw new GatewayError("FONT_RESOLVE_ERROR", `Font ${name} has no ${required} table.`);
    }
  }
  if (!seen.has("glyf") && !seen.has("CFF ")) {
    throw new GatewayError("FONT_RESOLVE_ERROR", `Font ${name} has no glyph outlines (glyf or CFF).`);
  }
  return kind;
}
