/**
 * What follows an English clause's verb and object, as the sentence path reads it (en-ko-sentences.ts):
 * adverbs (now, also, daily, well), a preposition with its noun phrase (with soap -> soap-euro, within 30
 * days -> 30 days inae-e, on Sundays -> Sunday-e, to the staff -> staff-ege), and a clause that says when or
 * on what condition (when coughing, if you feel sick, before you leave). Data: en-ko-sentences.json.
 */
import { isModifierForm } from "../hangul.ts";
import { KOREAN } from "../korean-words.ts";
import type { Token } from "../tokens.ts";
import {
  ADVERBS,
  CONJUNCTIONS,
  data,
  type Item,
  type NounPhrase,
  nounItem,
  nounPhrase,
  PREPOSITIONS,
  verbBase,
} from "./en-ko-sentence-words.ts";

export interface Tail<C = unknown> {
  /** Said before the phrases (now, daily). */
  adverbs: string[];
  /** A particle said on the object instead of its own (also -> -do, only -> -man). */
  glued: string;
  phrases: { np: NounPhrase; post: string }[];
  /** Said right before the verb (well, often, thoroughly). */
  manner: string[];
  clause?: { conjunction: string; clause: C };
  /** The act joined to this one by "and" (shop now and save). */
  joined?: C;
  /** A condition a glossary phrase writes whole. */
  written?: Token;
}

/** An adverb said where Korean says it: glued to the object (also, only), before the verb, or first. */
export function addAdverb<C>(tail: Tail<C>, w: string): void {
  const adverb = ADVERBS.get(w);
  if (GLUED.has(w)) tail.glued = adverb ?? "";
  else if (MANNER.has(w)) tail.manner.push(adverb ?? "");
  else if (adverb) tail.adverbs.push(adverb);
}

const GLUED = new Set(data.glued);
const MANNER = new Set(data.manner);
const TIME = new RegExp(data.timeWords);
const VERB_POST = new Map<string, string>(Object.entries(data.verbPrepositions));
const TIME_POST = new Map<string, string>(Object.entries(data.timePrepositions));

const isTime = (tokens: Token[]) =>
  tokens.some((t) => t.kind === "number" || t.kind === "rule" || TIME.test(t.src.toLowerCase()));
const isPerson = (tokens: Token[]) => KOREAN.person.test(tokens.at(-1)?.entry?.out.ko ?? "");

/** The postposition a preposition is written as before its noun phrase. */
function postOf(w: string, np: NounPhrase): string {
  if (w === "to" && isPerson(np.tokens)) return data.personTo;
  if (w === "with" && isPerson(np.tokens)) return data.withPerson;
  if (isTime(np.tokens) && TIME_POST.has(w)) return TIME_POST.get(w) as string;
  return PREPOSITIONS.get(w) ?? "";
}

/**
 * Reads the rest of a clause from `k` into `tail`; false when a word is left that it cannot place. A
 * conjunction's clause is read by `readSub` (the clause reader, passed in so that this module needs none).
 */
export function sentenceTail<C>(
  items: Item[],
  k: number,
  tail: Tail<C>,
  readSub: (rest: Item[], conjunction: string) => C | undefined,
  verb = "",
): boolean {
  while (k < items.length) {
    const it = items[k] as Item;
    const w = it.w;
    // A line cut after "and" (Cover nose and mouth when coughing and): the "and" says nothing.
    if (k === items.length - 1 && isDangling(it)) return true;
    const conjunction = CONJUNCTIONS.get(w);
    if (conjunction && k + 1 < items.length) {
      const rest = items.slice(k + 1).filter((x, j, all) => j < all.length - 1 || !isDangling(x));
      const clause = readSub(rest, conjunction);
      if (clause) {
        tail.clause = { conjunction, clause };
        return true;
      }
    }
    // Shop now and save, design and build: a second act.
    if ((w === "and" || w === "&") && verbBase(items[k + 1]?.w ?? "")) {
      const then = readSub(items.slice(k + 1), "then");
      if (then) {
        tail.joined = then;
        return true;
      }
    }
    if (ADVERBS.has(w)) {
      addAdverb(tail, w);
      k++;
      continue;
    }
    // A glossary phrase that is a whole condition (if you have any questions) is that clause, as written;
    // one that opens with a preposition (before use) is a phrase.
    const first = w.split(" ")[0] ?? "";
    if (w.includes(" ") && it.t.kind === "lex" && it.t.entry?.out.ko) {
      if (CONJUNCTIONS.has(first) && !PREPOSITIONS.has(first)) tail.written = it.t;
      else if (PREPOSITIONS.has(first)) tail.phrases.push({ np: { tokens: [it.t], ours: false }, post: "" });
      else return false;
      k++;
      continue;
    }
    // to order, to be seated: what the act is for.
    const next = items[k + 1];
    if (w === "to" && next && verbBase(next.w) && !isModifierForm(next.t.entry?.out.ko ?? "")) {
      const clause = readSub(items.slice(k + 1), "inOrderTo");
      if (!clause) return false;
      tail.clause = { conjunction: "inOrderTo", clause };
      return true;
    }
    // An adverb in -ly the dictionaries write (gently, firmly): said before the verb.
    if (/^[a-z]{3,}ly$/.test(w) && it.t.kind === "lex" && it.t.entry?.out.ko) {
      tail.manner.push(it.t.entry.out.ko);
      k++;
      continue;
    }
    if (PREPOSITIONS.has(w)) {
      const np = nounPhrase(items, k + 1, false);
      if (!np) return false;
      tail.phrases.push({ np: np[0], post: VERB_POST.get(`${verb} ${w}`) ?? postOf(w, np[0]) });
      k = np[1];
      continue;
    }
    // An amount or a time said alone (takes 3-5 business days, 7 days a week).
    if ((it.t.kind === "rule" || it.t.kind === "number") && nounItem(it)) {
      const np = nounPhrase(items, k, false);
      if (!np) return false;
      tail.phrases.push({ np: np[0], post: "" });
      k = np[1];
      continue;
    }
    return false;
  }
  return true;
}

const isDangling = (it: Item) => /^(and|&|or|with|to|the|a)$/.test(it.w);
