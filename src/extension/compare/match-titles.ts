/**
 * Match titles in the seller's language. Each marketplace writes its own (Chinese on AliExpress, Japanese
 * on a Japanese store, English elsewhere); the panel shows them translated by the device's translator,
 * the whole title at once (the translator keeps brand names and model numbers as they are), and keeps a
 * title as written where it is already in that language or the translator leaves it.
 */
import type { TargetLang } from "../../translate/languages.ts";
import type { Translator } from "../../translate/port.ts";

/** Title -> its translation, for the titles the translator did translate. */
export async function translateMatchTitles(
  titles: readonly string[],
  translator: Translator,
  target: TargetLang,
  signal?: AbortSignal,
): Promise<Map<string, string>> {
  const unique = [...new Set(titles)];
  const translated = new Map<string, string>();
  if (unique.length === 0) return translated;
  const results = await translator.translateBatch(unique, "auto", target, {
    domain: "product-title",
    signal,
  });
  unique.forEach((title, i) => {
    const result = results[i];
    if (result?.status === "translated" && result.text !== title) translated.set(title, result.text);
  });
  return translated;
}
