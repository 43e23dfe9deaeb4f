/** Punctuation as each target writes it, read once from resources/grammar/punctuation.json. */
import data from "../resources/grammar/punctuation.json" with { type: "json" };
import type { Family, OutLang } from "./lexicon.ts";

/** Punctuation that hugs the word before it. */
export const CLOSING = new RegExp(data.closing);
/** Punctuation that hugs the word after it. */
export const OPENING = new RegExp(data.opening);
/** Marks that join what they separate (a slash, a multiplication sign, a wave, a middle dot). */
export const INFIX = new RegExp(data.infix);

export function punctuationIn(src: string, lang: OutLang, family: Family): string {
  const table: Record<string, string> | undefined =
    lang === "ko"
      ? data.toKorean
      : lang === "en"
        ? data.toLatin
        : lang === "ja" && family === "zh"
          ? data.chineseToJapanese
          : lang === "zh" && family === "ja"
            ? data.japaneseToChinese
            : undefined;
  return table?.[src] ?? src;
}
