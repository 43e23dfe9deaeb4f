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
import { addEntry, createLexicon, type Entry, type Family, type Lexicon, type OutLang } from "./lexicon.ts";
import { regionalCurrency } from "./regional-currency.ts";
import { segment, type Token } from "./segment.ts";
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
    // Japanese written in kanji alone (送料無料) looks Chinese to the script test: with `auto`, a Han-only
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
    const normalized = family === "zh" ? toSimplified(nfkc) : nfkc;
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
    const unknown = tokens.filter((t) => t.kind === "unknown").map((t) => t.src);
    if (unknown.length) {
      // The known phrases did not cover it all: the word-level transfer writes the rest (into Korean).
      if (!data.transfer || lang !== "ko")
        return kept(`not in the glossary or dictionary: ${unknown.slice(0, 5).join(" ")}`);
      tokens = transferUnknown(tokens, family, data.transfer, {
        source: data.lexicons[family],
        english: data.lexicons.en,
      });
    }
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
      const counters = lang === "ko" ? countersWithoutNumber(tokens) : [];
      if (counters.length) return kept(`a counter with nothing to count: ${counters.join(" ")}`);
    }
    if (family === "zh" && lang === "ko") {
      attachPrefixes(tokens, data.lexicons.zh);
      colorsInLists(tokens, data.lexicons.zh);
    }
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
    if (output === original) return kept("nothing to translate");
    return { text: output, status: "translated", provider: EMBEDDED, origin: originOf(tokens) };
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
 * no translation of its own (腰头 is a waistband, not 허리 + 머리; 方向盘 a steering wheel, not 방향 +
 * 접시), writing the pieces one by one would be garbage.
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

/** Chinese measure words that are nothing but counters: without a number before them they say nothing. */
const MEASURE_ONLY = new Set([
  ..."只粒颗支条块把根个件张片对份次倍",
  "只装",
  "个装",
  "支装",
  "件装",
  "片装",
  "人份",
]);
/** Words a counter may follow without a number: 每件 (each), 这款 (this one). */
const COUNTER_HOSTS = new Set(["每", "这", "那", "哪", "几", "多少", "整", "半", "首", "第", "/", "／"]);

function countersWithoutNumber(tokens: Token[]): string[] {
  const found: string[] = [];
  let prev: Token | undefined;
  for (const t of tokens) {
    if (t.kind === "lex" && t.pos === "cl" && MEASURE_ONLY.has(t.src)) {
      const counted =
        prev &&
        (prev.kind === "number" ||
          prev.number !== undefined ||
          // 2-3次: a range ends in a number too.
          (prev.kind === "rule" && /\d$/.test(prev.src)) ||
          COUNTER_HOSTS.has(prev.src));
      if (!counted) found.push(t.src);
    }
    if (t.kind !== "space") prev = t;
  }
  return found;
}

/**
 * One-character Chinese prefixes (大屏, 高弹, 多尺寸): Korean glues the Sino-Korean prefix to a
 * Sino-Korean noun (대화면, 고탄력) and writes an adjective before any other word (큰 사이즈, 다양한
 * 컬러), never a lone 대 or 다.
 */
const PREFIXES: Record<string, [glued: string, free: string]> = {
  大: ["대", "큰"],
  小: ["소", "작은"],
  多: ["다", "다양한"],
  超: ["초", "아주"],
  全: ["전", "모든"],
  高: ["고", "높은"],
  低: ["저", "낮은"],
  新: ["신", "새"],
};

/**
 * 大 and 小 glue only into words Korean has (대화면, 대용량, 소형, 소포장): 소공간 and 대효과 are not
 * words, where 작은 공간 and 큰 효과 are; the other prefixes glue freely (저소음, 고탄력, 초경량, 다기능).
 */
const LEXICALIZED_ONLY = new Set(["大", "小"]);
/** Nouns of extent that are wide rather than big: 大空间 넓은 공간, 大视野 넓은 시야. */
const WIDE_NOUNS = new Set(["공간", "면적", "시야", "시야각", "범위", "영역", "입구", "화각"]);
/** Amounts, which are few rather than small: 小用量 적은 사용량. */
const AMOUNT_NOUNS = new Set(["사용량", "양", "수량", "열량", "칼로리"]);

const koreanWordsCache = new WeakMap<Lexicon, Set<string>>();

/** Every Korean word the reading table or a glossary row writes: the words Korean is known to have. */
function koreanWords(lexicon: Lexicon): Set<string> {
  let words = koreanWordsCache.get(lexicon);
  if (!words) {
    words = new Set(lexicon.sinoKorean);
    for (const entry of lexicon.entries.values())
      if (entry.kind !== "dict" && entry.out.ko) for (const w of entry.out.ko.split(/[ |~]/)) words.add(w);
    koreanWordsCache.set(lexicon, words);
  }
  return words;
}

function attachPrefixes(tokens: Token[], lexicon: Lexicon): void {
  for (let i = 0; i + 1 < tokens.length; i++) {
    const t = tokens[i] as Token;
    const forms = PREFIXES[t.src];
    const next = tokens[i + 1] as Token;
    if (!forms || t.kind !== "lex" || t.entry?.kind === "user" || next.kind !== "lex" || next.pos !== "n")
      continue;
    const word = next.entry?.out.ko?.split(" ")[0] ?? "";
    if (!/^[\p{Script=Hangul}]+$/u.test(word)) continue;
    // A Sino-Korean word, or one built on a Sino-Korean word (저소음 on 소음), takes the glued prefix.
    const sino = (w: string) => lexicon.sinoKorean?.has(w) ?? false;
    const glued =
      (word.length <= 2 && sino(word)) ||
      (word.length === 3 && /^[저고무초대소다신반전항방내비미]/.test(word) && sino(word.slice(1)));
    const known = !LEXICALIZED_ONLY.has(t.src) || koreanWords(lexicon).has(`${forms[0]}${word}`);
    const free =
      t.src === "大" && WIDE_NOUNS.has(word)
        ? "넓은"
        : t.src === "小" && AMOUNT_NOUNS.has(word)
          ? "적은"
          : forms[1];
    t.entry = { ...(t.entry as Entry), out: { ...t.entry?.out, ko: glued && known ? `${forms[0]}~` : free } };
    t.pos = "m";
  }
}

const LIST_MARKS = new Set(["/", "／", "、", ",", "，", ":", "："]);

/**
 * 顏色：黑/白/灰: a one-character colour in a list is the colour's name, written as its 色 row says it
 * (블랙/화이트/그레이), not the adjective it is before a noun (검은 고양이).
 */
function colorsInLists(tokens: Token[], lexicon: Lexicon): void {
  const mark = (t: Token | undefined) => t?.kind === "punct" && LIST_MARKS.has(t.src);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind !== "lex" || t.src.length !== 1 || !t.entry) continue;
    const name = lexicon.entries.get(`${t.src}色`)?.out.ko;
    if (!name || !(mark(tokens[i - 1]) || mark(tokens[i + 1]))) continue;
    tokens[i] = { ...t, pos: "n", entry: { ...t.entry, out: { ...t.entry.out, ko: name } } };
  }
}

function outLang(target: TargetLang): OutLang {
  return target === "zh-CN" || target === "zh-TW" ? "zh" : target;
}
