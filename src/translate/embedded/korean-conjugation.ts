/**
 * A Korean verb or adjective in a named form (polite statement, past, please do, if, while ...), for the
 * Japanese verb forms (ja-verb-forms.ts). A form is an ending chosen by the stem's last sound (a vowel,
 * rieul, another consonant) or put after the -a/-eo form; a derived predicate (can do, is done, is doing,
 * wants to, does not) puts its auxiliary after the act, and the ending then goes on the auxiliary:
 * use + can -> can use + polite -> one can use. Endings and auxiliaries are data
 * (resources/grammar/korean-morphology.json, verbs).
 */
import data from "../resources/grammar/korean-morphology.json" with { type: "json" };
import { dropFinal, finalConsonant, sequential, toConnective, withFinal } from "./hangul.ts";

interface Shapes {
  vowel?: string;
  rieul?: string;
  consonant?: string;
  a?: string;
  all?: string;
}

const V = data.verbs;
const FORMS: Record<string, Shapes> = V.forms;
const FINALS: Record<string, number> = V.finals;
const AUX = V.aux;
/** A stem's shape before an ending that starts with a vowel sound (help -> dou-, easy -> swiu-). */
const IRREGULAR_STEM: Record<string, string> = data.irregularStem;
/** Verbs whose negation is a verb of its own (know -> not know). */
const NEGATIVE_VERBS: Record<string, string> = V.negativeVerbs;

export type KoreanForm = keyof typeof V.forms;

/** A Korean predicate: the words before it (use + can), its stem, and whether it is an adjective. */
export interface KoreanVerb {
  pre: string;
  stem: string;
  adjective: boolean;
  /** The act was made passive: its progressive is the resulting state (is included). */
  passive?: boolean;
  /** "Can do" (su itda), whose negation is "cannot" (su eopda). */
  possible?: boolean;
}

const BASE = 0xac00;
const RIEUL = 8;
/** The stem's final consonant (0: it ends in a vowel); stems are Hangul, as koreanVerb checks. */
const finalOf = (stem: string) => finalConsonant(stem) ?? 0;

/** The ending glued to a stem: a leading final consonant goes onto the stem's open last syllable. */
function attach(stem: string, ending: string): string {
  const final = FINALS[ending[0] ?? ""];
  const last = stem.at(-1) ?? "";
  if (final !== undefined && finalOf(last) === 0)
    return `${stem.slice(0, -1)}${withFinal(last, final)}${ending.slice(1)}`;
  return `${stem}${ending}`;
}

/** The -a/-eo form (use -> using, make -> making): joins acts and carries the request. */
function aForm(stem: string): string {
  // Do -> doing (hae); become stays written out (doe-eo), as labels write it.
  if (stem.endsWith(AUX.do)) return `${stem.slice(0, -1)}${sequential(AUX.do) ?? ""}`;
  if (stem.endsWith(AUX.passiveDo)) return `${stem}${AUX.eo}`;
  return sequential(stem) ?? `${stem}${AUX.eo}`;
}

/** A stem in a form. */
function conjugate(stem: string, form: KoreanForm): string {
  const shapes = FORMS[form] as Shapes;
  if (shapes.all !== undefined) return `${stem}${shapes.all}`;
  if (shapes.a !== undefined) return attach(aForm(stem), shapes.a);
  const final = finalOf(stem);
  if (final === 0) return attach(stem, shapes.vowel ?? "");
  if (final === RIEUL) {
    const r = shapes.rieul ?? "";
    return r.startsWith("-") ? attach(dropFinal(stem), r.slice(1)) : `${stem}${r}`;
  }
  const consonant = shapes.consonant ?? "";
  // An irregular stem before a vowel takes its other shape: easy + n -> swiun, help + myeon -> doumyeon.
  const irregular = IRREGULAR_STEM[stem];
  if (irregular && startsWithVowel(consonant)) return attach(irregular, shapes.vowel ?? "");
  return `${stem}${consonant}`;
}

/** Whether an ending begins with a vowel sound (its first syllable's initial is the silent ieung). */
function startsWithVowel(ending: string): boolean {
  const code = (ending.codePointAt(0) ?? 0) - BASE;
  return code >= 0 && code < 11172 && Math.floor(code / 588) === 11;
}

const exists = (stem: string) => stem === AUX.exist || stem === AUX.notExist;

/** A Korean predicate in a form; a modifier follows the part of speech (doing / being). */
export function koreanForm(v: KoreanVerb, form: KoreanForm): string {
  const modifier = form === "modifier" && v.adjective && !exists(v.stem) ? "adjectiveModifier" : form;
  return `${v.pre}${conjugate(v.stem, modifier)}`;
}

/** The derived predicates: each puts an auxiliary after the act, which then takes the ending. */
export const koreanDerivations: Record<string, (v: KoreanVerb) => KoreanVerb> = {
  potential: (v) => ({
    pre: `${koreanForm(v, "futureModifier")} ${AUX.can} `,
    stem: AUX.exist,
    adjective: true,
    possible: true,
  }),
  passive: (v) => {
    if (v.stem.endsWith(AUX.do))
      return { ...v, stem: `${v.stem.slice(0, -1)}${AUX.passiveDo}`, passive: true };
    return { pre: `${v.pre}${aForm(v.stem)}`, stem: AUX.become, adjective: false, passive: true };
  },
  causative: (v) =>
    v.stem.endsWith(AUX.do)
      ? { ...v, stem: `${v.stem.slice(0, -1)}${AUX.causativeDo}` }
      : { pre: `${koreanForm(v, "adverb")} `, stem: AUX.do, adjective: false },
  progressive: (v) =>
    exists(v.stem)
      ? v
      : {
          pre: v.passive ? `${v.pre}${aForm(v.stem)} ` : `${koreanForm(v, "and")} `,
          stem: AUX.exist,
          adjective: false,
        },
  try: (v) => ({ pre: `${v.pre}${aForm(v.stem)} `, stem: AUX.see, adjective: false }),
  come: (v) => ({ pre: `${v.pre}${aForm(v.stem)} `, stem: AUX.come, adjective: false }),
  desire: (v) => ({ pre: `${koreanForm(v, "and")} `, stem: AUX.want, adjective: true }),
  negative: (v) => {
    if (v.possible) return { ...v, stem: AUX.notExist };
    const own = v.pre ? undefined : NEGATIVE_VERBS[v.stem];
    if (own) return { ...v, stem: own };
    return { pre: `${koreanForm(v, "negated")} `, stem: AUX.not, adjective: v.adjective };
  },
  easy: (v) => ({ pre: `${koreanForm(v, "nominal")} `, stem: AUX.easy, adjective: true }),
  hard: (v) => ({ pre: `${koreanForm(v, "nominal")} `, stem: AUX.hard, adjective: true }),
};

/** A Korean verb from its dictionary form (make, use), or undefined when it is not one. */
export function koreanVerb(dictionary: string, adjective = false): KoreanVerb | undefined {
  const words = dictionary.split(" ");
  const last = words.pop() ?? "";
  const end = (FORMS.dict as Shapes).all ?? "";
  if (!last.endsWith(end) || last.length < 2) return undefined;
  const stem = last.slice(0, -end.length);
  const code = stem.at(-1)?.codePointAt(0) ?? 0;
  if (code < BASE || code > 0xd7a3) return undefined;
  return { pre: words.length ? `${words.join(" ")} ` : "", stem, adjective };
}

/** The Korean stem of "do", which a noun's suru takes. */
export const DO = AUX.do;

/** The request said after an act's -a/-eo form (avoid -> please avoid): the auxiliary alone. */
export const REQUEST_AFTER_A = (FORMS.request as Shapes).a?.trim() ?? "";

/** What a -a/-eo form takes to say "and then" before a word that is not an act (walk -> walking, 5 minutes). */
export const SEQUENCE = AUX.seo;

/** A quality as it looks (delicious -> looks delicious), from its stem. */
export const looksForm = (stem: string) => `${aForm(stem)} ${AUX.looks}`;

/** A quality said in speech (cold! delicious!), from its stem: the -a/-eo form. */
export const casualForm = (stem: string) => aForm(stem);

/** A quality as a noun (delicious -> deliciousness), from its stem. */
export const qualityNoun = (stem: string) => conjugate(stem, "qualityNoun");

/** A verb given by its dictionary form in a form, or undefined when it is not a Korean verb. */
export function verbForm(dictionary: string, form: KoreanForm): string | undefined {
  const verb = koreanVerb(dictionary);
  return verb && koreanForm(verb, form);
}

/** The passive of a verb: a Sino-Korean -hada verb's -doeda, else the native passive given, else none. */
export function passiveOf(dictionary: string, passives: Record<string, string>): string | undefined {
  if (passives[dictionary]) return passives[dictionary];
  const dict = (FORMS.dict as Shapes).all ?? "";
  const end = `${AUX.do}${dict}`;
  if (dictionary.endsWith(end)) return `${dictionary.slice(0, -end.length)}${AUX.passiveDo}${dict}`;
  return undefined;
}

/** The copula after a noun (it is a toy: -imnida), or its negation (it is not a toy: -i/ga animnida). */
export function copula(negated: boolean): string[] {
  if (negated) return [`~${data.forms.subject}`, AUX.notBe];
  return [`~${conjugate(AUX.be, "polite")}`];
}

/** The dictionary form of a quality, from its modifier (sick -> to be sick), so that it takes a verb's endings. */
export function qualityVerb(modifier: string): string | undefined {
  const connective = toConnective(modifier);
  if (!connective?.endsWith(data.forms.go)) return undefined;
  return `${connective.slice(0, -data.forms.go.length)}${(FORMS.dict as Shapes).all ?? ""}`;
}
