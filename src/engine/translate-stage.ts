/**
 * Stage 6: translates every region through the Translator port. With `auto`, regions are sent per the
 * language their script shows. A text the translator kept or could not translate stays as it is in the
 * picture; only when nothing at all could be translated is it TRANSLATION_FAILED.
 */
import { GatewayError } from "../contract/errors.ts";
import type { SourceLang, TranslationResult, Translator } from "../translate/port.ts";
import type { LineGroup } from "./group-lines.ts";
import { languageOfText, type NormalizedSource } from "./script.ts";

export async function translateGroups(
  groups: readonly LineGroup[],
  source: NormalizedSource,
  target: string,
  translator: Translator,
  signal?: AbortSignal,
): Promise<TranslationResult[]> {
  const results: TranslationResult[] = new Array(groups.length);
  const bySource = new Map<SourceLang, number[]>();
  groups.forEach((g, i) => {
    const lang = source === "auto" ? languageOfText(g.text, "auto") : source;
    bySource.set(lang, [...(bySource.get(lang) ?? []), i]);
  });
  for (const [lang, indexes] of bySource) {
    const texts = indexes.map((i) => groups[i]!.text);
    let out: TranslationResult[];
    try {
      out = await translator.translateBatch(texts, lang, target, { signal, domain: "product-image" });
    } catch (cause) {
      signal?.throwIfAborted();
      throw new GatewayError(
        "TRANSLATION_FAILED",
        `The ${translator.name} translator failed: ${String(cause)}`,
        { cause },
      );
    }
    if (out.length !== texts.length) {
      throw new GatewayError(
        "TRANSLATION_FAILED",
        `The ${translator.name} translator returned ${out.length} results for ${texts.length} texts.`,
      );
    }
    indexes.forEach((i, k) => {
      results[i] = out[k]!;
    });
  }
  if (results.length > 0 && results.every((r) => r.status === "failed")) {
    const reason = results.find((r) => r.reason)?.reason;
    throw new GatewayError(
      "TRANSLATION_FAILED",
      `No text could be translated${reason ? `: ${reason}` : "."}`,
    );
  }
  return results;
}
