/**
 * The upload check of a user font (runs inside a font-check worker, never on the server's thread): the
 * container, the size, the table directory, a full parse, and the glyphs themselves. Every refusal says
 * in words what is wrong with the file.
 */
import { decompress } from "wawoff2";
import { isGatewayError } from "../../src/contract/errors.ts";
import { SCRIPTS, type Script } from "../../src/contract/image-translate.ts";
import { type CharMap, SCRIPT_SAMPLES, scriptCoverage } from "../../src/fonts/coverage.ts";
import { MAX_FONT_BYTES, MAX_SFNT_BYTES, sniffFont } from "../../src/fonts/font-file.ts";
import { charMapOf, parseUserFont } from "../../src/fonts/font-library.ts";
import type { OtFont } from "../../src/fonts/opentype.ts";
import type { FontCheckResult, FontFacts, FontRefusalCode } from "./font-check-task.ts";

const MIB = 1024 * 1024;

export async function inspectFont(bytes: Uint8Array): Promise<FontCheckResult> {
  if (bytes.length > MAX_FONT_BYTES) {
    return refuse(
      "FONT_TOO_LARGE",
      `The file is ${(bytes.length / MIB).toFixed(1)} MiB; fonts may be at most ${MAX_FONT_BYTES / MIB} MiB.`,
    );
  }
  const container = sniffFont(bytes);
  if (container === undefined) {
    return refuse("FONT_FORMAT_UNSUPPORTED", "The file is not a font: upload a TTF, OTF or WOFF2 file.");
  }
  if (container === "collection" || (container === "woff2" && flavorOf(bytes) === "ttcf")) {
    return refuse(
      "FONT_FORMAT_UNSUPPORTED",
      "The file is a font collection (TTC or OTC), which is not accepted: upload a single TTF, OTF or WOFF2 font.",
    );
  }
  if (container === "woff") {
    return refuse(
      "FONT_FORMAT_UNSUPPORTED",
      "WOFF (version 1) files are not accepted: upload the font as TTF, OTF or WOFF2.",
    );
  }
  let sfnt = bytes;
  if (container === "woff2") {
    try {
      sfnt = await decompress(bytes);
    } catch {
      return refuse("FONT_INVALID", "The WOFF2 file is corrupt or truncated: it could not be decompressed.");
    }
    const inner = sniffFont(sfnt);
    if (inner !== "ttf" && inner !== "otf")
      return refuse("FONT_INVALID", "The WOFF2 file does not hold a TrueType or OpenType font.");
  }
  let font: OtFont;
  try {
    font = parseUserFont(sfnt, "file", MAX_SFNT_BYTES);
  } catch (error) {
    if (isGatewayError(error)) return refuse("FONT_INVALID", error.message);
    return refuse("FONT_INVALID", "The font is corrupt: its tables could not be read.");
  }
  const format = container === "woff2" ? "woff2" : container;
  try {
    return describe(font, format, sfnt);
  } catch {
    return refuse("FONT_INVALID", "The font is corrupt: its glyphs could not be read.");
  }
}

function describe(font: OtFont, format: FontFacts["format"], sfnt: Uint8Array): FontCheckResult {
  const glyphCoverage = drawableCoverage(font);
  if (!SCRIPTS.some((s) => glyphCoverage[s])) {
    return refuse(
      "FONT_INVALID",
      `The font has no usable glyphs for any script text is translated into (${SCRIPTS.join(", ")}): each needs nearly all of its common characters, with outlines.`,
    );
  }
  const family = clean(nameOf(font, "typoFamilyName", "preferredFamily", "fontFamily")) || "Untitled";
  const subfamily = nameOf(font, "typoSubfamilyName", "preferredSubfamily", "fontSubfamily") ?? "";
  const fsSelection = font.tables.os2?.fsSelection ?? 0;
  const macStyle = font.tables.head?.macStyle ?? 0;
  const weightClass = Number(font.tables.os2?.usWeightClass ?? 400);
  const facts: FontFacts = {
    family,
    weight: Number.isInteger(weightClass) ? Math.min(1000, Math.max(1, weightClass)) : 400,
    italic: (fsSelection & 1) === 1 || (macStyle & 2) === 2 || /italic|oblique/i.test(subfamily),
    format,
    glyphCoverage,
  };
  return { kind: "accepted", facts, sfnt };
}

/**
 * A script counts when the cmap maps its sample (coverage.ts) and the mapped glyphs have outlines: a
 * font that maps characters to empty glyphs would draw nothing. Drawing every sample glyph also walks the
 * glyph data, so a hostile outline fails here, at upload, not in a translation.
 */
function drawableCoverage(font: OtFont): Record<Script, boolean> {
  const mapped = scriptCoverage(charMapOf(font));
  const drawn: CharMap = {
    has(char) {
      if (font.charToGlyphIndex(char) <= 0) return false;
      return font.charToGlyph(char).getPath(0, 0, 64).commands.length > 0;
    },
  };
  const out = { ...mapped };
  for (const script of SCRIPTS) {
    if (!mapped[script]) continue;
    const chars = [...SCRIPT_SAMPLES[script]];
    const withOutlines = chars.filter((c) => drawn.has(c)).length;
    // Han may be covered by traditional forms only; the simplified sample then says little.
    out[script] = withOutlines / chars.length >= 0.98 || (script === "han" && withOutlines > 0);
  }
  return out;
}

type NameTable = Record<string, Record<string, string> | undefined>;

/**
 * A name-table entry, English first: opentype.js 2 groups names by platform (windows, macintosh,
 * unicode); older shapes keep them flat.
 */
function nameOf(font: OtFont, ...keys: string[]): string | undefined {
  const raw = font.names as unknown as Record<string, NameTable | Record<string, string> | undefined>;
  const tables = [raw.windows, raw.macintosh, raw.unicode, raw].filter(Boolean) as NameTable[];
  for (const key of keys) {
    for (const table of tables) {
      const entry = table[key];
      if (entry === undefined || typeof entry !== "object") continue;
      const text = entry.en ?? entry["en-US"] ?? Object.values(entry)[0];
      if (typeof text === "string" && text.trim() !== "") return text;
    }
  }
  return undefined;
}

/** The WOFF2 header's flavor: the sfnt version of the font inside ("ttcf" for a collection). */
function flavorOf(bytes: Uint8Array): string {
  return String.fromCharCode(bytes[4]!, bytes[5]!, bytes[6]!, bytes[7]!);
}

/** A family name as text: no control characters, trimmed, at most 200 characters. */
function clean(name: string | undefined): string {
  return (name ?? "")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim()
    .slice(0, 200);
}

function refuse(code: FontRefusalCode, reason: string): FontCheckResult {
  return { kind: "refused", code, reason };
}
