/**
 * Korean morphology: particles change with the sound before them (after a consonant or a vowel), and
 * verbs and adjectives take their endings by the shape of their stem. The glossary writes a particle's
 * two forms ("after consonant/after vowel"); this picks one from the preceding word, and conjugates the
 * acts and qualities the glossary writes in their dictionary shapes. The words and endings are data
 * (resources/grammar/korean-morphology.json).
 */
import data from "../resources/grammar/korean-morphology.json" with { type: "json" };

const F = data.forms;
const RE = {
  notModifier: new RegExp(data.patterns.notModifier),
  modifier: new RegExp(data.patterns.modifier),
  shortQuality: new RegExp(data.patterns.shortQuality),
  notAct: new RegExp(data.patterns.notAct),
};
const SHORT_CONNECTIVE: Record<string, string> = data.shortConnective;
const IRREGULAR_STEM: Record<string, string> = data.irregularStem;
const HONORIFIC_REQUEST: Record<string, string> = data.honorificRequest;
const IRREGULAR_SEQUENTIAL: Record<string, string> = data.irregularSequential;

const HANGUL_BASE = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** Final consonant (jongseong) index of rieul, which takes the vowel form of the instrumental particle. */
const RIEUL = 8;

/** How a digit is read in Sino-Korean (il, i, sam, ...): its final consonant decides the particle. */
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
  // A percentage is read "percent", which ends in a vowel.
  if (/\d\s?%$/.test(word.trimEnd())) return 0;
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

/** Picks `afterConsonant/afterVowel` for the word before it (the instrumental also treats rieul as a vowel). */
export function pickParticle(previous: string, forms: string): string {
  // "object/particle for": the alternation is the first word; what follows belongs to both forms.
  const m = /^([^/\s]*)\/(\S*)(.*)$/.exec(forms);
  if (!m) return forms;
  const [, afterConsonant = "", afterVowel = "", rest = ""] = m;
  return `${pickForm(previous, afterConsonant, afterVowel)}${rest}`;
}

function pickForm(previous: string, afterConsonant: string, afterVowel: string): string {
  const final = finalConsonant(previous);
  if (final === undefined) return afterVowel;
  // The ro particle and those built on it (ro-buteo, ro-seo) take their vowel form after rieul too.
  const isRo = afterVowel.startsWith(F.ro) && afterConsonant.endsWith(afterVowel);
  // The suffix for a rate takes its vowel form after nieun as after a vowel.
  const isYul = afterVowel === F.yul && final === JONG_NIEUN;
  return final === 0 || isYul || (isRo && final === RIEUL) ? afterVowel : afterConsonant;
}

const JONG_NIEUN = 4;
const JONG_BIEUP = 17;

/**
 * Whether a Korean word is an adjective or verb in its modifier form (soft, comfortable, good, stylish,
 * practical, fast), judged from endings that nouns of product copy do not have. Nouns that end the same
 * way (limit, discount, luck, adult) are excluded by name.
 */
export function isModifierForm(word: string): boolean {
  if (!/^[\p{Script=Hangul}]{2,}$/u.test(word)) return false;
  if (RE.notModifier.test(word)) return false;
  if (RE.modifier.test(word)) return true;
  return false;
}

/** A Korean quality word, including the one-syllable ones (long, big) the noun test leaves out. */
export const isQuality = (word: string) => isModifierForm(word) || RE.shortQuality.test(word);

/** The connective form of a modifier (soft -> soft and, comfortable -> comfortable and). */
export function toConnective(word: string): string | undefined {
  if (SHORT_CONNECTIVE[word]) return SHORT_CONNECTIVE[word];
  if (!isModifierForm(word)) return undefined;
  const chars = [...word];
  const last = chars.pop() ?? "";
  const code = last.codePointAt(0) ?? 0;
  if (last === F.un) {
    // Bieup-irregular adjectives (light, beautiful) take their bieup back.
    const prev = chars.pop() ?? "";
    const p = prev.codePointAt(0) ?? 0;
    if (p < HANGUL_BASE || p > HANGUL_LAST || (p - HANGUL_BASE) % 28 !== 0) return undefined;
    return `${chars.join("")}${String.fromCodePoint(p + JONG_BIEUP)}${F.go}`;
  }
  if (last === F.eun || last === F.neun) return `${chars.join("")}${F.go}`;
  if (code >= HANGUL_BASE && code <= HANGUL_LAST && (code - HANGUL_BASE) % 28 === JONG_NIEUN) {
    // Drop the final nieun.
    return `${chars.join("")}${String.fromCodePoint(code - JONG_NIEUN)}${F.go}`;
  }
  return undefined;
}

/** The adverb of a quality (good -> well, beautiful -> beautifully), from its modifier. */
export function toAdverb(modifier: string): string | undefined {
  const connective = toConnective(modifier);
  return connective && `${connective.slice(0, -F.go.length)}${F.ge}`;
}

/** An adverb used as the connective of its clause (it ends a clause before a comma), or undefined. */
export function adverbAsConnective(adverb: string): string | undefined {
  return adverb.endsWith(F.ge) ? `${adverb.slice(0, -F.ge.length)}${F.go}` : undefined;
}

/** A quality said as a polite statement, from its modifier (sturdy -> it is sturdy). */
export function toStatement(modifier: string): string | undefined {
  const stem = toConnective(modifier)?.slice(0, -F.go.length);
  if (!stem) return undefined;
  const last = stem.at(-1) ?? "";
  const open = ((last.codePointAt(0) ?? 0) - HANGUL_BASE) % 28 === 0;
  return open
    ? `${stem.slice(0, -1)}${withFinal(last, JONG_BIEUP)}${F.statementAfterBieup}`
    : `${stem}${F.statement}`;
}

/** The negated modifier of a quality (light -> not light, greasy -> not greasy). */
export function toNegated(word: string): string | undefined {
  const connective = toConnective(word);
  return connective && `${connective.slice(0, -1)}${F.not}`;
}

/**
 * An ending in its three shapes: after a stem ending in a vowel, in ㄹ, or in another consonant. A
 * Sino-Korean act takes the vowel shape after the stem "do" (store -> please store, if stored).
 */
interface Ending {
  vowel: (stem: string) => string;
  rieul: (stem: string) => string;
  consonant: (stem: string) => string;
}

export const withFinal = (syllable: string, final: number) =>
  String.fromCodePoint((syllable.codePointAt(0) ?? 0) + final);
export const dropFinal = (stem: string) => {
  const last = stem.at(-1) ?? "";
  const code = last.codePointAt(0) ?? 0;
  return `${stem.slice(0, -1)}${String.fromCodePoint(code - ((code - HANGUL_BASE) % 28))}`;
};

const ENDINGS = data.endings;
/** The polite request (please switch off): a final rieul drops. */
const REQUEST: Ending = {
  vowel: (s) => `${s}${ENDINGS.request.vowel}`,
  rieul: (s) => `${dropFinal(s)}${ENDINGS.request.rieul}`,
  consonant: (s) => `${s}${ENDINGS.request.consonant}`,
};
/** If one does it (if pressed). */
const CONDITIONAL: Ending = {
  vowel: (s) => `${s}${ENDINGS.conditional.vowel}`,
  rieul: (s) => `${s}${ENDINGS.conditional.rieul}`,
  consonant: (s) => `${s}${ENDINGS.conditional.consonant}`,
};
/** The more one does it: an open stem takes a final rieul. */
const THE_MORE: Ending = {
  vowel: (s) => `${s.slice(0, -1)}${withFinal(s.at(-1) ?? "", RIEUL)}${ENDINGS.theMore.vowel}`,
  rieul: (s) => `${s}${ENDINGS.theMore.rieul}`,
  consonant: (s) => `${s}${ENDINGS.theMore.consonant}`,
};

/**
 * A Korean act as the glossary writes it, a native verb's noun form (switching off, putting in) or a
 * Sino-Korean act (storage), with its last word in the given ending; undefined when the word is not an
 * act. Words before the last (shake well) stay.
 */
function conjugate(text: string, ending: Ending, honorific?: Record<string, string>): string | undefined {
  const words = text.split(" ");
  const last = words.pop() ?? "";
  if (!/^[\p{Script=Hangul}]{2,}$/u.test(last) || RE.notAct.test(last) || isModifierForm(last))
    return undefined;
  let form: string;
  if (last.endsWith(F.nounForm)) {
    const stem = last.slice(0, -1);
    const irregular = IRREGULAR_STEM[stem];
    const final = ((stem.at(-1)?.codePointAt(0) ?? 0) - HANGUL_BASE) % 28;
    if (honorific?.[stem]) form = honorific[stem] as string;
    else if (irregular) form = ending.vowel(irregular);
    else if (final === 0) form = ending.vowel(stem);
    else if (final === RIEUL) form = ending.rieul(stem);
    else form = ending.consonant(stem);
  } else form = `${last}${ending.vowel(F.doStem)}`;
  return [...words, form].join(" ");
}

/** Medial vowels (jungseong index) and what the -a/-eo ending makes of an open syllable (o -> wa, eu -> eo, i -> yeo). */
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

/** A native act's -a/-eo form, which joins it to the act after it (take out and wash, press and switch on). */
export function sequential(stem: string): string | undefined {
  if (IRREGULAR_SEQUENTIAL[stem]) return IRREGULAR_SEQUENTIAL[stem];
  const last = stem.at(-1) ?? "";
  const code = (last.codePointAt(0) ?? 0) - HANGUL_BASE;
  if (code < 0 || code > HANGUL_LAST - HANGUL_BASE) return undefined;
  const final = code % 28;
  const vowel = Math.floor(code / 28) % 21;
  const initial = Math.floor(code / 28 / 21);
  const bright = vowel === A || vowel === O;
  if (final !== 0) return `${stem}${bright ? F.a : F.eo}`;
  const before = stem.slice(0, -1);
  if (last === F.reu && before) {
    // Press, cut: the rieul moves onto the syllable before.
    const prev = ((before.at(-1)?.codePointAt(0) ?? 0) - HANGUL_BASE) as number;
    const prevVowel = Math.floor(prev / 28) % 21;
    const ending = prevVowel === A || prevVowel === O ? F.ra : F.reo;
    return `${before.slice(0, -1)}${String.fromCodePoint(HANGUL_BASE + prev + RIEUL)}${ending}`;
  }
  const prevVowel = Math.floor(((before.at(-1)?.codePointAt(0) ?? 0) - HANGUL_BASE) / 28) % 21;
  // Eu takes the brightness of the syllable before (lock -> a, switch off -> eo).
  const contracted = vowel === EU && (prevVowel === A || prevVowel === O) ? A : CONTRACTED[vowel];
  if (contracted === undefined) return `${stem}${F.eo}`;
  return `${before}${String.fromCodePoint(HANGUL_BASE + (initial * 21 + contracted) * 28)}`;
}

/** The polite request a Chinese "please" asks for: switch off, put in, open, store -> please do. */
export const toRequest = (text: string) => conjugate(text, REQUEST, HONORIFIC_REQUEST);
/** The act as a condition (press the button and ...): press -> if pressed, scan -> if scanned. */
export const toConditional = (text: string) => conjugate(text, CONDITIONAL);
/** A native act joined to the act after it (take the filter out and wash it); Sino-Korean acts are not joined. */
export function toSequential(text: string): string | undefined {
  const words = text.split(" ");
  const last = words.pop() ?? "";
  if (!/^[\p{Script=Hangul}]{2,}$/u.test(last) || !last.endsWith(F.nounForm) || RE.notAct.test(last))
    return undefined;
  const form = sequential(last.slice(0, -1));
  return form && [...words, form].join(" ");
}
/** The more one does the act (the more it is used, worn, washed). */
export const toTheMore = (text: string) => conjugate(text, THE_MORE);
