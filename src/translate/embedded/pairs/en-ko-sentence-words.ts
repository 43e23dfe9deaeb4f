/**
 * The words of an English sentence as the sentence path reads them (en-ko-sentences.ts): the verb table
 * and the English verb forms (ships, shipped, made), the function words, and the noun phrases (their
 * determiners, an "of" phrase, nouns joined by "and"), and the checks that a clause is a sentence and not a
 * headline (a subject agrees with its verb; a word that is also a noun or a quality opens a request only
 * with an object after it). Data: resources/grammar/en-ko-sentences.json.
 */
import phrases from "../../resources/grammar/en-ko.json" with { type: "json" };
import data from "../../resources/grammar/en-ko-sentences.json" with { type: "json" };
import morphology from "../../resources/grammar/korean-morphology.json" with { type: "json" };
import { isModifierForm } from "../hangul.ts";
import type { Token } from "../tokens.ts";
import { TRANSFERRED } from "../transfer/word-transfer.ts";
import { writtenToken as written } from "./en-ko-clauses.ts";

export { data };
export type Verb = { en: string; ko: string; particle?: string; intransitive?: string };
export interface Item {
  t: Token;
  w: string;
}
export interface NounPhrase {
  tokens: Token[];
  ours: boolean;
}

export const VERBS = new Map<string, Verb>([
  ...clauseVerbs(),
  ...Object.entries(data.verbs as Record<string, (string | null)[]>).map(
    ([en, [ko, particle, intransitive]]): [string, Verb] => [
      en,
      { en, ko: ko ?? "", particle: particle ?? undefined, intransitive: intransitive ?? undefined },
    ],
  ),
]);

/**
 * The verbs of the phrase passes' table (clauseVerbs of en-ko.json: include -> the action noun poham) as
 * dictionary forms, for the verbs the sentence table does not list: a native act's noun form in -gi is
 * the verb in -da, a Sino-Korean action noun takes -hada. A form glued to its phrase (fit -> ~e hohwan)
 * is left out, and so are the participles.
 */
function clauseVerbs(): [string, Verb][] {
  const gi = morphology.forms.nounForm;
  const da = morphology.verbs.forms.dict.all;
  const hada = `${morphology.verbs.aux.do}${da}`;
  return Object.entries(phrases.clauseVerbs.verbs as Record<string, string>)
    .filter(([en, ko]) => !ko.startsWith("~") && !/ed$/.test(en) && !/(s|es)$/.test(en))
    .map(([en, ko]) => [
      en,
      { en, ko: ko.endsWith(gi) ? `${ko.slice(0, -gi.length)}${da}` : `${ko}${hada}` },
    ]);
}
/** The first words of the table's phrasal verbs (turn off, sign up): a verb only with the word after. */
const HEADS = new Set([...VERBS.keys()].filter((v) => v.includes(" ")).map((v) => v.split(" ")[0] as string));
const NOUN_SENSES: Record<string, string | undefined> = data.nounSenses;
const ADVERB_KOREAN = new RegExp(data.adverbKorean);
export const OBJECT_PRONOUNS = new Set(data.objectPronouns);
export const IRREGULAR = new Map<string, string>(Object.entries(data.irregular));
export const DROPPED = new Set(data.subjects.dropped);
export const OURS = new Set(data.subjects.ours);
export const MODALS = new Map<string, string>(Object.entries(data.modals));
export const BE = new Set(data.be);
export const HAVE = new Set(data.have);
export const DO = new Set(data.doAux);
export const NOT = new Set(data.negations);
export const PLEASE = new Set(data.please);
const CONTRACTIONS = new Map<string, string>(Object.entries(data.contractions));
export const DETERMINERS = new Map<string, string>(Object.entries(data.determiners));
export const PREPOSITIONS = new Map<string, string>(Object.entries(data.prepositions));
export const ADVERBS = new Map<string, string>(Object.entries(data.adverbs));
export const CONJUNCTIONS = new Map<string, string>(Object.entries(data.conjunctions));
export const SPLIT_AT = /^[.;!?]$/;

/** The base form of an English verb form (ships, shipped, shipping, made), if the verb table has it. */
export function verbBase(w: string): string | undefined {
  const irregular = IRREGULAR.get(w);
  if (irregular) return VERBS.has(irregular) ? irregular : undefined;
  const stems = [
    w,
    w.replace(/s$/, ""),
    w.replace(/es$/, ""),
    w.replace(/ies$/, "y"),
    w.replace(/ied$/, "y"),
  ];
  for (const end of ["ed", "ing"])
    if (w.endsWith(end) && w.length > end.length + 2) {
      const stem = w.slice(0, -end.length);
      stems.push(stem, `${stem}e`, stem.slice(0, -1));
    }
  stems.push(w.replace(/d$/, ""));
  return stems.find((s) => s.length >= 2 && (VERBS.has(s) || HEADS.has(s)));
}

export const isFunctionWord = (w: string) =>
  BE.has(w) ||
  HAVE.has(w) ||
  DO.has(w) ||
  NOT.has(w) ||
  PLEASE.has(w) ||
  MODALS.has(w) ||
  DROPPED.has(w) ||
  OURS.has(w) ||
  DETERMINERS.has(w) ||
  PREPOSITIONS.has(w) ||
  CONJUNCTIONS.has(w) ||
  ADVERBS.has(w) ||
  CONTRACTIONS.has(w) ||
  OBJECT_PRONOUNS.has(w) ||
  w === "and" ||
  w === "to" ||
  w === "like";

const pseudo = (w: string): Item => ({ t: { src: w, kind: "lex", pos: "n" }, w });

/** The clause's words: contractions spelt out, a glossary phrase of function words and verbs read word by word. */
export function itemsOf(source: Token[]): Item[] {
  const tokens = inSourceOrder(source);
  const items: Item[] = [];
  // A glossary phrase that is the whole clause (You May Also Like, Do not bleach) is its curated Korean.
  const whole = tokens.filter((t) => t.kind !== "space" && t.kind !== "punct").length === 1;
  for (const t of tokens) {
    if (t.kind === "space") continue;
    const w = t.src.toLowerCase().replace(/\u2019/g, "'");
    const spelt = CONTRACTIONS.get(w);
    const words = (spelt ?? w).split(" ");
    const split =
      spelt !== undefined ||
      (t.kind === "lex" &&
        !whole &&
        words.length > 1 &&
        !VERBS.has(w) &&
        !ADVERBS.has(w) &&
        // A verb group (We will ship), or a verb and its function words (Choose your); a glossary noun
        // phrase whose words are also verbs (close contact) stays whole.
        (words.some(isVerbGroupWord) ||
          (verbBase(words[0] ?? "") !== undefined && words.slice(1).every(isFunctionWord))) &&
        words.every((x) => isFunctionWord(x) || verbBase(x) !== undefined));
    if (split) for (const x of words) items.push(pseudo(x));
    else items.push({ t, w });
  }
  return items;
}

const isVerbGroupWord = (w: string) =>
  DROPPED.has(w) || MODALS.has(w) || BE.has(w) || HAVE.has(w) || DO.has(w) || NOT.has(w) || PLEASE.has(w);

/**
 * The word-level transfer writes "when you", "from the US" as their Korean order (you-when, US-from);
 * the sentence path reads the English order, so such a postposition goes back before its word.
 */
function inSourceOrder(source: Token[]): Token[] {
  const out = [...source];
  for (let i = 1; i < out.length; i++) {
    const t = out[i] as Token;
    const w = t.src.toLowerCase();
    if (t.pos !== "p" || !TRANSFERRED.has(t) || !(PREPOSITIONS.has(w) || CONJUNCTIONS.has(w))) continue;
    let j = i - 1;
    while (j > 0 && out[j]?.kind === "space") j--;
    // ... and before the words written as nothing between them (the, a).
    while (j > 0 && (out[j - 1]?.kind === "space" || out[j - 1]?.entry?.out.ko === "")) j--;
    while (out[j]?.kind === "space") j++;
    out.splice(i, 1);
    out.splice(j, 0, t, { src: " ", kind: "space", pos: "n" });
    i++;
  }
  return out;
}

/** Whether a word can be part of a noun phrase (a noun, a quality, a number, a name), not a function word. */
export const nounItem = (it: Item | undefined) =>
  !!it &&
  (it.t.kind === "lex" || it.t.kind === "latin" || it.t.kind === "number" || it.t.kind === "rule") &&
  it.t.pos !== "v" &&
  it.t.pos !== "p" &&
  (it.t.entry !== undefined || it.t.kind !== "lex") &&
  !(isFunctionWord(it.w) && it.t.kind === "lex" && !it.w.includes(" ")) &&
  // An adverb in -ly the dictionaries write as one (fully -> wanjeonhi).
  !(/ly$/.test(it.w) && (ADVERB_KOREAN.test(it.t.entry?.out.ko ?? "") || it.t.kind === "latin")) &&
  // A glossary phrase that opens with a preposition (before use) is a phrase of its own.
  !(
    it.w.includes(" ") &&
    (PREPOSITIONS.has(it.w.split(" ")[0] ?? "") || CONJUNCTIONS.has(it.w.split(" ")[0] ?? ""))
  );

/**
 * A noun phrase from `i`: its determiners (the, your: not written; this, all: i, modeun), its words, an "of"
 * phrase in front of it (reach of children -> children's reach), nouns joined by "and" (gwa/wa).
 */
export function nounPhrase(items: Item[], i: number, stopAtVerb: boolean): [NounPhrase, number] | undefined {
  const tokens: Token[] = [];
  let ours = false;
  let k = i;
  for (;;) {
    const pair = `${items[k]?.w} ${items[k + 1]?.w}`;
    const det = DETERMINERS.get(pair) ?? DETERMINERS.get(items[k]?.w ?? "");
    if (det === undefined || !nounItem(items[k + (DETERMINERS.has(pair) ? 2 : 1)])) break;
    if (OURS.has(items[k]?.w ?? "")) ours = true;
    if (det) tokens.push(written(det, "m"), SPACE);
    k += DETERMINERS.has(pair) ? 2 : 1;
  }
  const start = k;
  // A participle alone (Store Refrigerated) is no noun phrase; one before a noun (recycled plastic) is.
  if (participle(items[k]) && !nounItem(items[k + 1])) return undefined;
  while (
    nounItem(items[k]) &&
    !(
      k > start &&
      (participle(items[k]) || (stopAtVerb && finite(items, k)) || qualityBeforeAmount(items, k))
    )
  ) {
    const t = (items[k] as Item).t;
    // A noun whose Korean in a sentence differs from its label sense (volume, items, contact).
    const sense = t.kind === "lex" ? NOUN_SENSES[items[k]?.w ?? ""] : undefined;
    tokens.push(sense ? written(sense, "n", t.src) : t, SPACE);
    k++;
  }
  // A quality after the noun (keep drinks cold, run small) is not the noun phrase's.
  while (k > start + 1 && isModifierForm(items[k - 1]?.t.entry?.out.ko ?? "")) {
    k--;
    tokens.splice(-2);
  }
  if (k === start) return undefined;
  tokens.pop();
  if (items[k]?.w === "of") {
    const of = nounPhrase(items, k + 1, stopAtVerb);
    if (of)
      return [
        { tokens: [...of[0].tokens, written(`~${data.particles.of}`, "p"), SPACE, ...tokens], ours },
        of[1],
      ];
  }
  const and = items[k]?.w;
  // ... unless a verb and its object follow (install the app and connect your phone): a second act.
  const act = items[k + 1]?.w === verbBase(items[k + 1]?.w ?? "") && DETERMINERS.has(items[k + 2]?.w ?? "");
  if ((and === "and" || and === "&" || and === "or") && nounItem(items[k + 1]) && !act) {
    const next = nounPhrase(items, k + 1, stopAtVerb);
    if (next) {
      const join =
        and === "or" ? [SPACE, written(data.particles.or, "n")] : [written(`~${data.particles.and}`, "p")];
      return [{ tokens: [...tokens, ...join, SPACE, ...next[0].tokens], ours }, next[1]];
    }
  }
  return [{ tokens, ours }, k];
}

/** Whether the word at `k` opens a finite verb group (a modal, an auxiliary, a verb form that is not -ing). */
export function finite(items: Item[], k: number): boolean {
  const w = items[k]?.w ?? "";
  if (MODALS.has(w) || BE.has(w) || HAVE.has(w) || DO.has(w)) return true;
  return !w.endsWith("ing") && verbBase(w) !== undefined && items[k]?.t.pos !== "m";
}

/** The verb at `k`, with a particle word after it (turn off, sign up), and where the clause goes on. */
export function verbAt(items: Item[], k: number): [Verb, number] | undefined {
  const w = items[k]?.w ?? "";
  const base = verbBase(w.split(" ")[0] ?? "");
  if (!base) return undefined;
  const rest = w.split(" ").slice(1).join(" ");
  const phrasal = rest ? `${base} ${rest}` : `${base} ${items[k + 1]?.w}`;
  if (VERBS.has(phrasal)) return [VERBS.get(phrasal) as Verb, rest ? k + 1 : k + 2];
  if (rest || !VERBS.has(base)) return undefined;
  return [VERBS.get(base) as Verb, k + 1];
}

export const SPACE: Token = { src: " ", kind: "space", pos: "n" };

/** A past participle of a verb of the table (closed, broken), which ends a noun phrase. */
const participle = (it: Item | undefined) =>
  !!it && /(ed|en)$/.test(it.w) && (IRREGULAR.has(it.w) || verbBase(it.w) !== undefined);

/** keep drinks cold 24 hours: a quality after a noun, before an amount, ends the noun phrase. */
const qualityBeforeAmount = (items: Item[], k: number) =>
  isModifierForm(items[k]?.t.entry?.out.ko ?? "") &&
  (items[k + 1]?.t.kind === "number" || items[k + 1]?.t.kind === "rule");

export const auxiliary = (w: string | undefined) =>
  !!w && (MODALS.has(w) || BE.has(w) || HAVE.has(w) || DO.has(w));
const QUALITY_VERBS = new Set(data.qualityVerbs);

/**
 * Whether a noun phrase and the word after it read as subject and verb, not as a headline's noun phrase
 * (Ergonomic Design, Foldable design, No tools needed): the subject ends in a noun, and a verb with no
 * auxiliary agrees with it (orders ship, Amazon delivers) and is not a bare participle.
 */
export function agrees(subject: NounPhrase, verb: Item | undefined): boolean {
  const head = subject.tokens.at(-1);
  if (!head || isModifierForm(head.entry?.out.ko?.split(" ").at(-1) ?? "")) return false;
  if (!verb || auxiliary(verb.w)) return true;
  const base = verbBase(verb.w);
  if (!base || NOT.has(verb.w) || /ed$/.test(verb.w) || IRREGULAR.has(verb.w)) return false;
  const plural = /s$/i.test(head.src) || subject.tokens.some((t) => t.pos === "p");
  return verb.w === base ? plural : true;
}

/**
 * Whether a word that is also a quality (clean, dry, open) opens a request here: only with what an act
 * takes after it (Close the door, Clean hands with soap), not before a noun it qualifies (Dry skin relief).
 */
export function imperative(items: Item[], k: number, base: string): boolean {
  if (!QUALITY_VERBS.has(base)) return true;
  const next = items[k + 1]?.w ?? "";
  return (
    DETERMINERS.has(next) ||
    OBJECT_PRONOUNS.has(next) ||
    next === "and" ||
    ADVERBS.has(next) ||
    // Clean hands with soap, but not Wash bag with zipper: a bare singular noun after it names a thing.
    (/s$/.test(next) && items.slice(k + 2).some((it) => PREPOSITIONS.has(it.w) || CONJUNCTIONS.has(it.w)))
  );
}
