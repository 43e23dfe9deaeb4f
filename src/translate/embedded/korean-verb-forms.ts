/**
 * A Korean verb in the ending a sentence needs (statement, request, past, "can", "when" ...), from its
 * dictionary form (natchuda "lower", baesonghada "ship"; in a form of several words the last one conjugates). The endings are data
 * (verbForms of resources/grammar/korean-morphology.json), chosen by the stem's last sound as Korean
 * does: after a vowel, after rieul (which some endings drop), after another consonant, or after the
 * -a/-eo form. A verb in -hada is Sino-Korean: its passive is the noun with -doeda.
 */
import data from "../resources/grammar/korean-morphology.json" with { type: "json" };
import { dropFinal, sequential, toConnective, withFinal } from "./hangul.ts";

export type VerbForm = keyof typeof data.verbForms;
interface Shapes {
  vowel?: string;
  rieul?: string;
  consonant?: string;
  a?: string;
  all?: string;
}

const FORMS: Record<string, Shapes> = data.verbForms;
const FINALS: Record<string, number> = data.finals;
const W = data.verbWords;
const IRREGULAR_STEM: Record<string, string> = data.irregularStem;
const HANGUL_BASE = 0xac00;
const RIEUL = 8;

const finalOf = (syllable: string) => ((syllable.codePointAt(0) ?? 0) - HANGUL_BASE) % 28;

/** The ending glued to a stem: a leading final consonant goes onto the stem's open last syllable. */
function attach(stem: string, ending: string): string {
  const final = FINALS[ending[0] ?? ""];
  const last = stem.at(-1) ?? "";
  if (final !== undefined && finalOf(last) === 0)
    return `${stem.slice(0, -1)}${withFinal(last, final)}${ending.slice(1)}`;
  return `${stem}${ending}`;
}

/** The -a/-eo form of a stem; a Sino-Korean stem's "do" contracts by its last syllable. */
function aForm(stem: string): string | undefined {
  const last = stem.at(-1) ?? "";
  // Written copy keeps doe-eo whole (doeeotseumnida), where speech contracts it.
  if (last === W.become) return `${stem}${data.forms.eo}`;
  if (stem.length > 1 && last === W.do) return `${stem.slice(0, -1)}${sequential(last)}`;
  return sequential(stem);
}

function conjugateStem(stem: string, form: VerbForm): string | undefined {
  const shapes = FORMS[form] as Shapes;
  if (shapes.all !== undefined) return `${stem}${shapes.all}`;
  if (shapes.a !== undefined) {
    const a = aForm(stem);
    return a && attach(a, shapes.a);
  }
  const final = finalOf(stem.at(-1) ?? "");
  if (final === 0) return attach(stem, shapes.vowel ?? "");
  if (final === RIEUL) {
    const r = shapes.rieul ?? "";
    return r.startsWith("-") ? attach(dropFinal(stem), r.slice(1)) : `${stem}${r}`;
  }
  const consonant = shapes.consonant ?? "";
  // An ending that starts with a vowel takes an irregular stem's other shape (dopda, help -> dou-).
  const irregular = IRREGULAR_STEM[stem];
  if (irregular && startsWithVowel(consonant)) return attach(irregular, shapes.vowel ?? "");
  return `${stem}${consonant}`;
}

/** Whether an ending begins with a vowel sound (its first syllable's initial is the silent ieung). */
const startsWithVowel = (ending: string) => {
  const code = (ending.codePointAt(0) ?? 0) - HANGUL_BASE;
  return code >= 0 && code < 11172 && Math.floor(code / 588) === 11;
};

/** The verb `dictionary` (a Korean dictionary form) in `form`, or undefined when it is not one. */
export function verbForm(dictionary: string, form: VerbForm): string | undefined {
  const words = dictionary.split(" ");
  const last = words.pop() ?? "";
  if (!last.endsWith(W.dictionaryEnd) || last.length < 2) return undefined;
  const stem = last.slice(0, -W.dictionaryEnd.length);
  const written = conjugateStem(stem, form);
  return written && [...words, written].join(" ");
}

/** The passive of a verb: a Sino-Korean -hada verb's -doeda, else the native passive given, else none. */
export function passiveOf(dictionary: string, passives: Record<string, string>): string | undefined {
  if (passives[dictionary]) return passives[dictionary];
  const end = `${W.do}${W.dictionaryEnd}`;
  if (dictionary.endsWith(end)) return `${dictionary.slice(0, -end.length)}${W.become}${W.dictionaryEnd}`;
  return passives[dictionary];
}

/** The copula after a noun (it is a toy: -imnida), or its negation (it is not a toy: -i/ga animnida). */
export function copula(negated: boolean): string[] {
  if (negated) return [`~${data.forms.subject}`, W.notBe];
  return [`~${attach(W.be, FORMS.statement?.vowel ?? "")}`];
}

/** The dictionary form of a quality, from its modifier (sick -> to be sick), so that it takes a verb's endings. */
export function qualityVerb(modifier: string): string | undefined {
  const connective = toConnective(modifier);
  if (!connective?.endsWith(data.forms.go)) return undefined;
  return `${connective.slice(0, -data.forms.go.length)}${W.dictionaryEnd}`;
}
