/**
 * The embedded offline translator, the default behind the Translator port: built for the short formulaic
 * text of product images, it reads a text as glossary phrases, rule matches (prices, promotions, units)
 * and dictionary words, and writes them in the target language. What it cannot cover completely, or
 * could only write in mixed scripts, it keeps as the source and says so: it never guesses.
 */
import {
  type ConcreteSource,
  normalizeSource,
  normalizeTarget,
  resolveSource,
  sameLanguage,
  sourceFamily,
  type TargetLang,
} from "../languages.ts";
import type { Glossary, SourceLang, TranslationContext, TranslationResult, Translator } from "../port.ts";
import { isCoherent } from "../scripts.ts";
import { assemble } from "./assemble.ts";
import { hasTraditionalCharacters, toSimplified, toTaiwan } from "./chinese-variants.ts";
import type { EmbeddedData } from "./embedded-data.ts";
import { grammarFor } from "./grammars.ts";
import { leftoverEnglish } from "./leftover-english.ts";
import { addEntry, createLexicon, type Family, type Lexicon, type OutLang } from "./lexicon.ts";
import { regionalCurrency } from "./regional-currency.ts";
import { restoreWordSpaces } from "./run-together-words.ts";
import { segment, type Token } from "./segment.ts";
import { CLASSICAL_WORDS_SHARE, classicalReading, mayBeClassical } from "./transfer/classical-reading.ts";
import { latinNamesInHangul } from "./transfer/latin-names.ts";
import { TRANSFERRED, transferUnknown, unknownWords } from "./transfer/word-transfer.ts";

export const EMBEDDED = "embedded";

/** Longer texts are paragraphs, not image text; the embedded translator leaves them to a provider. */
export const MAX_EMBEDDED_CHARS = 1000;

// C0/C1 control characters other than tab and newline: OCR noise, never meaning.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b\ufeff]/g;

export interface EmbeddedTranslatorOptions {
  data: EmbeddedData;
}

export function createEmbeddedTranslator({ data }: EmbeddedTranslatorOptions): Translator {
  const userLexicons = new WeakMap<Glossary, Partial<Record<string, Lexicon>>>();

  const userLexicon = (
    glossary: Glossary | undefined,
    family: Family,
    target: TargetLang,
  ): Lexicon | undefined => {
    if (!glossary || (!glossary.keep?.length && !Object.keys(glossary.terms ?? {}).length)) return undefined;
    let perPair = userLexicons.get(glossary);
    if (!perPair) {
      perPair = {};
      userLexicons.set(glossary, perPair);
    }
    const key = `${family}>${target}`;
    let lex = perPair[key];
    if (!lex) {
      lex = createLexicon(family);
      const lang = outLang(target);
      for (const [source, translation] of Object.entries(glossary.terms ?? {})) {
        const form = family === "zh" ? toSimplified(source.normalize("NFKC")) : source;
        addEntry(lex, form, { out: { [lang]: translation }, pos: "n", kind: "user" });
      }
      for (const word of glossary.keep ?? []) {
        const form = family === "zh" ? toSimplified(word.normalize("NFKC")) : word;
        addEntry(lex, form, { out: { [lang]: word }, pos: "n", kind: "user" });
      }
      perPair[key] = lex;
    }
    return lex;
  };

  const translateOne = (
    text: string,
    sourceCode: SourceLang,
    targetCode: string,
    glossary?: Glossary,
  ): TranslationResult => {
    const kept = (reason: string): TranslationResult => ({
      text,
      status: "kept",
      provider: EMBEDDED,
      reason,
    });
    if (typeof text !== "string")
      return { text: "", status: "failed", provider: EMBEDDED, reason: "not a string" };
    const target = normalizeTarget(String(targetCode));
    if (!target) return kept(`unsupported target language "${targetCode}"`);
    // Callers outside TypeScript may pass any string; the spec's aliases (ch, japan, ...) are welcome.
    const source = normalizeSource(String(sourceCode));
    if (!source) return kept(`unsupported source language "${sourceCode}"`);
    const cleaned = text.replace(CONTROL, " ");
    if (!cleaned.trim()) return kept("empty text");
    if (cleaned.length > MAX_EMBEDDED_CHARS) return kept(`longer than ${MAX_EMBEDDED_CHARS} characters`);
    const concrete = resolveSource(source, cleaned);
    if (!concrete) return kept("no letters to translate");
    const result = translateConcrete(text, cleaned, concrete, target, glossary);
    // Japanese written in kanji alone (free shipping) looks Chinese to the script test: with `auto`, a Han-only
    // text that Chinese cannot read gets a second reading as Japanese.
    // The same holds for a Chinese reading made word by word: the Japanese one wins if it knew more.
    if (
      source === "auto" &&
      concrete === "zh" &&
      (result.status === "kept" || (result.origin?.words ?? 0) > 0)
    ) {
      const asJapanese = translateConcrete(text, cleaned, "ja", target, glossary);
      if (
        asJapanese.status === "translated" &&
        (result.status === "kept" || (asJapanese.origin?.words ?? 0) < (result.origin?.words ?? 0))
      )
        return asJapanese;
    }
    return result;
  };

  const translateConcrete = (
    original: string,
    cleaned: string,
    source: ConcreteSource,
    target: TargetLang,
    glossary: Glossary | undefined,
  ): TranslationResult => {
    const kept = (reason: string): TranslationResult => ({
      text: original,
      status: "kept",
      provider: EMBEDDED,
      reason,
    });
    const family = sourceFamily(source);
    // Chinese between its own two scripts is a character conversion, which OpenCC does exactly.
    if (family === "zh" && (target === "zh-CN" || target === "zh-TW")) {
      const converted = target === "zh-TW" ? toTaiwan(toSimplified(cleaned)) : toSimplified(cleaned);
      return converted === original
        ? kept("already in the target language")
        : { text: converted, status: "translated", provider: EMBEDDED };
    }
    if (sameLanguage(source, target)) return kept("already in the target language");

    // OCR often reads a degree sign before ℃ (30°℃, NFKC 30°°C): one temperature, written once.
    const nfkc = cleaned.normalize("NFKC").replace(/°\s?(?=°[CF])/g, "");
    const normalized =
      family === "zh"
        ? toSimplified(nfkc)
        : family === "en"
          ? restoreWordSpaces(nfkc, data.lexicons.en.englishWords ?? new Set())
          : nfkc;
    const lang = outLang(target);
    const grammar = grammarFor(family, lang);
    let tokens = segment({
      text: normalized,
      family,
      lexicon: data.lexicons[family],
      user: userLexicon(glossary, family, target),
      lang,
      grammar,
    });
    const readWhole = grammar.wordsToTransfer?.(tokens) ?? [];
    if (readWhole.length) tokens = unknownWords(tokens, readWhole);
    const unknown = tokens.filter((t) => t.kind === "unknown").map((t) => t.src);
    if (unknown.length && (!data.transfer || lang !== "ko"))
      return kept(`not in the glossary or dictionary: ${unknown.slice(0, 5).join(" ")}`);
    // The known phrases did not cover it all, or an English line holds a word in capitals the reading kept
    // as a name (WAIT, REPAIRS): the word-level transfer writes the rest (into Korean).
    if (data.transfer && lang === "ko" && (unknown.length || family === "en"))
      tokens = transferUnknown(tokens, family, data.transfer, {
        source: data.lexicons[family],
        english: data.lexicons.en,
      });
    // Names and loanwords of an English line are written in Hangul, as Korean signs and shops write them.
    if (family === "en" && lang === "ko" && data.transfer)
      tokens = latinNamesInHangul(tokens, data.transfer, data.lexicons.en.englishWords ?? new Set());
    if (!tokens.some((t) => t.kind === "lex" || t.kind === "rule")) return kept("nothing to translate");
    if (family === "zh") {
      const split = characterSplitWords(tokens, data.lexicons.zh, lang);
      if (split.length && data.transfer && lang === "ko")
        tokens = transferUnknown(unknownWords(tokens, split), family, data.transfer, {
          source: data.lexicons.zh,
          english: data.lexicons.en,
        });
      else if (split.length)
        return kept(`would read a word character by character: ${split.slice(0, 5).join(" ")}`);
    }
    const unwritable = grammar.unwritable?.(tokens) ?? [];
    if (unwritable.length) return kept(`a counter with nothing to count: ${unwritable.join(" ")}`);
    grammar.afterSegment?.(tokens, data.lexicons[family]);
    let output = assemble(tokens, family, lang, grammar);
    if (output === undefined || output === "") return kept("no translation for every part");
    if (target === "zh-TW") output = toTaiwan(output);
    else if (family === "zh" && normalized !== nfkc && hasTraditionalCharacters(nfkc))
      output = regionalCurrency(output, lang, normalized);
    // Words the caller asked to keep are theirs to mix in; everything else must read in one script.
    const ownWords = (glossary?.keep ?? []).reduce(
      (text, word) => (word ? text.split(word).join(" ") : text),
      output,
    );
    if (!isCoherent(ownWords, target)) return kept("the translation would mix scripts");
    const leftover = family === "en" && lang === "ko" ? leftoverEnglish(ownWords, normalized) : [];
    if (leftover.length) return kept(`English words left untranslated: ${leftover.join(" ")}`);
    if (output === original) return kept("nothing to translate");
    const origin = originOf(tokens);
    // Classical Chinese the shop vocabulary does not know (a sutra) is read by its sounds.
    const classical =
      family === "zh" && lang === "ko" && data.transfer && origin.words >= CLASSICAL_WORDS_SHARE
        ? classicalLine(nfkc, normalized, data.transfer.hanja)
        : undefined;
    if (classical) return { text: classical, status: "translated", provider: EMBEDDED, origin };
    return { text: output, status: "translated", provider: EMBEDDED, origin };
  };

  return {
    name: EMBEDDED,
    async translateBatch(texts, source, target, context?: TranslationContext) {
      const results: TranslationResult[] = [];
      for (const text of texts) {
        context?.signal?.throwIfAborted();
        results.push(translateOne(text, source, target, context?.glossary));
      }
      return results;
    },
  };
}

/**
 * Shares of the source's letters (spaces and punctuation aside) written from known phrases (glossary,
 * rules, numbers, the caller's terms) and from word-level transfer (dictionary words and the transfer path);
 * Latin names kept as they are count for neither.
 */
function originOf(tokens: readonly Token[]): { phrases: number; words: number } {
  let phrases = 0;
  let words = 0;
  let total = 0;
  for (const t of tokens) {
    if (t.kind === "space" || t.kind === "punct") continue;
    const n = Array.from(t.src.replace(/[\s\p{P}]/gu, "")).length;
    total += n;
    if (TRANSFERRED.has(t) || (t.kind === "lex" && t.entry?.kind === "dict")) words += n;
    else if (t.kind === "lex" || t.kind === "rule" || t.kind === "number") phrases += n;
  }
  if (total === 0) return { phrases: 0, words: 0 };
  const share = (n: number) => Math.round((n / total) * 1000) / 1000;
  return { phrases: share(phrases), words: share(words) };
}

/**
 * Words the reading cut into pieces: where two or more pieces in a row spell a dictionary word that has
 * no translation of its own (a waistband is not waist + head, a steering wheel not direction + plate),
 * writing the pieces one by one would be garbage.
 */
function characterSplitWords(tokens: Token[], lexicon: Lexicon, lang: OutLang): string[] {
  const found: string[] = [];
  for (let a = 0; a < tokens.length; a++) {
    let word = "";
    for (let b = a; b < tokens.length && b < a + 4; b++) {
      const t = tokens[b] as Token;
      if (t.kind !== "lex" || t.entry?.kind === "user" || TRANSFERRED.has(t)) break;
      word += t.src;
      if (b === a || word.length > lexicon.maxKeyLength) continue;
      const entry = lexicon.entries.get(word);
      if (entry && entry.kind === "dict" && entry.out[lang] === undefined) found.push(word);
    }
  }
  return found;
}

/** A traditional Han-only line's Sino-Korean reading (see classical-reading.ts), or undefined. */
function classicalLine(nfkc: string, simplified: string, hanja: ReadonlyMap<string, string>) {
  if (simplified === nfkc || !hasTraditionalCharacters(nfkc) || !mayBeClassical(nfkc)) return undefined;
  return classicalReading(nfkc, hanja);
}

function outLang(target: TargetLang): OutLang {
  return target === "zh-CN" || target === "zh-TW" ? "zh" : target;
}
