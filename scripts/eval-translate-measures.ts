/**
 * The measures npm run eval:translate prints beside "acceptable" (issue 15): coverage (no source-script
 * letters left), the share of the source that came from word-level transfer, and the real-line sets (lines
 * read off real images, test/fixtures/translate-eval/real-lines/, see its SOURCES.md).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { EvalRow, SourceLanguage, Target } from "./eval-translate.ts";

export interface RealLineRow extends EvalRow {
  /** product, poster, sign, document or word, as labels.json says. */
  kind: string;
  /** The image the line was read off. */
  image: string;
}

export type RealLineSplit = "dev" | "heldout";

export function loadRealLines(dir: string, lang: SourceLanguage, split: RealLineSplit): RealLineRow[] {
  const text = readFileSync(join(dir, "real-lines", `${lang}-${split}.jsonl`), "utf8");
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => {
      const row = JSON.parse(l) as RealLineRow;
      return { ...row, category: "other" as const };
    });
}

const SOURCE_SCRIPT: Record<SourceLanguage, RegExp> = {
  zh: /\p{Script=Han}+/gu,
  ja: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu,
  en: /\p{Script=Latin}+/gu,
};

/**
 * Coverage of one line: no run of source-script letters is left in the output, except a run that one of
 * the references keeps too (brand names, codes and place names in Latin: ODM OEM, MINATO CITY).
 */
export function covered(
  output: string,
  from: SourceLanguage,
  target: Target,
  refs: readonly string[],
): boolean {
  if (from === "en" && target === "en") return true;
  const kept = new Set<string>();
  for (const ref of refs)
    for (const m of ref.normalize("NFKC").matchAll(SOURCE_SCRIPT[from])) kept.add(m[0].toLowerCase());
  for (const m of output.normalize("NFKC").matchAll(SOURCE_SCRIPT[from]))
    if (!kept.has(m[0].toLowerCase())) return false;
  return true;
}

export interface OriginRow {
  status: string;
  origin: { phrases: number; words: number } | null;
}

/** Reads the translate command's --origin-file (one JSON object per input line). */
export function readOrigins(path: string): OriginRow[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as OriginRow);
}

/** The share of all source characters that came from word-level transfer, weighted by line length. */
export function wordShare(srcs: readonly string[], origins: readonly OriginRow[]): number {
  let chars = 0;
  let words = 0;
  srcs.forEach((src, i) => {
    const n = Array.from(src).length;
    chars += n;
    words += n * (origins[i]?.origin?.words ?? 0);
  });
  return chars === 0 ? 0 : words / chars;
}
