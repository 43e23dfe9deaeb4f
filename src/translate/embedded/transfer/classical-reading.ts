/**
 * Classical Chinese (a sutra, an old text, a couplet) read as Korean reads it: each character by its
 * Sino-Korean sound, the phrases run together as the source spaces them, each phrase's first sound by the
 * initial sound law. A line is taken as classical when it is in traditional characters and Han alone (with
 * spaces and punctuation) and its reading came mostly word by word (the shop vocabulary did not know it):
 * the word-by-word meaning of such a line is garbage, its sounds are what a Korean reader expects.
 */
import { toSimplified } from "../chinese-variants.ts";
import { initialSoundLaw } from "../lexicon.ts";
import { punctuationIn } from "../punctuation.ts";
import { HAN } from "./transferred.ts";

/** The share of a line written word by word from which a traditional Han-only line reads as classical. */
export const CLASSICAL_WORDS_SHARE = 0.6;
const MIN_CHARACTERS = 4;

/** Whether a (normalized, NFKC) line may be classical: Han, spaces and punctuation, enough characters. */
export function mayBeClassical(text: string): boolean {
  if (!/^[\p{Script=Han}\s\p{P}]+$/u.test(text)) return false;
  return Array.from(text).filter((c) => HAN.test(c)).length >= MIN_CHARACTERS;
}

/** The line's Sino-Korean reading (of the characters as written), or undefined when one has none. */
export function classicalReading(text: string, hanja: ReadonlyMap<string, string>): string | undefined {
  let out = "";
  let phrase = "";
  const flush = () => {
    out += initialSoundLaw(phrase);
    phrase = "";
  };
  for (const c of text) {
    if (HAN.test(c)) {
      const sound = hanja.get(c) ?? hanja.get(toSimplified(c));
      if (!sound) return undefined;
      phrase += sound;
      continue;
    }
    flush();
    const mark = /\p{P}/u.test(c) ? punctuationIn(c, "ko", "zh") : c;
    out += mark;
  }
  flush();
  return out.replace(/([,.!?;:])(?=\S)/g, "$1 ").trim();
}
