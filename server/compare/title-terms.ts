import type { SourceLang, Translator } from "../../src/translate/port.ts";
import { isColorWord } from "./listing-facts.ts";

/**
 * Titles in three languages made comparable: each title becomes a set of English terms through the
 * translator (its glossary maps 连衣裙 / ワンピース / dress to one word), lower case, singular, without
 * the words that say nothing about which product it is (colours, pack counts, years, "new").
 */

/** The language of a piece of text by its script: kana is Japanese, other Han is Chinese. */
export function scriptLanguage(text: string): SourceLang {
  if (/[\u3040-\u30ff]/.test(text)) return "ja";
  if (/[\u4e00-\u9fff]/.test(text)) return "zh";
  return "en";
}

const NOISE = new Set([
  "a",
  "an",
  "and",
  "the",
  "for",
  "with",
  "of",
  "in",
  "to",
  "new",
  "style",
  "model",
  "pack",
  "set",
  "pcs",
  "piece",
  "edition",
  "version",
  "sale",
  "hot",
]);

/** One English word to its comparable form: lower case, a plural's -s dropped. */
export function stem(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1);
  return w;
}

/** The comparable terms of English text, less the given words (brand, model numbers). */
export function englishTerms(text: string, exclude: ReadonlySet<string> = new Set()): Set<string> {
  const out = new Set<string>();
  for (const raw of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (raw.length < 2 || NOISE.has(raw) || /^\d+$/.test(raw) || exclude.has(raw) || isColorWord(raw))
      continue;
    out.add(stem(raw));
  }
  return out;
}

/**
 * Translates the non-English pieces of titles to English, one batch per language. A title written with
 * spaces is translated piece by piece (a brand the translator does not know then cannot hold back the
 * words around it); one without spaces is translated whole.
 */
export async function translateTitles(
  titles: readonly string[],
  translator: Translator,
  signal?: AbortSignal,
): Promise<string[]> {
  const pieces = titles.map((title) => (/\s/.test(title.trim()) ? title.trim().split(/\s+/) : [title]));
  const byLang = new Map<SourceLang, { title: number; piece: number; text: string }[]>();
  for (const [title, list] of pieces.entries()) {
    for (const [piece, text] of list.entries()) {
      const lang = scriptLanguage(text);
      if (lang !== "en") byLang.set(lang, [...(byLang.get(lang) ?? []), { title, piece, text }]);
    }
  }
  for (const [lang, items] of byLang) {
    const results = await translator.translateBatch(
      items.map((i) => i.text),
      lang,
      "en",
      { domain: "product-title", signal },
    );
    items.forEach((item, k) => {
      const result = results[k];
      if (result && result.status === "translated") pieces[item.title]![item.piece] = result.text;
    });
  }
  return pieces.map((list) => list.join(" "));
}

/** Agreement of two term sets, 0 to 1 (Dice: shared terms over the mean size). */
export function termAgreement(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return (2 * shared) / (a.size + b.size);
}
