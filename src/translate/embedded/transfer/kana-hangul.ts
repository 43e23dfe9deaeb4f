/**
 * Kana to Hangul, as Korean writes Japanese words it has no translation for (オリジナル -> 오리지나루 is
 * never right, but a Korean reader can say it; the kana alone say nothing to them). The table is data
 * (resources/transfer/kana-hangul.tsv); this file only applies it.
 */
const HANGUL_BASE = 0xac00;
const JONG_NIEUN = 4;
const SMALL_TSU = /[ッっ]/;
const N = /[ンん]/;
const LONG = /[ーｰ〜～]/;

/** Hiragana to katakana (the table is written in katakana). */
export const toKatakana = (text: string) =>
  text.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

/** Gives the last syllable of `text` a final consonant, where it has none. */
function close(text: string, jong: number): string {
  const last = text.codePointAt(text.length - 1) ?? 0;
  if (last < HANGUL_BASE || last > 0xd7a3 || (last - HANGUL_BASE) % 28 !== 0) return text;
  return text.slice(0, -1) + String.fromCodePoint(last + jong);
}

/** Hangul for a run of kana; undefined when a character is not kana the table knows. */
export function kanaToHangul(kana: string, table: Map<string, string>): string | undefined {
  const text = toKatakana(kana);
  let out = "";
  for (let i = 0; i < text.length; ) {
    const two = table.get(text.slice(i, i + 2));
    if (two) {
      out += two;
      i += 2;
      continue;
    }
    const ch = text[i] as string;
    const one = table.get(ch);
    if (one) out += one;
    else if (N.test(ch)) out = close(out, JONG_NIEUN);
    // A doubled consonant (リッチ) and a long vowel (ジューシー) are not written: 리치, 주시.
    else if (!SMALL_TSU.test(ch) && !LONG.test(ch)) return undefined;
    i++;
  }
  return out;
}
