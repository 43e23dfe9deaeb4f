/**
 * opentype.js, typed for the parts we use. Its package is UMD for Node (one default export) and ESM for
 * bundlers (named exports), so the namespace is normalized here once.
 */
// @ts-expect-error opentype.js 2 ships no type declarations
import * as namespace from "opentype.js";

export interface PathCommand {
  type: "M" | "L" | "C" | "Q" | "Z";
  x?: number;
  y?: number;
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
}

export interface OtPath {
  commands: PathCommand[];
}

export interface OtGlyph {
  index: number;
  advanceWidth?: number;
  getPath(x: number, y: number, fontSize: number): OtPath;
}

export interface OtFont {
  unitsPerEm: number;
  ascender: number;
  descender: number;
  numGlyphs: number;
  names: Record<string, Record<string, string> | undefined>;
  tables: {
    os2?: { usWeightClass?: number; sCapHeight?: number; sxHeight?: number; fsSelection?: number };
    head?: { macStyle?: number };
    [name: string]: unknown;
  };
  charToGlyphIndex(c: string): number;
  charToGlyph(c: string): OtGlyph;
  stringToGlyphs(s: string): OtGlyph[];
  getKerningValue(left: OtGlyph | number, right: OtGlyph | number): number;
}

interface OpentypeModule {
  parse(buffer: ArrayBuffer, options?: { lowMemory?: boolean }): OtFont;
}

const ns = namespace as unknown as OpentypeModule & { default?: OpentypeModule };
export const opentype: OpentypeModule = typeof ns.parse === "function" ? ns : ns.default!;
