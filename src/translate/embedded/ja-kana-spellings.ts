/**
 * Japanese writes its mimetic words in either kana (fuwafuwa in hiragana or in katakana): a
 * glossary word of three kana or more in one script is also read in the other, where no row says it.
 */
import { addEntry, type Lexicon } from "./lexicon.ts";

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
