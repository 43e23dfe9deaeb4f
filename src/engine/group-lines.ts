/**
 * Lines a reader takes as one unit become one region: the two lines of a badge, a short callout set on
 * two centred lines. Long runs of body text stay line by line, so a headline list is not fused into one
 * paragraph. A region is then translated as one text and laid out again inside its box.
 */
import type { DetectedWeight } from "../contract/image-translate.ts";
import type { LineAnalysis } from "./analyze.ts";
import { deltaE } from "./color.ts";
import {
  minAreaRect,
  orderQuad,
  type Point,
  type Quad,
  quadAngle,
  quadBBox,
  quadSize,
  rectCorners,
} from "./geometry.ts";
import type { ReadLine } from "./read-lines.ts";
import { isCjk } from "./script.ts";

export interface AnalyzedLine extends ReadLine {
  analysis: LineAnalysis;
}

export interface LineGroup {
  lines: AnalyzedLine[];
  quad: Quad;
  text: string;
  confidence: number;
  /** Rows of text the group spans: fragments of one phrase side by side make one row. */
  rows: number;
  /** The line that speaks for the group's colours (the one with the most ink). */
  lead: AnalyzedLine;
  weight: DetectedWeight;
  isBadge: boolean;
}

const MAX_GROUP_LINES = 4;
const SHORT_LINE_CHARS = 14;

export function groupLines(lines: readonly AnalyzedLine[]): LineGroup[] {
  const parent = lines.map((_, i) => i);
  const find = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r]!;
    return r;
  };
  const size = lines.map(() => 1);
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = find(i);
      const b = find(j);
      if (a === b || size[a]! + size[b]! > MAX_GROUP_LINES) continue;
      if (belongTogether(lines[i]!, lines[j]!)) {
        parent[b] = a;
        size[a]! += size[b]!;
      }
    }
  }
  const buckets = new Map<number, AnalyzedLine[]>();
  lines.forEach((line, i) => {
    const root = find(i);
    buckets.set(root, [...(buckets.get(root) ?? []), line]);
  });
  return [...buckets.values()].map(makeGroup);
}

/** Lines tilted more than this are compared in their own upright frame, and only with lines tilted alike. */
const UPRIGHT = 0.1;
const SAME_TILT = 0.05;
const MAX_TILT = 0.6;

/** A quad turned by `angle` radians about the origin. */
function turn(q: Quad, angle: number): Quad {
  if (angle === 0) return q;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return q.map(([x, y]) => [x * c - y * s, x * s + y * c]) as unknown as Quad;
}

/**
 * The two lines' quads as an upright page would show them: as they are when both are upright, turned back
 * by their shared tilt when both are tilted alike (a slanted care label's stacked lines), else undefined.
 */
function uprightPair(a: AnalyzedLine, b: AnalyzedLine): [Quad, Quad] | undefined {
  const ta = quadAngle(a.quad);
  const tb = quadAngle(b.quad);
  if (Math.abs(ta) <= UPRIGHT && Math.abs(tb) <= UPRIGHT) return [a.quad, b.quad];
  if (Math.abs(ta - tb) > SAME_TILT || Math.abs(ta) > MAX_TILT || Math.abs(tb) > MAX_TILT) return undefined;
  const back = -(ta + tb) / 2;
  return [turn(a.quad, back), turn(b.quad, back)];
}

function belongTogether(a: AnalyzedLine, b: AnalyzedLine): boolean {
  if (a.vertical || b.vertical) return false;
  const pair = uprightPair(a, b);
  if (pair === undefined) return false;
  const [qa, qb] = pair;
  if (sideBySide(a, b, qa, qb)) return true;
  if (deltaE(a.analysis.textColor, b.analysis.textColor) > 20) return false;
  const [upper, lower] = quadBBox(qa).y <= quadBBox(qb).y ? [a, b] : [b, a];
  const ub = quadBBox(upper === a ? qa : qb);
  const lb = quadBBox(lower === a ? qa : qb);
  const hu = quadSize(upper.quad).height;
  const hl = quadSize(lower.quad).height;
  const minH = Math.min(hu, hl);
  // Stacked, not side by side.
  const overlapY = Math.min(ub.y + ub.h, lb.y + lb.h) - Math.max(ub.y, lb.y);
  if (overlapY > 0.3 * minH) return false;
  const gap = lb.y - (ub.y + ub.h);
  const overlapX = Math.min(ub.x + ub.w, lb.x + lb.w) - Math.max(ub.x, lb.x);
  if (overlapX < 0.5 * Math.min(ub.w, lb.w)) return false;
  if (sameBadge(a.analysis, b.analysis)) return gap <= 1.2 * minH;
  if (a.analysis.badge.isBadge !== b.analysis.badge.isBadge) return false;
  if (Math.max(hu, hl) / minH > 1.4) return false;
  if (gap > 0.5 * minH) return false;
  if (deltaE(a.analysis.bgColor, b.analysis.bgColor) > 20) return false;
  if ([...a.text].length > SHORT_LINE_CHARS || [...b.text].length > SHORT_LINE_CHARS) return false;
  const centred = Math.abs(ub.x + ub.w / 2 - (lb.x + lb.w / 2)) <= 0.3 * Math.max(hu, hl);
  const leftAligned = Math.abs(ub.x - lb.x) <= 0.4 * minH;
  return centred || leftAligned;
}

/**
 * Fragments of one Chinese or Japanese phrase set on one baseline in different sizes or colours (连 阳光 也,
 * a big word between small ones): the detector cuts them apart, a reader takes them as one phrase. They
 * share the row, sit almost touching, and neither is a badge of its own.
 */
function sideBySide(a: AnalyzedLine, b: AnalyzedLine, qa: Quad, qb: Quad): boolean {
  const [lb, rb] =
    quadBBox(qa).x <= quadBBox(qb).x ? [quadBBox(qa), quadBBox(qb)] : [quadBBox(qb), quadBBox(qa)];
  const minH = Math.min(lb.h, rb.h);
  const overlapY = Math.min(lb.y + lb.h, rb.y + rb.h) - Math.max(lb.y, rb.y);
  if (overlapY < 0.6 * minH) return false;
  const gap = rb.x - (lb.x + lb.w);
  if (gap > 0.35 * minH || gap < -0.3 * minH) return false;
  if (Math.max(lb.h, rb.h) / minH > 2.6) return false;
  if (a.analysis.badge.isBadge || b.analysis.badge.isBadge) return false;
  const cjkOnly = (t: string) => t.trim().length > 0 && [...t.trim()].every((c) => isCjk(c.codePointAt(0)!));
  if (!cjkOnly(a.text) || !cjkOnly(b.text)) return false;
  return [...a.text.trim()].length + [...b.text.trim()].length <= SHORT_LINE_CHARS;
}

function sameBadge(a: LineAnalysis, b: LineAnalysis): boolean {
  if (!a.badge.isBadge || !b.badge.isBadge) return false;
  const p = a.badge.box;
  const q = b.badge.box;
  const ix = Math.min(p.x + p.w, q.x + q.w) - Math.max(p.x, q.x);
  const iy = Math.min(p.y + p.h, q.y + q.h) - Math.max(p.y, q.y);
  if (ix <= 0 || iy <= 0) return false;
  const inter = ix * iy;
  return inter / (p.w * p.h + q.w * q.h - inter) >= 0.6;
}

/**
 * Lines in reading order: rows top to bottom (a line whose middle lies in a row joins it), each left to
 * right, as seen upright (lines tilted alike are turned back by their mean tilt first).
 */
function intoRows(lines: readonly AnalyzedLine[]): AnalyzedLine[][] {
  const tilt = lines.reduce((s, l) => s + quadAngle(l.quad), 0) / lines.length;
  const back = Math.abs(tilt) > UPRIGHT ? -tilt : 0;
  const box = new Map(lines.map((l) => [l, quadBBox(turn(l.quad, back))]));
  const byTop = [...lines].sort((a, b) => box.get(a)!.y - box.get(b)!.y);
  const rows: { top: number; bottom: number; lines: AnalyzedLine[] }[] = [];
  for (const line of byTop) {
    const b = box.get(line)!;
    const mid = b.y + b.h / 2;
    const row = rows.find((r) => mid >= r.top && mid <= r.bottom);
    if (row) {
      row.lines.push(line);
      row.top = Math.min(row.top, b.y);
      row.bottom = Math.max(row.bottom, b.y + b.h);
    } else rows.push({ top: b.y, bottom: b.y + b.h, lines: [line] });
  }
  return rows.map((r) => r.lines.sort((a, b) => box.get(a)!.x - box.get(b)!.x));
}

function makeGroup(lines: AnalyzedLine[]): LineGroup {
  const rows = intoRows(lines);
  const sorted = rows.flat();
  const lead = sorted.reduce((m, l) => (l.analysis.ink > m.analysis.ink ? l : m));
  let text = "";
  for (const line of sorted) {
    const t = line.text.trim();
    if (text.length > 0) {
      const last = text.codePointAt(text.length - 1)!;
      const first = t.codePointAt(0)!;
      if (!(isCjk(last) && isCjk(first))) text += " ";
    }
    text += t;
  }
  const votes = new Map<DetectedWeight, number>();
  for (const l of sorted) votes.set(l.analysis.weight, (votes.get(l.analysis.weight) ?? 0) + l.analysis.ink);
  const weight = [...votes.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const quad =
    sorted.length === 1
      ? sorted[0]!.quad
      : orderQuad(rectCorners(minAreaRect(sorted.flatMap((l) => l.quad as readonly Point[]))));
  return {
    lines: sorted,
    rows: rows.length,
    quad,
    text,
    confidence: sorted.reduce((s, l) => s + l.confidence, 0) / sorted.length,
    lead,
    weight,
    isBadge: sorted.some((l) => l.analysis.badge.isBadge),
  };
}
