/**
 * Kana to Hangul, as Korean writes Japanese words it has no translation for (a loanword in katakana as
 * Korean spells its sound: a Korean reader can say it; the kana alone say nothing to them). The table
 * (resources/transfer/kana-hangul.tsv) and the contexts it cannot say (kana-hangul-contexts.json, with
 * their examples) are data; this file only applies them.
 */
import contexts from "../../resources/transfer/kana-hangul-contexts.json" with { type: "json" };

const HANGUL_BASE = 0xac00;
const JONG_NIEUN = 4;
const JONG_RIEUL = 8;
const JONG_IEUNG = 21;
const anyOf = (chars: string) => new RegExp(`[${chars}]`);
const SMALL_TSU = anyOf(contexts.smallTsu);
const N = anyOf(contexts.n);
const LONG = anyOf(contexts.long);

/** Hiragana to katakana (the table is written in katakana). */
export const toKatakana = (text: string) =>
  text.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

/** Gives the last syllable of `text` a final consonant, where it has none. */
function close(text: string, jong: number): string {
  const last = text.codePointAt(text.length - 1) ?? 0;
  if (last < HANGUL_BASE || last > 0xd7a3 || (last - HANGUL_BASE) % 28 !== 0) return text;
  return text.slice(0, -1) + String.fromCodePoint(last + jong);
}

/** Medial vowels (jungseong index) the long-vowel contexts read and write: a, eo, e. */
const VOWEL_A = 0;
const VOWEL_EO = 4;
const VOWEL_E = 5;
const vowelOf = (text: string) => {
  const code = (text.codePointAt(text.length - 1) ?? 0) - HANGUL_BASE;
  return code < 0 || code > 11171 ? undefined : Math.floor(code / 28) % 21;
};
/** The last syllable with another medial vowel (its initial and final kept). */
const withVowel = (text: string, vowel: number) => {
  const code = (text.codePointAt(text.length - 1) ?? 0) - HANGUL_BASE;
  const initial = Math.floor(code / 588);
  return text.slice(0, -1) + String.fromCodePoint(HANGUL_BASE + initial * 588 + vowel * 28 + (code % 28));
};

/**
 * Japanese writes a vowel after a consonant English has none after (street, micro, taste); Korean writes
 * its inserted vowel there: a u-row kana before another consonant, a t-row kana before an r-row kana or
 * ending a word after one of `afterFinalT` (resources/transfer/kana-hangul-contexts.json).
 */
const U_ROW: Record<string, string> = contexts.uRow;
const T_ROW: Record<string, string> = contexts.tRow;
const VOWEL_KANA = anyOf(contexts.vowelKana);
const R_ROW = anyOf(contexts.rRow);
const AFTER_FINAL_T = anyOf(contexts.afterFinalT);

function epenthetic(text: string, i: number): string | undefined {
  const ch = text[i] as string;
  const next = text[i + 1];
  const prev = text[i - 1];
  if (U_ROW[ch] && next !== undefined && !VOWEL_KANA.test(next)) return U_ROW[ch];
  if (T_ROW[ch] && next !== undefined && R_ROW.test(next)) return T_ROW[ch];
  if (T_ROW[ch] && next === undefined && prev !== undefined && AFTER_FINAL_T.test(prev)) return T_ROW[ch];
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
    // English -ing: the n closes its syllable with ng, the g is not written.
    if (text.endsWith(contexts.finalNg) && i === text.length - contexts.finalNg.length && out) {
      out = close(out, JONG_IEUNG);
      break;
    }
    const katakanaWord = kana !== text || /[\u30a0-\u30ff]/.test(kana);
    const reduced =
      katakanaWord && kana === kana.replace(/[\u3041-\u3096]/g, "") ? epenthetic(text, i) : undefined;
    // A word-final r-row kana closes the syllable before it (hotel, original).
    const finalL = ch === contexts.finalL && i === text.length - 1 && i > 0 && kana === text;
    const one = table.get(ch);
    if (reduced) out += reduced;
    else if (finalL && out && close(out, JONG_RIEUL) !== out) out = close(out, JONG_RIEUL);
    else if (one) out += one;
    else if (N.test(ch)) out = close(out, JONG_NIEUN);
    else if (LONG.test(ch) && katakanaWord && vowelOf(out) === VOWEL_E) out += contexts.longAfterE;
    else if (LONG.test(ch) && katakanaWord && i === text.length - 1 && i >= 3 && vowelOf(out) === VOWEL_A)
      out = withVowel(out, VOWEL_EO);
    // A doubled consonant (rich) and a long vowel (juicy) are not written.
    else if (!SMALL_TSU.test(ch) && !LONG.test(ch)) return undefined;
    i++;
  }
  return out;
}

/** Korean consonants heard alike at the start of a loanword (k/kk/kh, t/tt/th, p/pp/ph, s/ss, c/cc/ch). */
const ONSET_GROUP = [0, 0, 2, 3, 3, 5, 6, 7, 7, 9, 9, 11, 12, 12, 12, 0, 3, 7, 18];
const onsetGroup = (text: string) => {
  const code = (text.codePointAt(0) ?? 0) - HANGUL_BASE;
  return code < 0 || code > 11171 ? -1 : (ONSET_GROUP[Math.floor(code / 588)] ?? -1);
};

/**
 * A katakana loanword written as the Korean loanword of the English word the dictionary glosses it with
 * (salad: Korean spells it from English, not from the kana). Only where the gloss is one English word and
 * its Korean sounds like the kana (the same first consonant, about as many syllables): a Korean word that
 * translates it (password: a native word) or a gloss that is not its source is left to the kana spelling.
 */
export function loanwordFromGloss(
  kanaSpelling: string,
  gloss: string | undefined,
  spell: (word: string) => string | undefined,
): string | undefined {
  const word = gloss
    ?.replace(/\(.*?\)/g, "")
    .replace(/^(to|a|an|the)\s+/i, "")
    .trim();
  if (!word || !/^[a-z]{3,}$/.test(word)) return undefined;
  const english = spell(word);
  if (!english || onsetGroup(english) !== onsetGroup(kanaSpelling) || onsetGroup(english) < 0)
    return undefined;
  return Math.abs(english.length - kanaSpelling.length) <= 1 ? english : undefined;
}
