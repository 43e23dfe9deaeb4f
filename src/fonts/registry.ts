/**
 * The fonts registry (spec: supported-fonts): which bundled fonts serve each target language, computed
 * from the fonts' own cmaps, in the spec's order of preference.
 */
import {
  BUNDLED_FONTS,
  type BundledFont,
  FONT_WEIGHTS,
  type FontsRegistry,
  REQUIRED_SCRIPT,
  SOURCE_LANGUAGES,
  type UserFont,
} from "../contract/image-translate.ts";
import { coversLanguage } from "./coverage.ts";
import type { FontLibrary } from "./font-library.ts";

/** The spec's published order per target; other targets rank fonts in the general order below. */
const PREFERRED: Readonly<Record<string, readonly BundledFont[]>> = {
  ko: ["Pretendard", "BMHANNAPro", "NotoSansKR"],
  "zh-CN": ["NotoSansSC"],
  "zh-TW": ["NotoSansSC"],
  ja: ["NotoSansKR", "NotoSansSC", "Pretendard"],
  en: ["Pretendard", "NotoSansKR", "NotoSansSC"],
};
const GENERAL_ORDER: readonly BundledFont[] = ["Pretendard", "NotoSansKR", "NotoSansSC", "BMHANNAPro"];

export async function fontsByLanguage(library: FontLibrary): Promise<Record<string, string[]>> {
  const faces = new Map(
    await Promise.all(BUNDLED_FONTS.map(async (f) => [f, await library.bundled(f, 400)] as const)),
  );
  const out: Record<string, string[]> = {};
  for (const [target, script] of Object.entries(REQUIRED_SCRIPT)) {
    // Kana is what a Japanese font must have; its kanji come from the fallback chain like any han.
    const candidates = PREFERRED[target] ?? GENERAL_ORDER;
    const fonts = candidates.filter((f) => coversLanguage(faces.get(f)!.map, target, script));
    if (fonts.length > 0) out[target] = fonts;
  }
  return out;
}

export async function buildFontsRegistry(
  library: FontLibrary,
  userFonts: UserFont[] = [],
): Promise<FontsRegistry> {
  const byLanguage = await fontsByLanguage(library);
  return {
    fontsByLanguage: byLanguage,
    defaultByLanguage: Object.fromEntries(Object.entries(byLanguage).map(([k, v]) => [k, v[0]!])),
    allFonts: [...BUNDLED_FONTS],
    allWeights: [...FONT_WEIGHTS],
    supportedSourceLanguages: [...SOURCE_LANGUAGES],
    userFonts,
  };
}
