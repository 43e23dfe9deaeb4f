/**
 * Stage 6: translates every region through the Translator port. With `auto`, regions are sent per the
 * language their script shows. A text the translator kept or could not translate stays as it is in the
 * picture; only when nothing at all could be translated is it TRANSLATION_FAILED.
 *
 * A region of several lines is sent as one text (a badge's two lines are one phrase). When the translator
 * keeps that text (it does not know it), its lines are sent one by one and, if they translate, the region takes their
 * translations in order: the stacked lines of a care label (常规程序 / 不可漂白 / 悬挂晾干) are three
 * phrases, and joined they are a text no phrase translator knows.
 *
 * Honesty: a translation that still holds the source's Han or kana, or an English line's own words beside
 * Hangul (or Han, kana), is not drawn (the line stays as it was, never in two scripts), and when no region at all was translated (kept or failed) the call is
 * TRANSLATION_FAILED, so nobody pays for the picture they sent.
 */
import { GatewayError } from "../contract/errors.ts";
import type { SourceLang, TranslationResult, Translator } from "../translate/port.ts";
import type { LineGroup } from "./group-lines.ts";
import { charScript, isCjk, languageOfText, type NormalizedSource } from "./script.ts";

export async function translateGroups(
  groups: readonly LineGroup[],
  source: NormalizedSource,
  target: string,
  translator: Translator,
  signal?: AbortSignal,
): Promise<TranslationResult[]> {
  const results: TranslationResult[] = new Array(groups.length);
  const bySource = new Map<SourceLang, number[]>();
  const langs = groups.map((g, i) => {
    const lang = source === "auto" ? languageOfText(g.text, "auto") : source;
    bySource.set(lang, [...(bySource.get(lang) ?? []), i]);
    return lang;
  });
  const batch = (texts: string[], lang: SourceLang) =>
    translateBatch(translator, texts, lang, target, signal);
  for (const [lang, indexes] of bySource) {
    const out = await batch(
      indexes.map((i) => groups[i]!.text),
      lang,
    );
    indexes.forEach((i, k) => {
      results[i] = out[k]!;
    });
    // Only what the translator kept (did not know) is worth asking again; a failed call would fail again.
    const untranslated = indexes.filter((i) => groups[i]!.lines.length > 1 && results[i]!.status === "kept");
    if (untranslated.length === 0) continue;
    const lineTexts = untranslated.map((i) => groups[i]!.lines.map((l) => l.text.trim()));
    let perLine: TranslationResult[];
    try {
      perLine = await batch(lineTexts.flat(), lang);
    } catch {
      // The regions' own answers stand; a retry line by line is a bonus, never a failure of the call.
      signal?.throwIfAborted();
      continue;
    }
    let next = 0;
    untranslated.forEach((i, k) => {
      const lines = perLine.slice(next, next + lineTexts[k]!.length);
      next += lineTexts[k]!.length;
      const joined = joinLineTranslations(lines, target);
      if (joined) results[i] = joined;
    });
  }
  for (let i = 0; i < results.length; i++) {
    const text = groups[i]!.text;
    results[i] = withoutSourceScript(results[i]!, text, target);
    if (langs[i] === "en") results[i] = withoutSourceWords(results[i]!, text, target);
  }
  if (results.length > 0 && results.every((r) => r.status !== "translated")) {
    const reason = results.find((r) => r.status === "failed" && r.reason)?.reason;
    throw new GatewayError(
      "TRANSLATION_FAILED",
      reason
        ? `No text could be translated: ${reason}`
        : `No text could be translated into ${target}: the ${translator.name} translator left all ${results.length} text(s) as they were.`,
    );
  }
  return results;
}

/** Targets written with Han or kana themselves; for any other, Han or kana left in a translation is source text. */
const HAN_TARGET = /^(ja|zh)/i;

/**
 * A translation that still carries characters of the source's Han/kana script (a word the translator
 * passed through) would put two scripts in one line of the picture; the line is left as it was instead.
 */
function withoutSourceScript(
  result: TranslationResult,
  sourceText: string,
  target: string,
): TranslationResult {
  if (result.status !== "translated" || HAN_TARGET.test(target)) return result;
  const hanOrKana = (text: string) =>
    [...text].filter((c) => {
      const s = charScript(c.codePointAt(0)!);
      return s === "han" || s === "kana";
    }).length;
  if (hanOrKana(sourceText) === 0 || hanOrKana(result.text) === 0) return result;
  return { text: sourceText, status: "kept", provider: result.provider, reason: "mixed scripts" };
}

/** Targets not written in Latin letters: a Latin word from the source left in their text is untranslated. */
const NON_LATIN_TARGET = /^(ko|ja|zh)/i;

/** Words of two or more Latin letters, lower-cased. */
function latinWords(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[a-z\u00c0-\u024f]{2,}/g) ?? []);
}

/**
 * The source's words that a translation may print as they are: in a line written in mixed case, a word
 * with a capital (a name, a brand, an acronym: Anker, PowerCore, USB) is what Korean shops print in Latin
 * too, and a translator keeps it on purpose. A word written in lower case (www, com) is never a name,
 * and in a line all in capitals names and words look alike.
 */
function printableAsIs(sourceText: string): Set<string> {
  if (!/[a-z\u00df-\u00ff]/.test(sourceText)) return new Set();
  const capitalised =
    sourceText.match(/[A-Za-z\u00c0-\u024f]*[A-Z\u00c0-\u00de][A-Za-z\u00c0-\u024f]*/g) ?? [];
  const lower = latinWords(sourceText.match(/\b[a-z\u00df-\u00ff]{2,}\b/g)?.join(" ") ?? "");
  // A long word with one capital is more often words the OCR ran together (Reduceyourriskof) than a name.
  const named = capitalised.filter((w) => w.length <= 12 || /.[A-Z]/.test(w));
  return new Set(named.map((w) => w.toLowerCase()).filter((w) => !lower.has(w)));
}

/**
 * The Latin counterpart of `withoutSourceScript`: an English line translated into Korean (or Japanese,
 * Chinese) that still carries some of its own words beside the translated ones ("DRY 깨끗한 ANY", a
 * web address spelled half in Hangul) was only partly translated, and drawn it would be a line in two
 * scripts; it is left as it was. Names the translator kept on purpose (`printableAsIs`) do not count:
 * "Anker PowerCore 10000 휴대용 충전기" is how a Korean shop writes it.
 */
function withoutSourceWords(
  result: TranslationResult,
  sourceText: string,
  target: string,
): TranslationResult {
  if (result.status !== "translated" || !NON_LATIN_TARGET.test(target)) return result;
  const hasTargetScript = [...result.text].some((c) => {
    const s = charScript(c.codePointAt(0)!);
    return s === "hangul" || s === "han" || s === "kana";
  });
  if (!hasTargetScript) return result;
  const source = latinWords(sourceText);
  const names = printableAsIs(sourceText);
  const untranslated = [...latinWords(result.text)].filter((w) => source.has(w) && !names.has(w));
  if (untranslated.length === 0) return result;
  return { text: sourceText, status: "kept", provider: result.provider, reason: "mixed scripts" };
}

async function translateBatch(
  translator: Translator,
  texts: string[],
  lang: SourceLang,
  target: string,
  signal: AbortSignal | undefined,
): Promise<TranslationResult[]> {
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
  return out;
}

/** Chinese and Japanese run lines together; other targets put a space between them. */
const UNSPACED_TARGET = /^(ja|zh)/;

/**
 * A region's lines translated one by one, as the region's text: only when at least one line was
 * translated and every line left as it was holds no CJK (a brand or a model number beside translated
 * lines reads fine; a Chinese line beside Korean ones does not).
 */
function joinLineTranslations(lines: TranslationResult[], target: string): TranslationResult | undefined {
  const translated = lines.find((r) => r.status === "translated");
  if (!translated) return undefined;
  const hasCjk = (text: string) => [...text].some((c) => isCjk(c.codePointAt(0)!));
  if (lines.some((r) => r.status !== "translated" && hasCjk(r.text))) return undefined;
  const separator = UNSPACED_TARGET.test(target) ? "" : " ";
  return {
    text: lines.map((r) => r.text).join(separator),
    status: "translated",
    provider: translated.provider,
  };
}
