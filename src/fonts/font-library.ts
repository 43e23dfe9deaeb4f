/**
 * Loads font faces once and hands out fallback chains: the chosen face, then Pretendard, then NotoSansSC
 * (spec: glyphs missing in the chosen font are filled from those two), each at the nearest weight.
 */
import { GatewayError } from "../contract/errors.ts";
import type { BundledFont, Script } from "../contract/image-translate.ts";
import type { AssetLoader } from "../engine/ports.ts";
import { BUNDLED_FAMILIES, isBundledFont, nearestWeight } from "./bundled.ts";
import { type CharMap, scriptCoverage } from "./coverage.ts";
import { checkSfnt, MAX_SFNT_BYTES } from "./font-file.ts";
import { type OtFont, opentype } from "./opentype.ts";

export interface FontFace {
  /** The API value: a bundled family name or `user/<id>`. */
  name: string;
  weight: number;
  font: OtFont;
  map: CharMap;
}

/** A user's font, already fetched by the caller (the server's font store) as bytes. */
export interface UserFontSource {
  ref: string;
  /** TTF or OTF bytes (a WOFF2 upload is stored decompressed). */
  bytes: Uint8Array;
  /** The bytes' content hash: a face parsed once is reused while the same bytes come again. */
  hash?: string;
}

/** Parsed user faces kept per library (a large CJK font takes a while to parse). */
const USER_FACES_KEPT = 8;

const FALLBACK: readonly BundledFont[] = ["Pretendard", "NotoSansSC"];

export class FontLibrary {
  private readonly faces = new Map<string, Promise<FontFace>>();
  private readonly coverage = new Map<string, Promise<Record<Script, boolean>>>();
  private readonly userFaces = new Map<string, FontFace>();

  constructor(private readonly assets: AssetLoader) {}

  /** A bundled family at the weight nearest to `weight`. */
  bundled(family: BundledFont, weight: number): Promise<FontFace> {
    const files = BUNDLED_FAMILIES[family].files;
    const w = nearestWeight(files.keys(), weight);
    const key = files.get(w)!;
    let face = this.faces.get(key);
    if (face === undefined) {
      face = this.assets.load(key).then((bytes) => parseFace(bytes, family, w));
      this.faces.set(key, face);
      face.catch(() => this.faces.delete(key));
    }
    return face;
  }

  /** The faces to draw with, in order: chosen (bundled or user), then the spec's fallbacks. */
  async chain(
    font: string,
    weight: number,
    user?: UserFontSource,
    fallbacks = FALLBACK.length,
  ): Promise<FontFace[]> {
    let first: FontFace;
    if (user !== undefined && font === user.ref) first = this.userFace(user);
    else if (isBundledFont(font)) first = await this.bundled(font, weight);
    else
      throw new GatewayError(
        "FONT_NOT_FOUND",
        `Font ${font} is not a bundled font or a user font of this caller.`,
      );
    const rest = await Promise.all(
      FALLBACK.filter((f) => f !== font)
        .slice(0, fallbacks)
        .map((f) => this.bundled(f, weight)),
    );
    return [first, ...rest];
  }

  /**
   * `first` and the fallbacks after it that `text` needs: a fallback is loaded only when a character of
   * the text is missing from every face before it. Drawing takes each character from the first face that
   * has it, so the text draws exactly as with the whole chain; a Korean translation then never loads
   * NotoSansSC (two 8 MB faces, parsed and kept for the life of the process).
   */
  async chainCovering(first: FontFace, text: string, font: string, weight: number): Promise<FontFace[]> {
    const faces = [first];
    const chars = [...new Set(text)].filter((char) => char.trim() !== "");
    for (const family of FALLBACK.filter((f) => f !== font)) {
      if (chars.every((char) => faces.some((f) => f.map.has(char)))) break;
      faces.push(await this.bundled(family, weight));
    }
    return faces;
  }

  /** A user's face, parsed once per content hash (least recently used dropped first). */
  private userFace(user: UserFontSource): FontFace {
    if (user.hash === undefined) return loadUserFace(user);
    const key = `${user.hash} ${user.ref}`;
    const kept = this.userFaces.get(key);
    if (kept !== undefined) {
      this.userFaces.delete(key);
      this.userFaces.set(key, kept);
      return kept;
    }
    const face = loadUserFace(user);
    this.userFaces.set(key, face);
    if (this.userFaces.size > USER_FACES_KEPT) this.userFaces.delete(this.userFaces.keys().next().value!);
    return face;
  }

  /** Script coverage of a bundled family (read from its Regular-nearest file, once). */
  familyCoverage(family: BundledFont): Promise<Record<Script, boolean>> {
    let c = this.coverage.get(family);
    if (c === undefined) {
      c = this.bundled(family, 400).then((face) => scriptCoverage(face.map));
      this.coverage.set(family, c);
    }
    return c;
  }
}

export function loadUserFace(user: UserFontSource): FontFace {
  const font = parseUserFont(user.bytes, user.ref, MAX_SFNT_BYTES);
  return { name: user.ref, weight: font.tables.os2?.usWeightClass ?? 400, font, map: charMapOf(font) };
}

/** Parses font bytes that came from a user: structure checked first, any parser failure reported. */
export function parseUserFont(bytes: Uint8Array, name: string, maxBytes?: number): OtFont {
  checkSfnt(bytes, name, maxBytes);
  let font: OtFont;
  try {
    font = opentype.parse(toArrayBuffer(bytes), { lowMemory: true });
  } catch (cause) {
    throw new GatewayError("FONT_RESOLVE_ERROR", `Font ${name} could not be read.`, { cause });
  }
  if (!(font.unitsPerEm >= 16 && font.unitsPerEm <= 16384) || !(font.numGlyphs > 1)) {
    throw new GatewayError("FONT_RESOLVE_ERROR", `Font ${name} has no usable glyphs.`);
  }
  return font;
}

function parseFace(bytes: Uint8Array, family: string, weight: number): FontFace {
  const font = opentype.parse(toArrayBuffer(bytes), { lowMemory: true });
  return { name: family, weight, font, map: charMapOf(font) };
}

export function charMapOf(font: OtFont): CharMap {
  return {
    has(char: string) {
      try {
        return font.charToGlyphIndex(char) > 0;
      } catch {
        return false;
      }
    },
  };
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
