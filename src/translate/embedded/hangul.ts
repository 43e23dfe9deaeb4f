/**
 * Korean particles change with the sound before them (책을, 옷을 but 가방을 vs 시계를): 을/를, 이/가,
 * 은/는, 과/와 and 으로/로. The glossary writes both forms; this picks one from the preceding word.
 */

const HANGUL_BASE = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** Final consonant (jongseong) index of ㄹ, which takes 로 rather than 으로. */
const RIEUL = 8;

/** How a digit is read in Sino-Korean (일, 이, 삼, ...): its final consonant decides the particle. */
const DIGIT_FINAL: Record<string, number> = {
  "0": 21,
  "1": 8,
  "2": 0,
  "3": 16,
  "4": 0,
  "5": 0,
  "6": 1,
  "7": 8,
  "8": 8,
  "9": 0,
};

/** The final consonant index of the last sound of a word (0 = ends in a vowel), if it can be told. */
export function finalConsonant(word: string): number | undefined {
  const trimmed = word.replace(/[\s)\]}"'」』】%.,!?~-]+$/u, "");
  const last = trimmed.at(-1);
  if (!last) return undefined;
  const code = last.codePointAt(0) ?? 0;
  if (code >= HANGUL_BASE && code <= HANGUL_LAST) return (code - HANGUL_BASE) % 28;
  if (last in DIGIT_FINAL) return DIGIT_FINAL[last];
  // Latin words are read aloud in Korean too; most end in a vowel sound or a consonant read with one.
  if (/[a-z]/i.test(last)) return /[lmnr]/i.test(last) ? 8 : 0;
  return undefined;
}

/** Picks `afterConsonant/afterVowel` for the word before it (으로/로 also treats ㄹ as a vowel). */
export function pickParticle(previous: string, forms: string): string {
  // "을/를 위한": the alternation is the first word; what follows belongs to both forms.
  const m = /^([^/\s]*)\/(\S*)(.*)$/.exec(forms);
  if (!m) return forms;
  const [, afterConsonant = "", afterVowel = "", rest = ""] = m;
  return `${pickForm(previous, afterConsonant, afterVowel)}${rest}`;
}

function pickForm(previous: string, afterConsonant: string, afterVowel: string): string {
  const final = finalConsonant(previous);
  if (final === undefined) return afterVowel;
  const isRo = afterVowel === "로";
  return final === 0 || (isRo && final === RIEUL) ? afterVowel : afterConsonant;
}

const JONG_NIEUN = 4;
const JONG_BIEUP = 17;

/**
 * Whether a Korean word is an adjective or verb in its modifier form (부드러운, 편안한, 좋은, 있는,
 * 세련된, 실용적인, 빠른), judged from endings that nouns of product copy do not have. Nouns that end the
 * same way (제한, 할인, 행운, 어른) are excluded by name.
 */
export function isModifierForm(word: string): boolean {
  if (!/^[\p{Script=Hangul}]{2,}$/u.test(word)) return false;
  if (/(제한|기한|무한|할인|확인|성인|원인|행운|기운|어른|구름|보는)$/.test(word)) return false;
  if (/(운|은|는|한|된|적인|빠른|다른|고른|쁜|멋진|느린)$/.test(word)) return true;
  return false;
}

/** A Korean quality word, including the one-syllable ones (긴, 큰) the noun test leaves out. */
export const isQuality = (word: string) => isModifierForm(word) || /^(긴|큰|센|짧은|작은)$/.test(word);

/** The connective form of a modifier (부드러운 -> 부드럽고, 편안한 -> 편안하고, 좋은 -> 좋고). */
/** One-syllable qualities the modifier test leaves out (a noun could end the same way). */
const SHORT_CONNECTIVE: Record<string, string> = { 큰: "크고", 긴: "길고", 센: "세고" };

export function toConnective(word: string): string | undefined {
  if (SHORT_CONNECTIVE[word]) return SHORT_CONNECTIVE[word];
  if (!isModifierForm(word)) return undefined;
  const chars = [...word];
  const last = chars.pop() ?? "";
  const code = last.codePointAt(0) ?? 0;
  if (last === "운") {
    // ㅂ-irregular adjectives: 가벼운 -> 가볍고, 아름다운 -> 아름답고.
    const prev = chars.pop() ?? "";
    const p = prev.codePointAt(0) ?? 0;
    if (p < HANGUL_BASE || p > HANGUL_LAST || (p - HANGUL_BASE) % 28 !== 0) return undefined;
    return `${chars.join("")}${String.fromCodePoint(p + JONG_BIEUP)}고`;
  }
  if (last === "은" || last === "는") return `${chars.join("")}고`;
  if (code >= HANGUL_BASE && code <= HANGUL_LAST && (code - HANGUL_BASE) % 28 === JONG_NIEUN) {
    // 한 -> 하고, 된 -> 되고, 인 -> 이고, 른 -> 르고: drop the final ㄴ.
    return `${chars.join("")}${String.fromCodePoint(code - JONG_NIEUN)}고`;
  }
  return undefined;
}

/** Verb stems whose polite request is irregular (듣다 -> 들으세요, 굽다 -> 구우세요) or honorific (먹다 -> 드세요). */
const IRREGULAR_REQUEST: Record<string, string> = {
  듣: "들으세요",
  걷: "걸으세요",
  굽: "구우세요",
  붓: "부으세요",
  젓: "저으세요",
  눕: "누우세요",
  돕: "도우세요",
  먹: "드세요",
  마시: "드세요",
};

/** Korean words a Chinese request never ends on as an act (조절 가능, 금지, 적합): they are not acts. */
const NOT_ACTS = /(따라|가능|불가|금지|적합|주세요|세요|마세요|없음|있음|필요)$/;

/**
 * The polite request (请 + act) of a Korean act as the glossary writes it: a native verb's noun form
 * (끄기 -> 끄세요, 넣기 -> 넣으세요, 열기 -> 여세요) or a Sino-Korean act (보관 -> 보관하세요). Only the
 * last word changes; undefined when the word is not an act.
 */
export function toRequest(text: string): string | undefined {
  const words = text.split(" ");
  const last = words.pop() ?? "";
  if (!/^[\p{Script=Hangul}]{2,}$/u.test(last) || NOT_ACTS.test(last) || isModifierForm(last))
    return undefined;
  let request: string;
  if (last.endsWith("기")) {
    const stem = last.slice(0, -1);
    const lastSyllable = stem.at(-1) ?? "";
    const code = lastSyllable.codePointAt(0) ?? 0;
    const final = (code - HANGUL_BASE) % 28;
    if (IRREGULAR_REQUEST[stem]) request = IRREGULAR_REQUEST[stem] as string;
    else if (final === 0) request = `${stem}세요`;
    else if (final === RIEUL) request = `${stem.slice(0, -1)}${String.fromCodePoint(code - RIEUL)}세요`;
    else request = `${stem}으세요`;
  } else request = `${last}하세요`;
  return [...words, request].join(" ");
}
