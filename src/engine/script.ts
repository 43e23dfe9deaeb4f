/** Which writing system characters belong to: drives reading (auto), wrapping and the glyph gate. */
import type { Script, SourceLanguage } from "../contract/image-translate.ts";

export function charScript(cp: number): Script | "other" {
  if (
    (cp >= 0x41 && cp <= 0x5a) ||
    (cp >= 0x61 && cp <= 0x7a) ||
    (cp >= 0xc0 && cp <= 0x24f && cp !== 0xd7 && cp !== 0xf7)
  ) {
    return "latin";
  }
  if (cp >= 0x1e00 && cp <= 0x1eff) return "latin";
  if ((cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0x3130 && cp <= 0x318f))
    return "hangul";
  if ((cp >= 0x3040 && cp <= 0x30ff) || (cp >= 0x31f0 && cp <= 0x31ff) || (cp >= 0xff66 && cp <= 0xff9d))
    return "kana";
  if (
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x20000 && cp <= 0x2ffff) ||
    (cp >= 0xf900 && cp <= 0xfaff)
  ) {
    return "han";
  }
  if (cp >= 0x400 && cp <= 0x52f) return "cyrillic";
  if (cp >= 0x590 && cp <= 0x5ff) return "hebrew";
  if (
    (cp >= 0x600 && cp <= 0x6ff) ||
    (cp >= 0x750 && cp <= 0x77f) ||
    (cp >= 0xfb50 && cp <= 0xfdff) ||
    (cp >= 0xfe70 && cp <= 0xfeff)
  ) {
    return "arabic";
  }
  return "other";
}

export function countScripts(text: string): Partial<Record<Script | "other", number>> {
  const counts: Partial<Record<Script | "other", number>> = {};
  for (const ch of text) {
    const s = charScript(ch.codePointAt(0)!);
    counts[s] = (counts[s] ?? 0) + 1;
  }
  return counts;
}

/** Characters that are set without spaces and may break anywhere (CJK ideographs, kana, full-width forms). */
export function isCjk(cp: number): boolean {
  const s = charScript(cp);
  return s === "han" || s === "kana" || (cp >= 0x3000 && cp <= 0x303f) || (cp >= 0xff00 && cp <= 0xffef);
}

export type NormalizedSource = "zh" | "zh-TW" | "ja" | "en" | "auto";

/** The spec's source_language aliases folded onto the languages the readers know. */
export function normalizeSource(lang: SourceLanguage): NormalizedSource {
  switch (lang) {
    case "ch":
    case "zh":
    case "zh-CN":
      return "zh";
    case "zh-TW":
    case "chinese_cht":
      return "zh-TW";
    case "ja":
    case "japan":
      return "ja";
    case "en":
      return "en";
    default:
      return "auto";
  }
}

/**
 * The language a read text is in, by its script: kana means Japanese, han Chinese, otherwise English.
 * Used for `auto` and for the translator's source.
 */
export function languageOfText(text: string, fallback: NormalizedSource): NormalizedSource {
  const c = countScripts(text);
  if ((c.kana ?? 0) > 0) return "ja";
  if ((c.han ?? 0) > 0) return fallback === "ja" || fallback === "zh-TW" ? fallback : "zh";
  if ((c.latin ?? 0) > 0) return "en";
  return fallback;
}
