/**
 * English words still in Latin after the word-level transfer, in an English line going into Korean: words
 * English dictionaries know but no Korean word list has (whisky, dataset, Galileo), which Korean shops and
 * signs write in Hangul (위스키, 데이터셋, 갈릴레오); left in Latin they keep the source on the picture.
 * A capitalised word no dictionary knows is a proper name (Garrett, Nanfeng, Voltix). A line that is only
 * a name keeps it as printed (an author, a signature, a logo: Jill Carter), with its surname even when the
 * surname is also a word (Octavia Hill, not Octavia 언덕; the list is data, resources/transfer/en-surnames.txt).
 * A name beside words written in Korean is written in Hangul too (Footch Whisky -> 푸치 위스키): a guess
 * at its sound, but a line in one script, as Korean shop titles often write brands (앤커, 샤오미: the
 * brand list, glossary/brands.tsv, spells the known ones), where a Latin name beside Hangul would leave the
 * source on the picture. Codes and abbreviations stay in Latin
 * everywhere: anything with a digit, an abbreviation in capitals (SPF, USB), a word with a capital inside
 * (iPhone, MovieShots), a word without a vowel (ml, kg), a word of three letters or fewer (vol, pcs:
 * abbreviations more often than words).
 */
import type { Token } from "../tokens.ts";
import { englishToHangul } from "./english-hangul.ts";
import type { TransferData } from "./transfer-data.ts";
import { TRANSFERRED } from "./word-transfer.ts";

export function keepsLatin(word: string): boolean {
  return (
    word.length <= 3 ||
    /\d/.test(word) ||
    /^[A-Z]{1,3}s?$/.test(word) ||
    /[a-z][A-Z]/.test(word) ||
    !/[aeiouy]/i.test(word) ||
    !/^[A-Za-z]+(?:['’][sS])?$/.test(word)
  );
}

/** A word that names something proper: capitalised and in no dictionary's English. */
const properName = (word: string, english: ReadonlySet<string>) =>
  /^[A-Z]/.test(word) && !english.has(word.toLowerCase().replace(/['’]s$/, ""));

/** Latin tokens written in Hangul where the rules above allow; the tokens are marked as transferred. */
export function latinNamesInHangul(
  tokens: readonly Token[],
  data: TransferData,
  english: ReadonlySet<string>,
): Token[] {
  const named = namesRuns(tokens, english);
  const surname = (t: Token) => named.has(t) && t.kind === "lex" && data.surnames.has(t.src.toLowerCase());
  // A name beside words written in Korean is written in Hangul too (Footch Whisky -> 푸치 위스키), so the
  // line reads in one script; a line that is only a name (Jill Carter) stays as the name.
  const besideKorean = tokens.some((t) => (t.kind === "lex" || t.kind === "rule") && !surname(t));
  return tokens.map((t) => {
    // A surname the lexicon knows as a word (Hill) goes with its name, never translated (Octavia 언덕).
    if (surname(t) && !besideKorean) return { src: t.src, kind: "latin", pos: "n" };
    const latin = t.kind === "latin" || t.kind === "unknown";
    if ((!latin && !surname(t)) || keepsLatin(t.src) || (named.has(t) && !besideKorean)) return t;
    // A name's possessive (MACDONALD'S, a shop's name) is written as the name.
    const ko = englishToHangul(t.src.replace(/['’]s$/i, ""), data.englishHangul);
    if (!ko) return t;
    const token: Token = {
      src: t.src,
      kind: "lex",
      pos: "n",
      entry: { out: { ko }, pos: "n", kind: "dict" },
    };
    TRANSFERRED.add(token);
    return token;
  });
}

/**
 * The capitalised words (Title case; a line in capitals says nothing about names) of every run that holds
 * a proper name.
 */
function namesRuns(tokens: readonly Token[], english: ReadonlySet<string>): Set<Token> {
  const named = new Set<Token>();
  let run: Token[] = [];
  let proper = false;
  const flush = () => {
    if (proper) for (const t of run) named.add(t);
    run = [];
    proper = false;
  };
  for (const t of tokens) {
    if (t.kind === "space") continue;
    if (/^[A-Z][a-z'’]*$/.test(t.src)) {
      run.push(t);
      proper ||= (t.kind === "latin" || t.kind === "unknown") && properName(t.src, english);
    } else flush();
  }
  flush();
  return named;
}
