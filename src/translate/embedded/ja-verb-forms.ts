/**
 * Japanese verb forms read as one piece and written as the Korean verb in the same form: a verb's stem,
 * then a base of its class, then derivations (can do, is done, makes do, is doing, wants to, does not)
 * and an inflection (polite, past, te, please do, please do not, if, while). Japanese and Korean say
 * these in the same order, so each step is a Korean derivation (korean-conjugation.ts) and the last one
 * the Korean ending: tsukawarete imasu -> use + passive + progressive + polite -> is being used. The
 * verbs, bases, derivations and inflections are data (resources/grammar/ja-verbs.json); a noun + suru
 * verb is the noun and the suru forms glued to it (use + dekimasen -> cannot be used).
 */
import data from "../resources/grammar/ja-verbs.json" with { type: "json" };
import type { ExtraPiece, SegmentContext } from "./grammar.ts";
import {
  DO,
  type KoreanForm,
  type KoreanVerb,
  koreanDerivations,
  koreanForm,
  koreanVerb,
} from "./korean-conjugation.ts";
import type { Token } from "./tokens.ts";

interface Verb {
  stem: string;
  cls: string;
  ko: KoreanVerb;
  /** Written glued to the noun before it (suru). */
  glue: boolean;
}

interface Derivation {
  op: string;
  base: string;
  add: string;
  class: string;
}

type Bases = Record<string, string[]>;
const CLASSES: Record<string, Bases> = Object.fromEntries(
  Object.entries(data.classes).map(([name, bases]) => [
    name,
    Object.fromEntries(data.baseKeys.map((key, i) => [key, (bases[i] ?? "").split("|")])),
  ]),
);
const ORDER: Record<string, number> = data.order;
/** The characters a class's bases start with, or undefined where a base is empty (any character may follow). */
const FIRST_CHARACTERS = new Map(
  Object.entries(CLASSES).map(([name, bases]) => {
    const all = Object.values(bases).flat();
    return [name, all.includes("") ? undefined : new Set(all.map((b) => b[0]))];
  }),
);
const DERIVATIONS: Derivation[] = data.derivations;
const VERB_INFLECTIONS = data.inflections as [string, string, string][];
const ADJECTIVE_INFLECTIONS = data.adjectiveInflections as [string, string, string][];

const STEMS = new Map<string, Verb[]>();
function addVerb(stem: string, cls: string, ko: KoreanVerb, glue = false): void {
  const list = STEMS.get(stem) ?? [];
  list.push({ stem, cls, ko, glue });
  STEMS.set(stem, list);
}
for (const [table, classOf] of [
  [data.iku, () => "iku"],
  [data.godan, (form: string) => form.slice(-1)],
  [data.ichidan, () => "ichidan"],
] as [Record<string, string>, (form: string) => string][]) {
  for (const [forms, korean] of Object.entries(table)) {
    const ko = koreanVerb(korean);
    if (!ko) continue;
    for (const form of forms.split("|")) addVerb(form.slice(0, -1), classOf(form), ko);
  }
}
addVerb("", "suru", { pre: "", stem: DO, adjective: false }, true);
const MAX_STEM = Math.max(...[...STEMS.keys()].map((s) => s.length));

/** What a plain form at the end of a clause says instead of its modifier: a statement, or speech. */
export interface Predicate {
  statement: string;
  casual: string;
}
/** The plain forms read here (a modifier before a noun, a predicate at the end of a line). */
export const PLAIN_FORMS = new WeakMap<Token, Predicate>();

/** Te forms (doing and then): before a word that is not an act they say "by doing" (walking: 5 minutes). */
export const TE_FORMS = new WeakSet<Token>();
/** Forms of ability and wish (can use, want to eat), whose object Korean marks as an object. */
export const TAKES_OBJECT = new WeakSet<Token>();
const OBJECT_OPS = new Set(["potential", "desire"]);

/** Where a reading has got to: the class its next base comes from, its Korean, what it has taken. */
interface State {
  cls: string;
  ko: KoreanVerb;
  /** The group of the last derivation (voice, aspect, wish or negation come in that order). */
  level: number;
  /** Derivations taken: of two readings of the same text, the one with fewer is meant. */
  depth: number;
  takesObject: boolean;
}

interface Reading extends State {
  end: number;
  form: KoreanForm | "plain" | "past";
}

function inflect(text: string, at: number, state: State, out: Reading[]): void {
  const bases = CLASSES[state.cls];
  if (!bases) return;
  const table = state.cls === "adjective" ? ADJECTIVE_INFLECTIONS : VERB_INFLECTIONS;
  for (const [key, add, ops] of table) {
    for (const base of bases[key] ?? []) {
      const s = `${base}${add}`;
      if (!s || !text.startsWith(s, at)) continue;
      const steps = ops.split(" ");
      const form = steps.pop() as Reading["form"];
      let ko = state.ko;
      for (const op of steps) ko = koreanDerivations[op]?.(ko) ?? ko;
      const takesObject = state.takesObject || steps.some((o) => OBJECT_OPS.has(o));
      out.push({ ...state, ko, end: at + s.length, form, takesObject, depth: state.depth + steps.length });
    }
  }
}

function walk(text: string, at: number, state: State, out: Reading[]): void {
  inflect(text, at, state, out);
  if (state.cls === "adjective") return;
  const bases = CLASSES[state.cls] ?? {};
  for (const d of DERIVATIONS) {
    const level = ORDER[d.op] ?? 0;
    const derive = koreanDerivations[d.op];
    if (level <= state.level || !derive) continue;
    for (const base of bases[d.base] ?? []) {
      const s = `${base}${d.add}`;
      if (!text.startsWith(s, at)) continue;
      walk(
        text,
        at + s.length,
        {
          cls: d.class,
          ko: derive(state.ko),
          level,
          depth: state.depth + 1,
          takesObject: state.takesObject || OBJECT_OPS.has(d.op),
        },
        out,
      );
    }
  }
}

/** The Korean of a reading: its form, and for a plain form also what it says at the end of a line. */
function written(r: Reading): { text: string; predicate?: Predicate } {
  const v = r.ko;
  if (r.form === "plain")
    return {
      text: koreanForm(v, "modifier"),
      predicate: { statement: koreanForm(v, "dict"), casual: koreanForm(v, "casual") },
    };
  if (r.form === "past")
    return {
      text: koreanForm(v, v.adjective ? "past" : "pastModifier"),
      predicate: { statement: koreanForm(v, "past"), casual: koreanForm(v, "pastCasual") },
    };
  return { text: koreanForm(v, r.form) };
}

const HIRAGANA = /^\p{Script=Hiragana}+$/u;
const KANA_STEM_AFTER = new RegExp(`[${data.kanaStemAfter}]`);

/**
 * A verb spelled in kana starts a word: after another hiragana only where that one is a particle (what +
 * object + do), so a verb is not read out of the tail of a word (a tail ki + nagara is not "while wearing").
 */
const startsWord = (text: string, at: number, stem: string) =>
  !stem ||
  !HIRAGANA.test(stem) ||
  at === 0 ||
  !HIRAGANA.test(text[at - 1] ?? "") ||
  KANA_STEM_AFTER.test(text[at - 1] ?? "");

/** The verb forms that start at a position of a Japanese text, as pieces for the segmentation. */
export function verbPieces({ text, at }: Pick<SegmentContext, "text" | "at">): ExtraPiece[] {
  const readings: [Verb, Reading][] = [];
  for (let len = 0; len <= MAX_STEM && at + len < text.length; len++) {
    const stem = text.slice(at, at + len);
    if (!startsWord(text, at, stem)) continue;
    for (const verb of STEMS.get(stem) ?? []) {
      if (FIRST_CHARACTERS.get(verb.cls)?.has(text[at + len] ?? "") === false) continue;
      const found: Reading[] = [];
      walk(text, at + len, { cls: verb.cls, ko: verb.ko, level: 0, depth: 0, takesObject: false }, found);
      for (const r of found) readings.push([verb, r]);
    }
  }
  // The segmentation keeps the first of equal pieces: the plainest reading goes first.
  readings.sort((a, b) => a[1].depth - b[1].depth);
  return readings.map(([verb, r]) => {
    const { text: ko, predicate } = written(r);
    const glue = verb.glue ? "~" : "";
    const token: Token = {
      src: text.slice(at, r.end),
      kind: "lex",
      pos: "v",
      entry: { out: { ko: `${glue}${ko}` }, pos: "v", kind: "glossary" },
    };
    if (predicate) PLAIN_FORMS.set(token, predicate);
    if (r.takesObject) TAKES_OBJECT.add(token);
    if (r.form === "te") TE_FORMS.add(token);
    return { end: r.end, token };
  });
}
