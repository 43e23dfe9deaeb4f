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

function belongTogether(a: AnalyzedLine, b: AnalyzedLine): boolean {
  if (a.vertical || b.vertical) return false;
  if (Math.abs(quadAngle(a.quad)) > 0.1 || Math.abs(quadAngle(b.quad)) > 0.1) return false;
  if (deltaE(a.analysis.textColor, b.analysis.textColor) > 20) return false;
  const [upper, lower] = quadBBox(a.quad).y <= quadBBox(b.quad).y ? [a, b] : [b, a];
  const ub = quadBBox(upper.quad);
  const lb = quadBBox(lower.quad);
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

function makeGroup(lines: AnalyzedLine[]): LineGroup {
  const sorted = [...lines].sort((a, b) => quadBBox(a.quad).y - quadBBox(b.quad).y);
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
    quad,
    text,
    confidence: sorted.reduce((s, l) => s + l.confidence, 0) / sorted.length,
    lead,
    weight,
    isBadge: sorted.some((l) => l.analysis.badge.isBadge),
  };
}
