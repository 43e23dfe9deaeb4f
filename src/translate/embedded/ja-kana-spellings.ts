/**
 * Japanese writes its mimetic words in either kana (fuwafuwa in hiragana or in katakana): a
 * glossary word of three kana or more in one script is also read in the other, where no row says it. And
 * a katakana word is one word: the reading does not cut a loanword into a known word and leftovers.
 */
import { addEntry, type Lexicon } from "./lexicon.ts";
import type { Token } from "./tokens.ts";

const HIRAGANA_WORD = /^[\u3041-\u3096\u30fc]{3,}$/;
const KATAKANA_WORD = /^[\u30a1-\u30f6\u30fc]{3,}$/;
const shift = (text: string, by: number) =>
  text.replace(/[\u3041-\u3096\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) + by));

export function addKanaSpellings(lexicon: Lexicon): void {
  for (const [key, entry] of [...lexicon.entries]) {
    if (entry.kind !== "glossary" || entry.pos === "p" || !entry.out.ko) continue;
    const other = HIRAGANA_WORD.test(key)
      ? shift(key, 0x60)
      : KATAKANA_WORD.test(key)
        ? shift(key, -0x60)
        : "";
    if (other && !lexicon.entries.has(other))
      addEntry(lexicon, other, { ...entry, out: { ko: entry.out.ko } });
  }
}

const KATAKANA_PIECE = /^[\u30a1-\u30fa\u30fc]+$/;
/** A leftover no word starts with: one kana alone, or a long vowel, n, small kana or doubled consonant. */
const FRAGMENT = /^(.|[\u30fc\u30f3\u30c3\u30a1\u30a3\u30a5\u30a7\u30a9\u30e3\u30e5\u30e7].*)$/;

/**
 * Katakana words the reading cut into a known word and a fragment it could not read (a loanword that holds
 * "pan" and leaves one kana): spelt whole by the transfer instead, since the fragment is no word of its own.
 */
export function brokenKatakanaWords(tokens: readonly Token[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    let j = i;
    while (j < tokens.length && KATAKANA_PIECE.test(tokens[j]?.src ?? "")) j++;
    const run = tokens.slice(i, j);
    if (run.length > 1 && leftovers(run).some((l) => FRAGMENT.test(l)))
      words.push(run.map((t) => t.src).join(""));
    i = Math.max(j, i + 1);
  }
  return words;
}

/** The runs of unknown pieces among a word's pieces, each joined. */
function leftovers(run: readonly Token[]): string[] {
  const out: string[] = [];
  let current = "";
  for (const t of run) {
    if (t.kind === "unknown") current += t.src;
    else if (current) {
      out.push(current);
      current = "";
    }
  }
  if (current) out.push(current);
  return out;
}
