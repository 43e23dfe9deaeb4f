/**
 * English words still in Latin after the word-level transfer, in an English line going into Korean: words
 * English dictionaries know but no Korean word list has (whisky, dataset, Galileo), which Korean shops and
 * signs write in Hangul (위스키, 데이터셋, 갈릴레오); left in Latin they keep the source on the picture.
 * A capitalised word no dictionary knows is a proper name (Garrett, Nanfeng, Greenstead): Korean prints
 * those in Latin as often as in Hangul, a spelling-based guess at its sound is worse than the name, and a
 * brand must read the same whatever the language of the line it is in (a Chinese or Japanese title keeps
 * Anker as written, and the seller's comparison matches titles by it), so it stays. So do codes and
 * abbreviations: anything with a digit, an abbreviation in capitals (SPF, USB), a word with a capital
 * inside (iPhone, MovieShots), a word without a vowel (ml, kg), a word of three letters or fewer (vol, pcs:
 * abbreviations more often than words). A name's other words stay with it (Jill Carter), and so does a
 * surname that is also an English word (Octavia Hill, not Octavia 언덕: the list is data,
 * resources/transfer/en-surnames.txt).
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
  return tokens.map((t) => {
    // A surname the lexicon knows as a word (Hill) stays with its name, never translated (Octavia 언덕).
    if (named.has(t) && t.kind === "lex" && data.surnames.has(t.src.toLowerCase()))
      return { src: t.src, kind: "latin", pos: "n" };
    if ((t.kind !== "latin" && t.kind !== "unknown") || keepsLatin(t.src) || named.has(t)) return t;
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
