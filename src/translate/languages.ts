/**
 * Language codes: the spec lets callers spell a source many ways (ch, chinese_cht, japan, ...) and leaves
 * the target free-form, while every translator speaks a small closed set. This module maps one onto the
 * other, and guesses a source from its script when the caller says `auto`.
 */
import type { SourceLang } from "./port.ts";

/** Source languages after normalization; `zh-TW` is traditional Chinese. */
export type ConcreteSource = Exclude<SourceLang, "auto">;
/** Target languages every translator in this folder knows. */
export type TargetLang = "ko" | "en" | "ja" | "zh-CN" | "zh-TW";
export const TARGET_LANGS: readonly TargetLang[] = ["ko", "en", "ja", "zh-CN", "zh-TW"];

const SOURCE_ALIASES: Record<string, SourceLang> = {
  auto: "auto",
  ch: "zh",
  zh: "zh",
  "zh-cn": "zh",
  "zh-hans": "zh",
  "zh-sg": "zh",
  chinese: "zh",
  chinese_chs: "zh",
  "zh-tw": "zh-TW",
  "zh-hk": "zh-TW",
  "zh-hant": "zh-TW",
  chinese_cht: "zh-TW",
  ja: "ja",
  "ja-jp": "ja",
  japan: "ja",
  jp: "ja",
  en: "en",
  "en-us": "en",
  "en-gb": "en",
  english: "en",
};

const TARGET_ALIASES: Record<string, TargetLang> = {
  ko: "ko",
  "ko-kr": "ko",
  kr: "ko",
  kor: "ko",
  en: "en",
  "en-us": "en",
  "en-gb": "en",
  ja: "ja",
  "ja-jp": "ja",
  jp: "ja",
  zh: "zh-CN",
  "zh-cn": "zh-CN",
  "zh-hans": "zh-CN",
  "zh-sg": "zh-CN",
  "zh-tw": "zh-TW",
  "zh-hant": "zh-TW",
  "zh-hk": "zh-TW",
};

/** A source code the spec or a caller may use, or undefined when it names no language we read. */
export function normalizeSource(code: string): SourceLang | undefined {
  const key = code.trim().toLowerCase();
  return SOURCE_ALIASES[key] ?? SOURCE_ALIASES[key.replace(/_/g, "-")];
}

/** A target code mapped onto the closed set, or undefined for a language no translator here writes. */
export function normalizeTarget(code: string): TargetLang | undefined {
  return TARGET_ALIASES[code.trim().toLowerCase().replace(/_/g, "-")];
}

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN = /\p{Script=Han}/u;
const LATIN = /\p{Script=Latin}/u;

/**
 * Guesses the source of one text from its script: kana means Japanese (Japanese text nearly always has
 * some), Han without kana means Chinese, Latin letters alone mean English. Whether Chinese is
 * traditional is decided later by the translator that cares (see chinese-variants.ts).
 */
export function detectSource(text: string): ConcreteSource | undefined {
  if (KANA.test(text)) return "ja";
  if (HAN.test(text)) return "zh";
  if (LATIN.test(text)) return "en";
  return undefined;
}

/** The concrete source of a text: the caller's, or the detected one for `auto`. */
export function resolveSource(source: SourceLang, text: string): ConcreteSource | undefined {
  return source === "auto" ? detectSource(text) : source;
}

/** The language family a source belongs to (traditional Chinese is read as Chinese). */
export function sourceFamily(source: ConcreteSource): "zh" | "ja" | "en" {
  return source === "zh-TW" ? "zh" : source;
}

/** True when source and target are the same language, so the text needs no translation at all. */
export function sameLanguage(source: ConcreteSource, target: TargetLang): boolean {
  return (
    (source === "en" && target === "en") ||
    (source === "ja" && target === "ja") ||
    (source === "zh" && target === "zh-CN") ||
    (source === "zh-TW" && target === "zh-TW")
  );
}
