/**
 * Word-level transfer: the second path of the embedded translator, for the words no glossary row, rule or
 * checked dictionary entry covers. It turns every run of unknown pieces into word tokens the shared
 * assembly writes like any other (particles, order, Korean endings), so a sentence is translated plainly
 * instead of being kept:
 *
 * - Chinese: a Sino-Korean word of the Sino-Xenic table (优雅 -> 우아); else the dictionary's English gloss
 *   read through the English glossary or a Korean word (时尚 -> fashion -> 패션); else, one character at a
 *   time, its reading (resources/transfer/hanja-readings.tsv).
 * - Japanese: kanji as Chinese; katakana and hiragana words through the kana table (スパイシー -> 스파이시);
 *   particles and endings through resources/transfer/ja-grammar.tsv, glued to the word before.
 * - English: function words through resources/transfer/en-function-words.tsv (for X -> X용); other words
 *   (and their stems: plural, -ed, -ing, -ly) through the glossary, the hand-written everyday words, the
 *   general list built from kengdic (en-ko-kengdic.tsv) or the Korean word Japanese shares (technology ->
 *   기술); names, model codes and words none of these know stay in Latin, as Korean shops print them.
 *
 * Tokens it makes are marked (TRANSFERRED) so that the result can say how much came from this path.
 */
import { type Family, initialSoundLaw, type Lexicon } from "../lexicon.ts";
import type { Token } from "../tokens.ts";
import { kanaToHangul, loanwordFromGloss } from "./kana-hangul.ts";
import type { GrammarWord, TransferData } from "./transfer-data.ts";
import { HAN, isLoneCharacter, nameThenNoun, TRANSFERRED, word } from "./transferred.ts";

export { TRANSFERRED };

const KATAKANA = /[\p{Script=Katakana}ー]/u;
const HIRAGANA = /\p{Script=Hiragana}/u;

export interface TransferLexicons {
  /** The source family's lexicon (its dictionary glosses). */
  source: Lexicon;
  /** The English lexicon: its glossary rows give the Korean of an English gloss. */
  english: Lexicon;
}

function grammarToken(src: string, g: GrammarWord): Token {
  if (g.role === "p" || g.role === "e") return word(src, `~${g.ko}`, "p");
  return word(src, g.ko, g.role === "w" ? "n" : "p");
}

/** The Korean of an English gloss ("fashion; stylish", "to recommend"), or undefined. */
export function koreanForEnglish(gloss: string, data: TransferData, english: Lexicon): string | undefined {
  const first = firstSense(gloss);
  if (!first) return undefined;
  return (
    glossaryKorean(first, english) ??
    (/^[a-z]+$/.test(first) ? englishWordKorean(first, data, english) : undefined)
  );
}

/**
 * The stems an inflected English word may come from, in the order tried: the word, plural -s/-es/-ies,
 * past -ed/-d/-ied, -ing (with its -e or doubled consonant restored).
 */
export function englishStems(w: string): string[] {
  const stems = [w, w.replace(/s$/, ""), w.replace(/es$/, ""), w.replace(/ies$/, "y")];
  stems.push(
    w.replace(/ed$/, ""),
    w.replace(/d$/, ""),
    w.replace(/ied$/, "y"),
    w.replace(/([^aeiou])\1ed$/, "$1"),
  );
  stems.push(w.replace(/ing$/, ""), w.replace(/ing$/, "e"), w.replace(/([^aeiou])\1ing$/, "$1"));
  return [...new Set(stems)].filter((stem) => stem.length >= 2 && (stem === w || stem.length < w.length));
}

/**
 * One English word through the glossary (and its stems), the everyday and general word lists, or the
 * Korean word Japanese shares with it; an adverb in -ly as its adjective's Korean adverb (quickly).
 */
function englishWordKorean(w: string, data: TransferData, english: Lexicon): string | undefined {
  for (const stem of englishStems(w)) {
    const row = english.entries.get(stem);
    if (row && row.kind !== "dict" && row.out.ko && row.pos !== "p") return row.out.ko.replace(/^~|~$/g, "");
    const ko = data.englishKorean.get(stem);
    if (ko) return ko;
  }
  const ly = /^(.{3,}?)(i?)ly$/.exec(w);
  if (ly)
    return data.englishAdverbs.get(`${ly[1]}${ly[2] ? "y" : ""}`) ?? data.englishAdverbs.get(`${ly[1]}le`);
  return undefined;
}

/**
 * Chinese characters (or Japanese kanji) without a known word: Sino-Korean words, glosses, readings. Two or
 * more characters in a row that make no word are a name (上海斯格威 -> 사격위): their readings are written
 * together; a character alone is the glossary's word for it, else its reading.
 */
function hanRun(run: string, data: TransferData, lex: TransferLexicons): Token[] {
  const out: Token[] = [];
  let loose = "";
  const flush = () => {
    if (!loose) return;
    const chars = Array.from(loose);
    if (chars.length === 1) {
      const own = lex.source.entries.get(loose)?.out.ko;
      const reading = data.hanja.get(loose);
      const ko = own !== undefined ? own.replace(/^~|~$/g, "") : reading && initialSoundLaw(reading);
      if (ko !== undefined) out.push(word(loose, ko));
    } else {
      // A name read by its characters is spelt as South Korea spells a Sino-Korean word (no initial rieul).
      const reading = initialSoundLaw(chars.map((c) => data.hanja.get(c) ?? "").join(""));
      if (reading) out.push(word(loose, reading));
    }
    loose = "";
  };
  for (let i = 0; i < run.length; ) {
    const len = longestWord(run, i, data, lex);
    if (len > 0) {
      flush();
      const w = run.slice(i, i + len);
      out.push(word(w, wordKorean(w, data, lex) as string));
      i += len;
      continue;
    }
    loose += run[i];
    i++;
  }
  flush();
  return out;
}

function longestWord(run: string, at: number, data: TransferData, lex: TransferLexicons): number {
  for (let len = Math.min(data.sinoWordsMaxLength, run.length - at); len >= 2; len--)
    if (wordKorean(run.slice(at, at + len), data, lex)) return len;
  return 0;
}

/**
 * A word's Korean: the dictionary's checked Korean, the glossary's Korean for its English gloss (时尚,
 * fashionable -> 패셔너블한), the Sino-Korean word Korean shares (优雅 -> 우아), or a Korean word for its
 * gloss (锁骨, collarbone -> 쇄골).
 */
function wordKorean(w: string, data: TransferData, lex: TransferLexicons): string | undefined {
  const entry = lex.source.entries.get(w);
  if (entry?.out.ko) return entry.out.ko.replace(/^~|~$/g, "");
  const gloss = entry?.out.en;
  const fromGlossary = gloss ? glossaryKorean(gloss, lex.english) : undefined;
  return (
    fromGlossary ?? data.sinoWords.get(w) ?? (gloss ? koreanForEnglish(gloss, data, lex.english) : undefined)
  );
}

/** The English glossary's Korean for a gloss, where a row says it. */
function glossaryKorean(gloss: string, english: Lexicon): string | undefined {
  const first = firstSense(gloss);
  const row = first ? english.entries.get(first) : undefined;
  return row && row.kind !== "dict" && row.out.ko ? row.out.ko.replace(/^~|~$/g, "") : undefined;
}

const firstSense = (gloss: string) =>
  (gloss.split(/[;,/]/)[0] ?? "")
    .replace(/\([^)]*\)/g, "")
    .replace(/^(to|a|an|the)\s+/i, "")
    .trim()
    .toLowerCase();

/** Japanese kana: grammar words glued to what came before, words through the kana table. */
function kanaRun(run: string, data: TransferData, lex: TransferLexicons, afterWord: boolean): Token[] {
  const out: Token[] = [];
  let i = 0;
  let glued = afterWord;
  while (i < run.length) {
    if (HIRAGANA.test(run[i] as string) && glued) {
      let matched = false;
      for (let len = Math.min(data.jaGrammarMaxLength, run.length - i); len >= 1; len--) {
        const g = data.jaGrammar.get(run.slice(i, i + len));
        if (g) {
          out.push(grammarToken(run.slice(i, i + len), g));
          i += len;
          matched = true;
          break;
        }
      }
      if (matched) continue;
    }
    // A word: the longest stretch of one kana script.
    const katakana = KATAKANA.test(run[i] as string);
    let end = i + 1;
    while (end < run.length && KATAKANA.test(run[end] as string) === katakana) end++;
    const piece = run.slice(i, end);
    const known = lex.source.entries.get(piece);
    const spelt = kanaToHangul(piece, data.kana);
    const fromEnglish =
      katakana && spelt
        ? loanwordFromGloss(spelt, known?.out.en, (w) => englishWordKorean(w, data, lex.english))
        : undefined;
    const ko = known?.out.ko ?? fromEnglish ?? spelt;
    if (ko) out.push(word(piece, ko.replace(/^~|~$/g, "")));
    glued = true;
    i = end;
  }
  return out;
}

/** An unknown English word: grammar word, glossary stem, shared Korean word, or kept as a name. */
function englishToken(src: string, data: TransferData, lex: TransferLexicons): Token {
  const lower = src.toLowerCase();
  const g = data.enFunction.get(lower);
  if (g) return grammarToken(src, g);
  const ko = englishWordKorean(lower, data, lex.english);
  if (ko) return word(src, ko);
  // A known word's possessive (NATURE'S): the word and the particle "of" is written as.
  const owner = /^(.+)['’]s$/.exec(lower)?.[1];
  const ownerKo = owner ? englishWordKorean(owner, data, lex.english) : undefined;
  if (ownerKo) return word(src, `${ownerKo}${data.enFunction.get("of")?.ko ?? ""}`);
  return { src, kind: "latin", pos: "n" };
}

/**
 * Replaces every run of unknown tokens with transferred word tokens. Characters it can read nothing for
 * are left out rather than kept, so the output never mixes scripts.
 */
export function transferUnknown(
  input: readonly Token[],
  family: Family,
  data: TransferData,
  lex: TransferLexicons,
): Token[] {
  const tokens = family === "en" ? wholeEnglishWords(input) : input;
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; ) {
    const t = tokens[i] as Token;
    // An English word in capitals (BANK, SINCE) was kept as if it named a thing; a word Korean has is written.
    if (t.kind !== "unknown" && !(family === "en" && capitalWord(tokens, i, data, lex))) {
      out.push(t);
      i++;
      continue;
    }
    if (family === "en") {
      out.push(englishToken(t.src, data, lex));
      i++;
      continue;
    }
    // Single characters the reading took as words next to the unknown ones are often pieces of the word
    // it missed (锁 of 锁骨): they join the run, and the run's longest words decide.
    let run = "";
    while (isLoneCharacter(out.at(-1))) run = (out.pop() as Token).src + run;
    while (i < tokens.length && (tokens[i]?.kind === "unknown" || isLoneCharacter(tokens[i])))
      run += (tokens[i++] as Token).src;
    const prev = out.at(-1);
    const afterWord =
      prev !== undefined && (prev.kind === "lex" || prev.kind === "latin" || prev.kind === "number");
    const read = scriptRuns(run, family, data, lex, afterWord);
    const ends = !HAN.test(tokens[i]?.src ?? "");
    out.push(...(ends ? nameThenNoun(read, tokens[i - 1], data) : read));
  }
  return orderEnglishPostpositions(out, data);
}

/**
 * Whether a Latin token in capitals is an English word to translate rather than a name: a word of two
 * letters or more Korean has (BANK) or a function word (IT'S); a lone A or I only between two words in
 * capitals (IT'S A GOOD START) or opening a line before a word in lower case (A short break), since alone
 * it is a grade or a size.
 */
function capitalWord(
  tokens: readonly Token[],
  i: number,
  data: TransferData,
  lex: TransferLexicons,
): boolean {
  const t = tokens[i] as Token;
  if (t.kind !== "latin" || !/^[A-Z][A-Z'’]*$/.test(t.src)) return false;
  const lower = t.src.toLowerCase();
  if (t.src.length === 1) {
    const word = (step: number) => {
      let j = i + step;
      while (tokens[j]?.kind === "space") j += step;
      return /^[A-Z][A-Z'’]+$/.test(tokens[j]?.src ?? "");
    };
    // A line's first word "A" before a word in lower case (A short break) is the article.
    const first = tokens.slice(0, i).every((p) => p.kind === "space");
    const after = tokens[i + 1]?.kind === "space" ? (tokens[i + 2]?.src ?? "") : "";
    if (t.src === "A" && first && /^[a-z]/.test(after) && !data.enFunction.has(after)) return true;
    return (lower === "a" || lower === "i") && word(-1) && word(1) && data.enFunction.has(lower);
  }
  const stem = lower.replace(/['’]s$/, "");
  return data.enFunction.has(lower) || englishWordKorean(stem, data, lex.english) !== undefined;
}

/**
 * The reading covers an English word it does not know letter by letter (S·a·l·m·o·n, where "a" is a known
 * word): every word with an unknown letter becomes one unknown token again.
 */
function wholeEnglishWords(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; ) {
    let j = i;
    let word = "";
    let unknown = false;
    while (j < tokens.length && tokens[j]?.kind !== "space" && /^[A-Za-z'’-]+$/.test(tokens[j]?.src ?? "")) {
      word += tokens[j]?.src;
      unknown ||= tokens[j]?.kind === "unknown";
      j++;
    }
    if (j > i && unknown) {
      out.push({ src: word, kind: "unknown", pos: "n" });
      i = j;
    } else if (j > i) {
      out.push(...tokens.slice(i, j));
      i = j;
    } else out.push(tokens[i++] as Token);
  }
  return out;
}

/**
 * Marks the pieces that spell each of `words` (dictionary words the reading cut into characters) unknown,
 * so that the transfer reads them as one word.
 */
export function unknownWords(tokens: readonly Token[], words: readonly string[]): Token[] {
  const out = [...tokens];
  for (const w of words) {
    for (let a = 0; a < out.length; a++) {
      let spelled = "";
      let b = a;
      while (b < out.length && spelled.length < w.length) spelled += (out[b++] as Token).src;
      if (spelled !== w) continue;
      for (let k = a; k < b; k++) out[k] = { src: (out[k] as Token).src, kind: "unknown", pos: "n" };
    }
  }
  return out;
}

/** Splits a Chinese or Japanese run by script and transfers each part. */
function scriptRuns(
  run: string,
  family: Family,
  data: TransferData,
  lex: TransferLexicons,
  afterWord: boolean,
): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < run.length; ) {
    const han = HAN.test(run[i] as string);
    const kana = KATAKANA.test(run[i] as string) || HIRAGANA.test(run[i] as string);
    let end = i + 1;
    const same = (c: string) =>
      han
        ? HAN.test(c)
        : kana
          ? KATAKANA.test(c) || HIRAGANA.test(c)
          : !HAN.test(c) && !KATAKANA.test(c) && !HIRAGANA.test(c);
    while (end < run.length && same(run[end] as string)) end++;
    const piece = run.slice(i, end);
    if (han) out.push(...hanRun(piece, data, lex));
    else if (kana && family === "ja") out.push(...kanaRun(piece, data, lex, afterWord || out.length > 0));
    else if (kana) {
      const ko = kanaToHangul(piece, data.kana);
      if (ko) out.push(word(piece, ko));
    } else out.push({ src: piece, kind: "punct", pos: "n" });
    i = end;
  }
  return out;
}

/** English "for/in/on X": the Korean postposition follows X (X용, X에서). */
function orderEnglishPostpositions(tokens: Token[], data: TransferData): Token[] {
  const out = [...tokens];
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    const g = data.enFunction.get(t.src.toLowerCase());
    if (g?.role !== "b" || !TRANSFERRED.has(t)) continue;
    // The governed word is the next word token; the postposition goes right after it.
    let j = i + 1;
    while (
      j < out.length &&
      (out[j]?.kind === "space" ||
        (out[j] && data.enFunction.get((out[j] as Token).src.toLowerCase())?.role === "_"))
    )
      j++;
    if (j >= out.length) {
      out.splice(i, 1);
      i--;
      continue;
    }
    out.splice(i, 1);
    out.splice(j, 0, word(t.src, `~${g.ko}`, "p"));
    i = j;
  }
  return out;
}
