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
  // 율/률 (rate) is 율 after ㄴ as after a vowel: 항균율, 합격률.
  const isYul = afterVowel === "율" && final === JONG_NIEUN;
  return final === 0 || isYul || (isRo && final === RIEUL) ? afterVowel : afterConsonant;
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

/** The negated modifier of a quality (가벼운 -> 가볍지 않은, 느끼한 -> 느끼하지 않은, 큰 -> 크지 않은). */
export function toNegated(word: string): string | undefined {
  const connective = toConnective(word);
  return connective && `${connective.slice(0, -1)}지 않은`;
}

/** Verb stems that change before an ending that starts with a vowel (듣다 -> 들으세요, 굽다 -> 구우면). */
const IRREGULAR_STEM: Record<string, string> = {
  듣: "들으",
  걷: "걸으",
  굽: "구우",
  붓: "부으",
  젓: "저으",
  눕: "누우",
  돕: "도우",
};

/** Requests said with the honorific verb (먹다, 마시다 -> 드세요). */
const HONORIFIC_REQUEST: Record<string, string> = { 먹: "드세요", 마시: "드세요" };

/** Korean words a Chinese request never ends on as an act (조절 가능, 금지, 적합): they are not acts. */
const NOT_ACTS = /(따라|가능|불가|금지|적합|주세요|세요|마세요|없음|있음|필요)$/;

/**
 * An ending in its three shapes: after a stem ending in a vowel, in ㄹ, or in another consonant. A
 * Sino-Korean act takes the vowel shape after 하 (보관하세요, 보관하면, 보관할수록).
 */
interface Ending {
  vowel: (stem: string) => string;
  rieul: (stem: string) => string;
  consonant: (stem: string) => string;
}

const withFinal = (syllable: string, final: number) =>
  String.fromCodePoint((syllable.codePointAt(0) ?? 0) + final);
const dropFinal = (stem: string) => {
  const last = stem.at(-1) ?? "";
  const code = last.codePointAt(0) ?? 0;
  return `${stem.slice(0, -1)}${String.fromCodePoint(code - ((code - HANGUL_BASE) % 28))}`;
};

/** 끄세요, 여세요 (ㄹ drops), 넣으세요. */
const REQUEST: Ending = {
  vowel: (s) => `${s}세요`,
  rieul: (s) => `${dropFinal(s)}세요`,
  consonant: (s) => `${s}으세요`,
};
/** 누르면, 열면, 넣으면: if one does it. */
const CONDITIONAL: Ending = {
  vowel: (s) => `${s}면`,
  rieul: (s) => `${s}면`,
  consonant: (s) => `${s}으면`,
};
/** 쓸수록, 빨수록, 입을수록: the more one does it (越用越…). */
const THE_MORE: Ending = {
  vowel: (s) => `${s.slice(0, -1)}${withFinal(s.at(-1) ?? "", RIEUL)}수록`,
  rieul: (s) => `${s}수록`,
  consonant: (s) => `${s}을수록`,
};

/**
 * A Korean act as the glossary writes it, a native verb's noun form (끄기, 넣기, 열기) or a Sino-Korean
 * act (보관), with its last word in the given ending; undefined when the word is not an act. Words
 * before the last (잘 흔들기) stay.
 */
function conjugate(text: string, ending: Ending, honorific?: Record<string, string>): string | undefined {
  const words = text.split(" ");
  const last = words.pop() ?? "";
  if (!/^[\p{Script=Hangul}]{2,}$/u.test(last) || NOT_ACTS.test(last) || isModifierForm(last))
    return undefined;
  let form: string;
  if (last.endsWith("기")) {
    const stem = last.slice(0, -1);
    const irregular = IRREGULAR_STEM[stem];
    const final = ((stem.at(-1)?.codePointAt(0) ?? 0) - HANGUL_BASE) % 28;
    if (honorific?.[stem]) form = honorific[stem] as string;
    else if (irregular) form = ending.vowel(irregular);
    else if (final === 0) form = ending.vowel(stem);
    else if (final === RIEUL) form = ending.rieul(stem);
    else form = ending.consonant(stem);
  } else form = `${last}${ending.vowel("하")}`;
  return [...words, form].join(" ");
}

/** Stems whose -아/-어 form is irregular (붓다 -> 부어, 듣다 -> 들어, 굽다 -> 구워). */
const IRREGULAR_SEQUENTIAL: Record<string, string> = {
  붓: "부어",
  젓: "저어",
  듣: "들어",
  걷: "걸어",
  굽: "구워",
  눕: "누워",
  돕: "도와",
  하: "해",
};
/** Medial vowels (jungseong index) and what -아/-어 makes of an open syllable: 보 -> 봐, 끄 -> 꺼, 마시 -> 마셔. */
const A = 0;
const AE = 1;
const EO = 4;
const E = 5;
const O = 8;
const U = 13;
const EU = 18;
const I = 20;
const YEO = 6;
const OE = 11;
const CONTRACTED: Record<number, number> = {
  [A]: A,
  [AE]: AE,
  [EO]: EO,
  [E]: E,
  [YEO]: YEO,
  [O]: 9,
  [OE]: 10,
  [U]: 14,
  [EU]: EO,
  [I]: YEO,
};

/** 꺼내 세척, 열어 사용, 눌러 켜기: a native act's -아/-어 form, which joins it to the act after it. */
function sequential(stem: string): string | undefined {
  if (IRREGULAR_SEQUENTIAL[stem]) return IRREGULAR_SEQUENTIAL[stem];
  const last = stem.at(-1) ?? "";
  const code = (last.codePointAt(0) ?? 0) - HANGUL_BASE;
  if (code < 0 || code > HANGUL_LAST - HANGUL_BASE) return undefined;
  const final = code % 28;
  const vowel = Math.floor(code / 28) % 21;
  const initial = Math.floor(code / 28 / 21);
  const bright = vowel === A || vowel === O;
  if (final !== 0) return `${stem}${bright ? "아" : "어"}`;
  const before = stem.slice(0, -1);
  if (last === "르" && before) {
    // 누르 -> 눌러, 자르 -> 잘라: the ㄹ moves onto the syllable before.
    const prev = ((before.at(-1)?.codePointAt(0) ?? 0) - HANGUL_BASE) as number;
    const prevVowel = Math.floor(prev / 28) % 21;
    const ending = prevVowel === A || prevVowel === O ? "라" : "러";
    return `${before.slice(0, -1)}${String.fromCodePoint(HANGUL_BASE + prev + RIEUL)}${ending}`;
  }
  const prevVowel = Math.floor(((before.at(-1)?.codePointAt(0) ?? 0) - HANGUL_BASE) / 28) % 21;
  // 잠그 -> 잠가 but 끄 -> 꺼: ㅡ takes the brightness of the syllable before.
  const contracted = vowel === EU && (prevVowel === A || prevVowel === O) ? A : CONTRACTED[vowel];
  if (contracted === undefined) return `${stem}어`;
  return `${before}${String.fromCodePoint(HANGUL_BASE + (initial * 21 + contracted) * 28)}`;
}

/** The polite request (请 + act): 끄기 -> 끄세요, 넣기 -> 넣으세요, 열기 -> 여세요, 보관 -> 보관하세요. */
export const toRequest = (text: string) => conjugate(text, REQUEST, HONORIFIC_REQUEST);
/** The act as a condition (按下按钮即可…): 누르기 -> 누르면, 스캔 -> 스캔하면. */
export const toConditional = (text: string) => conjugate(text, CONDITIONAL);
/** A native act joined to the act after it (取出滤网清洗: 필터를 꺼내 세척); Sino-Korean acts are not joined. */
export function toSequential(text: string): string | undefined {
  const words = text.split(" ");
  const last = words.pop() ?? "";
  if (!/^[\p{Script=Hangul}]+기$/u.test(last) || NOT_ACTS.test(last)) return undefined;
  const form = sequential(last.slice(0, -1));
  return form && [...words, form].join(" ");
}
/** The more one does the act (越用越…): 쓰기 -> 쓸수록, 입기 -> 입을수록, 세탁 -> 세탁할수록. */
export const toTheMore = (text: string) => conjugate(text, THE_MORE);
