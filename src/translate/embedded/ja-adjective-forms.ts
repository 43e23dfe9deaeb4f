/**
 * Japanese i-adjectives in their -ku forms. The glossary lists an adjective in -i with its Korean modifier
 * (良い: 좋은); copy writes it in -ku too, and without these forms the matcher reads the kanji alone. They
 * are added to the Japanese lexicon when the data is built: -ku is the Korean adverb (before a verb; before
 * a comma ja-ko.ts makes it the connective of its clause), -kute the connective, -kunai the negated
 * modifier, -sou how it looks, -sa the quality as a noun, and the endings a Korean verb form says (verbForms: -katta
 * the past, -i node because). The endings are data (resources/grammar/ja.json, adjectives).
 */
import ja from "../resources/grammar/ja.json" with { type: "json" };
import { toAdverb, toConnective, toNegated } from "./hangul.ts";
import {
  type KoreanForm,
  koreanForm,
  koreanVerb,
  looksForm,
  qualityNoun,
  qualityVerb,
} from "./korean-conjugation.ts";
import { addEntry, type Lexicon } from "./lexicon.ts";

const A = ja.adjectives;
const IRREGULAR = new Set(A.irregular);

/** Korean words, the last one changed, or undefined when it cannot be. */
function withLastWord(ko: string, change: (word: string) => string | undefined): string | undefined {
  const words = ko.split(" ");
  const last = change(words.pop() ?? "");
  return last === undefined ? undefined : [...words, last].join(" ");
}

/** A form made from the Korean stem of a modifier (delicious -> delicious- -> looks delicious). */
function withStem(modifier: string, form: (stem: string) => string): string | undefined {
  const stem = toConnective(modifier)?.slice(0, -1);
  return stem ? form(stem) : undefined;
}

/** A quality in one of a Korean verb's forms (cold -> was cold), from its modifier. */
function asVerb(modifier: string, form: KoreanForm): string | undefined {
  const dictionary = qualityVerb(modifier);
  const verb = dictionary ? koreanVerb(dictionary, true) : undefined;
  return verb && koreanForm(verb, form);
}

export function addAdjectiveForms(lexicon: Lexicon): void {
  for (const [key, entry] of [...lexicon.entries]) {
    const ko = entry.out.ko;
    // A noun in the same kana has no modifier Korean, so it gives no form.
    if (!ko || key.length < 2 || !key.endsWith(A.ending) || IRREGULAR.has(key)) continue;
    const stem = key.slice(0, -A.ending.length);
    const forms: [string, string | undefined][] = [
      [`${stem}${A.adverb}`, withLastWord(ko, toAdverb)],
      [`${stem}${A.connective}`, withLastWord(ko, toConnective)],
      [`${stem}${A.negated}`, withLastWord(ko, toNegated)],
      [`${stem}${A.looks}`, withLastWord(ko, (w) => withStem(w, looksForm))],
      [`${stem}${A.noun}`, withLastWord(ko, (w) => withStem(w, qualityNoun))],
    ];
    for (const [ending, form] of Object.entries(A.verbForms as Record<string, KoreanForm>))
      forms.push([`${stem}${ending}`, withLastWord(ko, (w) => asVerb(w, form))]);
    for (const [form, korean] of forms)
      if (korean && !lexicon.entries.has(form))
        addEntry(lexicon, form, { out: { ko: korean }, pos: "m", kind: entry.kind });
  }
}
