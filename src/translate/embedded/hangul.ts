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
  const slash = forms.indexOf("/");
  if (slash < 0) return forms;
  const afterConsonant = forms.slice(0, slash);
  const afterVowel = forms.slice(slash + 1);
  const final = finalConsonant(previous);
  if (final === undefined) return afterVowel;
  const isRo = afterVowel === "로";
  return final === 0 || (isRo && final === RIEUL) ? afterVowel : afterConsonant;
}
