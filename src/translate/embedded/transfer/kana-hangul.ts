/**
 * Kana to Hangul, as Korean writes Japanese words it has no translation for (オリジナル -> 오리지나루 is
 * never right, but a Korean reader can say it; the kana alone say nothing to them). The table is data
 * (resources/transfer/kana-hangul.tsv); this file only applies it.
 */
const HANGUL_BASE = 0xac00;
const JONG_NIEUN = 4;
const JONG_RIEUL = 8;
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

/**
 * Japanese writes a vowel after a consonant English has none after (ストリート, マイクロ, テイスト);
 * Korean writes ㅡ there (스트리트, 마이크로, 테이스트): a u-row kana before another consonant, a ト or
 * ド before an r-row kana or ending a word after ス, ン, ッ or ー.
 */
const U_ROW: Record<string, string> = {
  ク: "크",
  グ: "그",
  ス: "스",
  ズ: "즈",
  フ: "프",
  ブ: "브",
  プ: "프",
};
const T_ROW: Record<string, string> = { ト: "트", ド: "드" };
const VOWEL_KANA = /[アイウエオァィゥェォャュョーンッ]/;
const R_ROW = /[ラリルレロ]/;

function epenthetic(text: string, i: number): string | undefined {
  const ch = text[i] as string;
  const next = text[i + 1];
  const prev = text[i - 1];
  if (U_ROW[ch] && next !== undefined && !VOWEL_KANA.test(next)) return U_ROW[ch];
  if (T_ROW[ch] && next !== undefined && R_ROW.test(next)) return T_ROW[ch];
  if (T_ROW[ch] && next === undefined && prev !== undefined && /[スンッー]/.test(prev)) return T_ROW[ch];
  return undefined;
}

/** Hangul for a run of kana; undefined when a character is not kana the table knows. */
export function kanaToHangul(kana: string, table: Map<string, string>): string | undefined {
  const text = toKatakana(kana);
  let out = "";
  for (let i = 0; i < text.length; ) {
    const two = i + 1 < text.length ? table.get(text.slice(i, i + 2)) : undefined;
    if (two) {
      out += two;
      i += 2;
      continue;
    }
    const ch = text[i] as string;
    const katakanaWord = kana !== text || /[\u30a0-\u30ff]/.test(kana);
    const reduced =
      katakanaWord && kana === kana.replace(/[\u3041-\u3096]/g, "") ? epenthetic(text, i) : undefined;
    // A word-final ル closes the syllable before it (ホテル 호텔, オリジナル 오리지날).
    const finalL = ch === "ル" && i === text.length - 1 && i > 0 && kana === text;
    const one = table.get(ch);
    if (reduced) out += reduced;
    else if (finalL && out && close(out, JONG_RIEUL) !== out) out = close(out, JONG_RIEUL);
    else if (one) out += one;
    else if (N.test(ch)) out = close(out, JONG_NIEUN);
    // A doubled consonant (リッチ) and a long vowel (ジューシー) are not written: 리치, 주시.
    else if (!SMALL_TSU.test(ch) && !LONG.test(ch)) return undefined;
    i++;
  }
  return out;
}
