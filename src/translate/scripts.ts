/**
 * Script coherence: a translation that mixes scripts a reader of the target language would not expect
 * (Hangul with leftover Chinese characters, English with kana) is garbage, whatever its words. Latin
 * letters, digits and symbols are allowed everywhere: brand names, model numbers and units stay Latin.
 */
import type { TargetLang } from "./languages.ts";

export type ScriptName = "hangul" | "han" | "kana" | "latin" | "other";

const HANGUL = /\p{Script=Hangul}/u;
const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const LATIN = /\p{Script=Latin}/u;

export function scriptsOf(text: string): Set<ScriptName> {
  const found = new Set<ScriptName>();
  for (const ch of text) {
    if (HANGUL.test(ch)) found.add("hangul");
    else if (HAN.test(ch)) found.add("han");
    else if (KANA.test(ch)) found.add("kana");
    else if (LATIN.test(ch)) found.add("latin");
  }
  return found;
}

/** Scripts that must not appear in a text written in the target language. */
const FORBIDDEN: Record<TargetLang, readonly ScriptName[]> = {
  ko: ["han", "kana"],
  en: ["han", "kana", "hangul"],
  ja: ["hangul"],
  "zh-CN": ["kana", "hangul"],
  "zh-TW": ["kana", "hangul"],
};

/** True when a text only uses scripts a reader of the target language expects. */
export function isCoherent(text: string, target: TargetLang): boolean {
  const scripts = scriptsOf(text);
  return !FORBIDDEN[target].some((s) => scripts.has(s));
}
