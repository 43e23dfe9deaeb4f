/**
 * Figures of a translated picture against its original, for `npm run eval:images`. They need only pixels
 * and what an OCR read, so the same instrument judges any version of the engine.
 */
import { charScript } from "../script.ts";

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Which characters count as source text: Han for Chinese, Han and kana for Japanese, Latin words for English. */
export type SourceScript = "zh" | "ja" | "en";

/**
 * The source-script tokens of a text, each with its weight in characters: every Han/kana character on its
 * own, and Latin words of two letters or more (lower-cased) as one token weighing their length.
 */
export function sourceTokens(text: string, script: SourceScript): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (token: string) => counts.set(token, (counts.get(token) ?? 0) + 1);
  if (script === "en") {
    for (const word of text.toLowerCase().match(/[a-z]{2,}/g) ?? []) add(word);
    return counts;
  }
  for (const ch of text.normalize("NFKC")) {
    const s = charScript(ch.codePointAt(0)!);
    if (s === "han" || (script === "ja" && s === "kana")) add(ch);
  }
  return counts;
}

export function tokenChars(tokens: Map<string, number>): number {
  let n = 0;
  for (const [token, count] of tokens) n += [...token].length * count;
  return n;
}

/**
 * Source characters read again in the translated picture: the multiset intersection of what the OCR read
 * in the original and in the result, in characters. A Hangul line misread as Han by a Chinese recogniser
 * rarely hits the original's very characters, so it is not counted as residue.
 */
export function residualChars(original: Map<string, number>, after: Map<string, number>): number {
  let n = 0;
  for (const [token, count] of after) {
    n += [...token].length * Math.min(count, original.get(token) ?? 0);
  }
  return n;
}

export interface ReadLine {
  box: Box;
  height: number;
  text: string;
}

/**
 * Source characters read again where they were: each line read in the result is matched only against the
 * original lines it overlaps (their boxes grown by half their height), and each original character is
 * matched once. Read over the whole picture, a Hangul line that tesseract reads as kana (번역 as にに)
 * hits some に elsewhere in a Japanese original and counts as residue though no source text is left.
 */
export function residualInPlace(
  original: readonly ReadLine[],
  after: readonly ReadLine[],
  script: SourceScript,
  width: number,
  height: number,
): number {
  const pools = original.map((l) => ({
    box: grow(l.box, Math.max(4, l.height * 0.5), width, height),
    tokens: sourceTokens(l.text, script),
  }));
  let n = 0;
  for (const line of after) {
    const near = pools.filter((p) => overlaps(line.box, p.box));
    for (const [token, count] of sourceTokens(line.text, script)) {
      let wanted = count;
      for (const pool of near) {
        const take = Math.min(wanted, pool.tokens.get(token) ?? 0);
        if (take === 0) continue;
        pool.tokens.set(token, pool.tokens.get(token)! - take);
        n += [...token].length * take;
        wanted -= take;
        if (wanted === 0) break;
      }
    }
  }
  return n;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

export function grow(box: Box, by: number, width: number, height: number): Box {
  const x = Math.max(0, Math.floor(box.x - by));
  const y = Math.max(0, Math.floor(box.y - by));
  const x1 = Math.min(width, Math.ceil(box.x + box.w + by));
  const y1 = Math.min(height, Math.ceil(box.y + box.h + by));
  return { x, y, w: Math.max(0, x1 - x), h: Math.max(0, y1 - y) };
}

export function centreInside(inner: Box, outer: Box): boolean {
  const cx = inner.x + inner.w / 2;
  const cy = inner.y + inner.h / 2;
  return cx >= outer.x && cx <= outer.x + outer.w && cy >= outer.y && cy <= outer.y + outer.h;
}

/** Largest channel difference of two pixels. */
function pixelDelta(a: Uint8ClampedArray, b: Uint8ClampedArray, i: number): number {
  return Math.max(Math.abs(a[i]! - b[i]!), Math.abs(a[i + 1]! - b[i + 1]!), Math.abs(a[i + 2]! - b[i + 2]!));
}

/** A pixel changed when a channel moved more than this (a JPEG round trip moves flat areas a few levels). */
export const CHANGED = 32;

/**
 * Share of the pixels outside `masks` that changed between `before` and `after` (same size): damage the
 * erase did to what is not text.
 */
export function damageOutside(before: Pixels, after: Pixels, masks: readonly Box[]): number {
  const { width, height } = before;
  const inMask = new Uint8Array(width * height);
  for (const m of masks) {
    for (let y = m.y; y < m.y + m.h; y++) inMask.fill(1, y * width + m.x, y * width + m.x + m.w);
  }
  let outside = 0;
  let changed = 0;
  for (let p = 0; p < width * height; p++) {
    if (inMask[p]) continue;
    outside++;
    if (pixelDelta(before.data, after.data, p * 4) > CHANGED) changed++;
  }
  return outside === 0 ? 0 : changed / outside;
}

function rgbDistance(data: Uint8ClampedArray, i: number, r: number, g: number, b: number): number {
  return Math.hypot(data[i]! - r, data[i + 1]! - g, data[i + 2]! - b);
}

export interface BadgeCheck {
  /** Share of the backdrop around the text that the erase left as it was. */
  backdropKept: number;
  /** Share of the text's pixels now painted like the backdrop of their row or column. */
  textFilled: number;
  kept: boolean;
}

/**
 * Whether a badge's filled backdrop survived the erase: inside the badge's box, pixels of the backdrop
 * colour stay as they were, and the text's pixels become backdrop (matched per row and per column, so a
 * vertical or horizontal gradient counts as continued). Text pixels are looked for only inside `textBox`
 * (the region's own box, when given): the margin of `box` beyond it can hold other ground of the text's
 * colour (a light shop behind a red board's edge), which no erase should repaint.
 */
export function badgeKept(
  before: Pixels,
  erased: Pixels,
  box: Box,
  textColor: { r: number; g: number; b: number },
  bgColor: { r: number; g: number; b: number },
  textBox: Box = box,
): BadgeCheck {
  const { width } = before;
  const rowSum = new Float64Array(box.h * 4);
  const colSum = new Float64Array(box.w * 4);
  const isText = new Uint8Array(box.w * box.h);
  let ground = 0;
  let groundKept = 0;
  for (let y = 0; y < box.h; y++) {
    for (let x = 0; x < box.w; x++) {
      const i = ((box.y + y) * width + box.x + x) * 4;
      const dText = rgbDistance(before.data, i, textColor.r, textColor.g, textColor.b);
      const dGround = rgbDistance(before.data, i, bgColor.r, bgColor.g, bgColor.b);
      const k = y * box.w + x;
      // Text is what is near the text's colour: other ground around a round badge (in its box's corners)
      // can be nearer the text's colour than the badge's and is neither.
      if (dText < dGround) {
        const inText =
          box.x + x >= textBox.x &&
          box.x + x < textBox.x + textBox.w &&
          box.y + y >= textBox.y &&
          box.y + y < textBox.y + textBox.h;
        if (dText <= 60 && inText) isText[k] = 1;
        continue;
      }
      if (dGround > 60) continue;
      ground++;
      if (pixelDelta(before.data, erased.data, i) <= CHANGED) groundKept++;
      for (let c = 0; c < 3; c++) {
        rowSum[y * 4 + c]! += before.data[i + c]!;
        colSum[x * 4 + c]! += before.data[i + c]!;
      }
      rowSum[y * 4 + 3]! += 1;
      colSum[x * 4 + 3]! += 1;
    }
  }
  let text = 0;
  let filled = 0;
  for (let y = 0; y < box.h; y++) {
    for (let x = 0; x < box.w; x++) {
      if (!isText[y * box.w + x]) continue;
      text++;
      const i = ((box.y + y) * width + box.x + x) * 4;
      const near = (sum: Float64Array, k: number) =>
        sum[k + 3]! > 0
          ? rgbDistance(
              erased.data,
              i,
              sum[k]! / sum[k + 3]!,
              sum[k + 1]! / sum[k + 3]!,
              sum[k + 2]! / sum[k + 3]!,
            )
          : Number.POSITIVE_INFINITY;
      if (Math.min(near(rowSum, y * 4), near(colSum, x * 4)) <= 40) filled++;
    }
  }
  const backdropKept = ground === 0 ? 1 : groundKept / ground;
  const textFilled = text === 0 ? 1 : filled / text;
  return { backdropKept, textFilled, kept: backdropKept >= 0.9 && textFilled >= 0.8 };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Share of a drawn line that must lie in a region's box for it to count as that region's. */
const MIN_OWNED_SHARE = 0.25;

function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The lines detected in a translated picture, each given to the one region it lies in most: a drawn line
 * is a candidate of every region whose box, grown by `reach` of its thickness, holds its centre, and goes
 * to the candidate whose box (grown by a fifth of that) covers most of it, at least a quarter of it (a mark
 * beside the box, an untranslated ornament, is no region's drawn line). Without this a small neighbour line
 * beside a large headline counted as the headline's own, and the median of the two halved its height.
 */
export function ownDetections<T extends { box: Box }>(
  regions: readonly { box: Box; reach: number }[],
  detections: readonly T[],
  width: number,
  height: number,
): T[][] {
  const owned: T[][] = regions.map(() => []);
  for (const d of detections) {
    let best = -1;
    let bestShare = 0;
    regions.forEach(({ box, reach }, i) => {
      if (!centreInside(d.box, grow(box, reach, width, height))) return;
      const share = overlapArea(d.box, grow(box, reach * 0.2, width, height)) / (d.box.w * d.box.h || 1);
      if (best < 0 || share > bestShare) {
        best = i;
        bestShare = share;
      }
    });
    if (best >= 0 && bestShare >= MIN_OWNED_SHARE) owned[best]!.push(d);
  }
  return owned;
}
