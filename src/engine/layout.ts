/**
 * Stage 7a: sets a translation inside its region. Each character takes the first face of the fallback
 * chain that has it; lines break where the target script allows (spaces for Latin, Cyrillic and Hangul,
 * between any two characters for Chinese and Japanese, never before closing punctuation or after opening
 * punctuation). The size follows the original type: a longer translation first wraps, then condenses
 * (down to 80% width), and only then shrinks, never below 80% of the original unless the box cannot
 * hold it even so; below that it may condense to 70% width before shrinking further.
 */
import type { FontFace } from "../fonts/font-library.ts";
import type { OtGlyph } from "../fonts/opentype.ts";
import { isCjk } from "./script.ts";

export type Align = "left" | "center" | "right";

export interface PlacedGlyph {
  face: FontFace;
  glyph: OtGlyph;
  /** Pen position of the glyph origin (baseline), in the box frame. */
  x: number;
  y: number;
  size: number;
  /** Turn the glyph by 90 degrees clockwise about its centre cell (sideways Latin in a column). */
  rotate?: boolean;
  /** Horizontal scale of the glyph about its pen position (condensed type); 1 when absent. */
  scaleX?: number;
}

export interface TextLayout {
  glyphs: PlacedGlyph[];
  size: number;
  lines: string[];
  /** Whether the text fit inside the box at a legible size. */
  fits: boolean;
}

export interface LayoutRequest {
  text: string;
  chain: readonly FontFace[];
  width: number;
  height: number;
  align: Align;
  /** Largest em in pixels (the original text's size). */
  maxSize: number;
  /** Smallest em worth drawing. */
  minSize: number;
  /** A column: CJK targets stack characters top to bottom, right to left; others run sideways. */
  vertical?: boolean;
}

interface Unit {
  chars: Cell[];
  /** Advance at em 1. */
  width: number;
  space: boolean;
}

interface Cell {
  char: string;
  face: FontFace;
  glyph: OtGlyph;
  /** Advance at em 1, kerning with the previous cell included. */
  advance: number;
}

const LINE_HEIGHT = 1.22;
/** Glyph widths tried, in order, before a smaller size: condensed type reads better than small type. */
const SQUEEZES = [0.9, 0.8];
/** Narrower still, only for a translation that cannot keep KEEP_SIZE of the original's size. */
const TIGHT_SQUEEZES = [0.7];
/** Share of the original size a translation keeps unless its box cannot hold it at that size. */
export const KEEP_SIZE = 0.8;
const NO_START = new Set([
  ..."、。，．,.・：；:;？！?!ー）)」』】〉》〕］]｝}…〜ゃゅょっぁぃぅぇぉゎャュョッァィゥェォヮ％%",
]);
const NO_END = new Set([..."（(「『【〈《〔［[｛{"]);

export function layoutText(req: LayoutRequest): TextLayout {
  const text = req.text.replace(/\s+/g, " ").trim();
  const cjkTarget = [...text].some((c) => isCjk(c.codePointAt(0)!) || /[\uac00-\ud7a3]/.test(c));
  if (req.vertical && cjkTarget) return layoutVertical(text, req);
  // Sideways text in a column: lay out along the column's length, then turn the whole block.
  const width = req.vertical ? req.height : req.width;
  const height = req.vertical ? req.width : req.height;
  const units = segment(text, req.chain);
  const fitsWith = (size: number, squeeze: number) => {
    const lines = wrap(units, width / (size * squeeze));
    return {
      lines,
      squeeze,
      ok:
        lines.length * LINE_HEIGHT * size <= height * 1.08 &&
        lines.every((l) => lineWidth(l) * size * squeeze <= width * 1.001),
    };
  };
  const hi = Math.max(1, req.maxSize);
  const floor = Math.max(1, Math.min(req.minSize, hi));
  // The original's size is kept down to KEEP_SIZE of it; smaller only when the box cannot hold the text.
  const keep = Math.max(floor, hi * KEEP_SIZE);
  // At a size, the least condensing that fits (wrapping first, then narrower glyphs). Below the kept size
  // the type may condense further before it shrinks more: a headline whose translation is three times
  // as long reads better narrow than small.
  const fitsAt = (size: number) => {
    let r = fitsWith(size, 1);
    for (const squeeze of size < keep ? [...SQUEEZES, ...TIGHT_SQUEEZES] : SQUEEZES) {
      if (r.ok) break;
      r = fitsWith(size, squeeze);
    }
    return r;
  };
  let size = hi;
  let best = fitsAt(hi);
  if (!best.ok) {
    const atKeep = fitsAt(keep);
    const [lo, top] = atKeep.ok ? [keep, hi] : [floor, keep];
    const found = largestFitting(fitsAt, lo, top);
    size = found.size;
    best = found.result;
  }
  const glyphs: PlacedGlyph[] = [];
  const squeeze = best.squeeze;
  const blockH = best.lines.length * LINE_HEIGHT * size;
  let top = (height - blockH) / 2;
  for (const line of best.lines) {
    const cells = trimSpaces(line);
    const lw = cells.reduce((s, c) => s + c.advance, 0) * size * squeeze;
    let x = req.align === "left" ? 0 : req.align === "right" ? width - lw : (width - lw) / 2;
    // Baseline: centre the em box (ascent 0.88, descent 0.12 of the CJK design) in the line box.
    const baseline = top + (LINE_HEIGHT * size - size) / 2 + 0.88 * size;
    for (const cell of cells) {
      glyphs.push({
        face: cell.face,
        glyph: cell.glyph,
        x,
        y: baseline,
        size,
        ...(squeeze < 1 ? { scaleX: squeeze } : {}),
      });
      x += cell.advance * size * squeeze;
    }
    top += LINE_HEIGHT * size;
  }
  if (req.vertical) {
    // Turn the block 90 degrees clockwise into the column: (x, y) -> (W - y, x).
    for (const g of glyphs) {
      const { x, y } = g;
      g.x = req.width - y;
      g.y = x;
      g.rotate = true;
    }
  }
  return {
    glyphs,
    size,
    lines: best.lines.map((l) =>
      l
        .flatMap((u) => u.chars.map((c) => c.char))
        .join("")
        .trim(),
    ),
    fits: best.ok,
  };
}

/** Binary search for the largest size in [lo, hi] that fits (lo is taken when none does). */
function largestFitting<R extends { ok: boolean }>(
  fitsAt: (size: number) => R,
  lo: number,
  hi: number,
): { size: number; result: R } {
  let size = lo;
  let result = fitsAt(lo);
  if (!result.ok) return { size, result };
  let a = lo;
  let b = hi;
  for (let i = 0; i < 12; i++) {
    const mid = (a + b) / 2;
    const r = fitsAt(mid);
    if (r.ok) {
      a = mid;
      size = mid;
      result = r;
    } else b = mid;
  }
  return { size, result };
}

function layoutVertical(text: string, req: LayoutRequest): TextLayout {
  const cells = segment(text.replace(/ /g, ""), req.chain).flatMap((u) => u.chars);
  const n = cells.length;
  // Columns of square cells: find the largest size whose columns fit the box.
  let size = Math.max(1, req.minSize);
  for (let s = req.maxSize; s >= req.minSize; s -= Math.max(0.5, s * 0.05)) {
    const perColumn = Math.floor(req.height / s);
    const columns = perColumn > 0 ? Math.ceil(n / perColumn) : Number.POSITIVE_INFINITY;
    if (columns * s * LINE_HEIGHT <= req.width * 1.05) {
      size = s;
      break;
    }
  }
  const perColumn = Math.max(1, Math.floor(req.height / size));
  const columns = Math.ceil(n / perColumn);
  const glyphs: PlacedGlyph[] = [];
  const blockW = columns * size * LINE_HEIGHT;
  const right = (req.width + blockW) / 2;
  cells.forEach((cell, i) => {
    const col = Math.floor(i / perColumn);
    const row = i % perColumn;
    const inColumn = Math.min(perColumn, n - col * perColumn);
    const top = (req.height - inColumn * size) / 2;
    const cx = right - (col + 0.5) * size * LINE_HEIGHT;
    glyphs.push({
      face: cell.face,
      glyph: cell.glyph,
      x: cx - (cell.advance * size) / 2,
      y: top + row * size + 0.88 * size,
      size,
    });
  });
  return { glyphs, size, lines: [text], fits: columns * size * LINE_HEIGHT <= req.width * 1.05 };
}

/** Splits text into break units, each character drawn by the first face of the chain that has it. */
function segment(text: string, chain: readonly FontFace[]): Unit[] {
  const cells: Cell[] = [];
  let prev: Cell | undefined;
  for (const char of text) {
    const face = chain.find((f) => f.map.has(char)) ?? chain[0]!;
    const glyph = face.font.charToGlyph(char);
    const upm = face.font.unitsPerEm;
    let advance = (glyph.advanceWidth ?? upm / 2) / upm;
    if (prev !== undefined && prev.face === face) {
      try {
        advance += face.font.getKerningValue(prev.glyph, glyph) / upm;
      } catch {
        // Fonts with a malformed kern table are set without kerning.
      }
    }
    const cell = { char, face, glyph, advance };
    cells.push(cell);
    prev = cell;
  }
  const units: Unit[] = [];
  let word: Cell[] = [];
  const flush = () => {
    if (word.length > 0) units.push({ chars: word, width: sumAdvance(word), space: false });
    word = [];
  };
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    if (cell.char === " ") {
      flush();
      units.push({ chars: [cell], width: cell.advance, space: true });
      continue;
    }
    const cp = cell.char.codePointAt(0)!;
    const next = cells[i + 1];
    word.push(cell);
    // CJK breaks after any character, unless the next may not start a line or this may not end one.
    if (isCjk(cp) && next !== undefined && !NO_START.has(next.char) && !NO_END.has(cell.char)) flush();
    else if ((cell.char === "-" || cell.char === "/") && next !== undefined && next.char !== " ") flush();
  }
  flush();
  return units;
}

function sumAdvance(cells: Cell[]): number {
  return cells.reduce((s, c) => s + c.advance, 0);
}

function lineWidth(line: Unit[]): number {
  return sumAdvance(trimSpaces(line));
}

function trimSpaces(line: Unit[]): Cell[] {
  const cells = line.flatMap((u) => u.chars);
  let a = 0;
  let b = cells.length;
  while (a < b && cells[a]!.char === " ") a++;
  while (b > a && cells[b - 1]!.char === " ") b--;
  return cells.slice(a, b);
}

/** Greedy filling; a unit longer than a whole line is broken between characters as a last resort. */
function wrap(units: Unit[], maxWidth: number): Unit[][] {
  const lines: Unit[][] = [];
  let cur: Unit[] = [];
  let width = 0;
  const push = () => {
    if (cur.some((u) => !u.space)) lines.push(cur);
    cur = [];
    width = 0;
  };
  for (const unit of units) {
    if (unit.space) {
      if (cur.length > 0) {
        cur.push(unit);
        width += unit.width;
      }
      continue;
    }
    const trailing = cur.length > 0 && cur[cur.length - 1]!.space ? cur[cur.length - 1]!.width : 0;
    if (width - trailing + unit.width <= maxWidth || cur.length === 0) {
      if (cur.length === 0 && unit.width > maxWidth) {
        for (const cell of unit.chars) {
          if (width + cell.advance > maxWidth && cur.length > 0) push();
          cur.push({ chars: [cell], width: cell.advance, space: false });
          width += cell.advance;
        }
        continue;
      }
      cur.push(unit);
      width += unit.width;
    } else {
      push();
      if (unit.width > maxWidth) {
        for (const cell of unit.chars) {
          if (width + cell.advance > maxWidth && cur.length > 0) push();
          cur.push({ chars: [cell], width: cell.advance, space: false });
          width += cell.advance;
        }
      } else {
        cur.push(unit);
        width = unit.width;
      }
    }
  }
  push();
  return lines;
}
