/**
 * Scoring read text against labelled lines, following the fixtures' conventions (SOURCES.md): NFKC,
 * whitespace dropped, dashes and ellipses compared loosely, case ignored. Each labelled line is aligned
 * to its best-matching stretch of everything the reader produced (semi-global edit distance), so the
 * score does not depend on reading order or on how lines were split into regions.
 */

export function normalizeForScoring(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\u2010-\u2015\u2212\u30fc\uff0d]/g, (c) => (c === "\u30fc" ? c : "-"))
    .replace(/-{2,}/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, "")
    .toLowerCase();
}

/** Smallest edit distance between `needle` and any substring of `haystack`. */
export function bestSubstringDistance(needle: string, haystack: string): number {
  const n = [...needle];
  const h = [...haystack];
  if (n.length === 0) return 0;
  let prev = new Array<number>(h.length + 1).fill(0);
  let cur = new Array<number>(h.length + 1).fill(0);
  for (let i = 1; i <= n.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= h.length; j++) {
      const sub = prev[j - 1]! + (n[i - 1] === h[j - 1] ? 0 : 1);
      cur[j] = Math.min(sub, prev[j]! + 1, cur[j - 1]! + 1);
    }
    [prev, cur] = [cur, prev];
  }
  return Math.min(...prev);
}

export interface LineScore {
  line: string;
  chars: number;
  errors: number;
  found: boolean;
}

/** A labelled line counts as found when at least half its characters were read right. */
export function scoreLines(labels: readonly string[], predicted: readonly string[]): LineScore[] {
  const haystack = normalizeForScoring(predicted.join(""));
  return labels.map((line) => {
    const norm = normalizeForScoring(line);
    const chars = [...norm].length;
    const errors = Math.min(chars, bestSubstringDistance(norm, haystack));
    return { line, chars, errors, found: chars > 0 && errors / chars <= 0.5 };
  });
}
