/**
 * English sentences into Korean, a shallow transfer in the Apertium tradition: a clause is chunked into
 * its subject noun phrase, its verb group (modal, negation, tense, passive), its object, the phrases
 * after it (a preposition and its noun phrase, an adverb) and a when/if/before clause, then written in
 * Korean order (clause, subject, adverbs, phrases, object, verb) with the particles the sounds choose and
 * an ending that fits: a statement (-mnida), a request (-seyo, with "please"
 * -a/eo juseyo), a prohibition (-ji maseyo). A clause it cannot read whole is left to the phrase passes (en-ko.ts), and
 * so is a headline in title case that opens with a verb (Protect Your Skin), which a Korean shop ends
 * with the action noun. Words: resources/grammar/en-ko-sentences.json; endings: korean-conjugation.ts.
 */
import { isModifierForm } from "../hangul.ts";
import { copula, type KoreanForm, passiveOf, qualityVerb, verbForm } from "../korean-conjugation.ts";
import type { Token } from "../tokens.ts";
import { writtenToken as written } from "./en-ko-clauses.ts";
import { countsWithCounters } from "./en-ko-counts.ts";
import { addAdverb, sentenceTail, type Tail } from "./en-ko-sentence-tail.ts";
import {
  ADVERBS,
  agrees,
  auxiliary,
  BE,
  DETERMINERS,
  DO,
  DROPPED,
  data,
  HAVE,
  IRREGULAR,
  type Item,
  imperative,
  isFunctionWord,
  itemsOf,
  MODALS,
  NOT,
  type NounPhrase,
  nounItem,
  nounPhrase,
  OBJECT_PRONOUNS,
  PLEASE,
  SPACE,
  SPLIT_AT,
  type Verb,
  verbAt,
  verbBase,
} from "./en-ko-sentence-words.ts";

interface Clause {
  mood: "statement" | "request" | "please" | "prohibit";
  subject?: NounPhrase;
  modal?: string;
  negated: boolean;
  past: boolean;
  passive: boolean;
  progressive?: boolean;
  /** be + a state a verb says (We are open: the shop does business): the verb is read already. */
  state?: boolean;
  verb?: Verb;
  /** What the subject is (be + noun phrase or quality), when there is no verb. */
  complement?: NounPhrase;
  object?: NounPhrase;
  tail: Tail<Clause>;
}

/** Reads a whole clause, or undefined when any word is left over. */
function readClause(items: Item[], sentenceCase: boolean, sub?: string): Clause | undefined {
  const c: Clause = { mood: "statement", negated: false, past: false, passive: false, tail: emptyTail() };
  let k = 0;
  if (PLEASE.has(items[k]?.w ?? "")) {
    c.mood = "please";
    k++;
  }
  // Thoroughly cook meat: an adverb before the act is said right before the verb.
  while (leadingAdverb(items[k]) && verbBase(items[k + 1]?.w ?? "")) {
    const it = items[k++] as Item;
    if (ADVERBS.has(it.w)) addAdverb(c.tail, it.w);
    else c.tail.manner.push(it.t.entry?.out.ko ?? "");
  }
  // Do not touch; a label in title case (Do Not Microwave) is the phrase passes' (X geumji).
  if (DO.has(items[k]?.w ?? "") && NOT.has(items[k + 1]?.w ?? "") && (sentenceCase || c.mood === "please")) {
    c.mood = "prohibit";
    k += 2;
  }
  let verb = c.mood === "statement" ? undefined : verbAt(items, k);
  if (!verb && c.mood === "statement") {
    // A subject: a pronoun (not written, as Korean copy leaves it out) or a noun phrase.
    const w = items[k]?.w ?? "";
    const base = verbBase(w.split(" ")[0] ?? "");
    // when coughing, before eating: the act alone.
    const act =
      !!sub &&
      base !== undefined &&
      (/ing$/.test(w) || (sub === "inOrderTo" && w === base) || sub === "then");
    if (DROPPED.has(w) && !(DETERMINERS.has(w) && nounItem(items[k + 1]))) k++;
    else if (act) c.mood = "statement";
    else if (base === undefined || (w !== base && !w.startsWith(`${base} `))) {
      const np = nounPhrase(items, k, true);
      if (
        !np ||
        // 30-day returns: a measure alone is what the noun after it is of, not a subject.
        np[0].tokens.every(
          (t) => (t.kind === "rule" && /\d/.test(t.src)) || t.kind === "number" || t.kind === "space",
        ) ||
        (!sentenceCase && !auxiliary(items[np[1]]?.w)) ||
        !agrees(
          np[0],
          items.slice(np[1]).find((it) => !ADVERBS.has(it.w)),
        )
      )
        return undefined;
      c.subject = np[0];
      k = np[1];
    } else if (sub || !sentenceCase || !imperative(items, k, base)) return undefined;
    else
      c.mood =
        STATEMENT_VERBS.has(w) || STATEMENT_VERBS.has(`${w} ${items[k + 1]?.w}`) ? "statement" : "request";
    if (c.mood === "statement" && !act) {
      const read = verbGroup(items, k, c);
      if (read === undefined) return undefined;
      k = read;
      if (!c.verb) return complement(items, k, c) ? c : undefined;
    }
    verb = c.state ? [c.verb as Verb, k] : verbAt(items, k);
  }
  if (!verb) return undefined;
  const start = k;
  [c.verb, k] = verb;
  // feel sick, look great: the quality is what is said.
  const quality = items[k];
  if (COPULA_VERBS.has(c.verb.en) && quality && isModifierForm(quality.t.entry?.out.ko ?? "")) {
    [c.complement, c.verb] = [{ tokens: [quality.t], ours: false }, undefined];
    return sentenceTail(items, k + 1, c.tail, () => undefined) ? c : undefined;
  }
  // would like to thank, want to know: the wish is the ending of the act.
  if (/^(like|love|want)$/.test(verbBase(items[k - 1]?.w ?? "") ?? "") && items[k]?.w === "to") {
    const wished = verbAt(items, k + 1);
    if (wished) [[c.verb, k], c.modal] = [wished, "want"];
  }
  while (ADVERBS.has(items[k]?.w ?? "") && (nounItem(items[k + 1]) || DETERMINERS.has(items[k + 1]?.w ?? "")))
    addAdverb(c.tail, items[k++]?.w ?? "");
  // Thank you, contact us, recycle me: the person spoken to or about is not written.
  if (OBJECT_PRONOUNS.has(items[k]?.w ?? "")) k++;
  else {
    const object = nounPhrase(items, k, false);
    if (object) [c.object, k] = object;
  }
  const base = verbBase(items[start]?.w ?? "") ?? "";
  return sentenceTail(items, k, c.tail, (rest, conj) => readClause(rest, true, conj), base) ? c : undefined;
}

const emptyTail = (): Tail<Clause> => ({ adverbs: [], glued: "", phrases: [], manner: [] });

/** The verb group from `k`: modal, do, have been, be, not; the verb itself when it is one. */
function verbGroup(items: Item[], k: number, c: Clause): number | undefined {
  const at = (j: number) => items[j]?.w ?? "";
  const modal = MODALS.get(`${at(k)} ${at(k + 1)}`) ?? MODALS.get(at(k));
  if (modal) {
    c.modal = modal;
    k += MODALS.has(`${at(k)} ${at(k + 1)}`) ? 2 : 1;
  }
  if (DO.has(at(k))) {
    c.past = at(k) === "did";
    k++;
  }
  if (NOT.has(at(k))) [c.negated, k] = [true, k + 1];
  if (HAVE.has(at(k)) && at(k + 1) === "been") [c.past, k] = [true, k + 1];
  if (BE.has(at(k))) {
    c.past ||= /^(was|were)$/.test(at(k));
    k++;
    if (NOT.has(at(k))) [c.negated, k] = [true, k + 1];
    while (ADVERBS.has(at(k)) && ADVERBS.get(at(k)) !== "") addAdverb(c.tail, at(k++));
    const state = BE_STATES.get(at(k));
    if (state) {
      [c.verb, c.state] = [{ en: at(k), ko: state }, true];
      return k + 1;
    }
    // is wearing, are shipping: the act going on.
    if (/ing$/.test(at(k)) && verbAt(items, k)) {
      c.progressive = true;
      c.verb = verbAt(items, k)?.[0];
      return k;
    }
    const participle = /(ed|en|wn|de|lt|ld|ht|nt)$/.test(at(k)) && verbAt(items, k);
    if (!participle) return k;
    c.passive = true;
  } else {
    while (ADVERBS.has(at(k)) && ADVERBS.get(at(k)) !== "") addAdverb(c.tail, at(k++));
    if (!verbAt(items, k)) return undefined;
    c.past ||= /ed$/.test(at(k)) || (IRREGULAR.has(at(k)) && !modal);
  }
  c.verb = verbAt(items, k)?.[0];
  return k;
}

/** be + a noun phrase or a quality (This product is not a toy, Pets are welcome): what the subject is. */
function complement(items: Item[], k: number, c: Clause): boolean {
  const np = nounPhrase(items, k, false);
  if (!np) return false;
  c.complement = np[0];
  return sentenceTail(items, np[1], c.tail, () => undefined);
}

const REQUEST_ADVERBS: Record<string, string | undefined> = data.requestAdverbs;
const COPULA_VERBS = new Set(data.copulaVerbs);
const SUBJECTS = new Set(data.subjects.pronouns);
const BE_STATES = new Map<string, string>(Object.entries(data.beStates));
const ERGATIVE = new Set(data.ergative);
const SENSES: Record<string, unknown> = data.senses;
const STATEMENT_VERBS = new Set(data.statementVerbs);
const STATEMENT_END = new RegExp(data.statementEnd);

/** The ending of the clause's verb: its mood, modal, tense and negation. */
function formOf(c: Clause, conjunction?: string): KoreanForm {
  if (conjunction) return (c.negated && conjunction === "cond" ? "unless" : conjunction) as KoreanForm;
  if (c.mood === "prohibit") return "prohibit";
  if (c.mood === "please") return "request";
  if (c.mood === "request") return "honorific";
  if (c.modal === "can") return c.negated ? "cannot" : "can";
  if (c.modal === "must") return c.negated ? "mustNot" : "must";
  if (c.modal === "want") return "want";
  if (c.progressive && !c.negated && !c.past) return "progressive";
  if (c.past) return c.negated ? "pastNot" : "politePast";
  return c.negated ? "not" : "polite";
}

const particle = (ko: string): Token => written(`~${ko}`, "p");

/** The clause in Korean order, or undefined when its verb has no form for it. */
function writeClause(c: Clause, conjunction?: string): Token[] | undefined {
  const out: Token[] = [];
  if (c.tail.clause) {
    const sub = writeClause(c.tail.clause.clause, c.tail.clause.conjunction);
    if (!sub) return undefined;
    out.push(...sub, SPACE);
  }
  if (c.tail.written) out.push(c.tail.written, SPACE);
  if (c.subject) {
    const topic = c.subject.ours ? [written(data.subjects.oursKo, "n"), SPACE] : [];
    out.push(
      ...topic,
      ...c.subject.tokens,
      // What happened (Your order has been shipped) is said of its subject, not of a topic.
      particle(conjunction || c.past ? data.particles.subject : data.particles.topic),
      SPACE,
    );
  }
  // Now: the time of a statement (now delivers), the moment of a request (order now).
  const asked = c.mood === "statement" ? {} : REQUEST_ADVERBS;
  for (const adverb of c.tail.adverbs) out.push(written(asked[adverb] ?? adverb, "n"), SPACE);
  for (const { np, post } of [...c.tail.phrases].reverse()) {
    out.push(...np.tokens);
    if (post.startsWith(" ")) out.push(SPACE, written(post.trim(), "n"), SPACE);
    else out.push(...(post ? [particle(post)] : []), SPACE);
  }
  if (c.object) {
    const marker = c.tail.glued || c.verb?.particle || data.particles.object;
    out.push(...c.object.tokens, ...(marker === data.particles.none ? [] : [particle(marker)]), SPACE);
  } else if (c.tail.glued && out.length) out.splice(out.length - 1, 0, particle(c.tail.glued));
  for (const adverb of c.tail.manner) out.push(written(adverb, "n"), SPACE);
  let then = c.tail.joined;
  // Wash and dry your hands: an object after the second act is the object of both.
  const thanks = STATEMENT_VERBS.has(c.verb?.en ?? "");
  if (then?.object && !c.object && !c.tail.phrases.length && !thanks) {
    [c.object, then] = [then.object, { ...then, object: undefined }];
    out.push(...c.object.tokens, particle(c.verb?.particle ?? data.particles.object), SPACE);
  }
  const ending = verbEnding(c, then && !thanks ? "and" : conjunction);
  if (!ending) return undefined;
  out.push(...ending);
  if (!then) return out;
  // Shop now and save: the first act joined to the next, which takes the clause's ending.
  // Thank you & come again: a thanks is said whole, and the act after it is asked for.
  const mood = thanks ? "request" : c.mood;
  const next = writeClause({ ...then, mood, modal: c.modal, negated: c.negated, past: c.past }, conjunction);
  return next && [...out, SPACE, ...next];
}

function verbEnding(c: Clause, conjunction?: string): Token[] | undefined {
  if (c.complement) {
    const np = c.complement.tokens;
    const last = np.at(-1);
    const ko = np.length === 1 ? last?.entry?.out.ko : undefined;
    // A quality (Pets are welcome, Sizes are small) is said as a statement; a noun with the copula.
    if (ko && STATEMENT_END.test(ko) && !c.negated && !conjunction) return [written(ko, "n", last?.src)];
    const quality = ko && isModifierForm(ko) ? qualityVerb(ko) : undefined;
    if (quality) {
      const said = verbForm(quality, formOf(c, conjunction));
      return said ? [written(said, "n", last?.src)] : undefined;
    }
    if (!last || conjunction || !/\p{Script=Hangul}$/u.test(last.entry?.out.ko ?? "")) return undefined;
    return [...np, ...copula(c.negated).map((ko) => written(ko, ko.startsWith("~") ? "p" : "n"))];
  }
  if (!c.verb) return undefined;
  const head = c.object?.tokens.at(-1)?.src.toLowerCase() ?? "";
  const sense = (SENSES[c.verb.en] as Record<string, string> | undefined)?.[head];
  const active = sense ?? (!c.object && c.verb.intransitive ? c.verb.intransitive : c.verb.ko);
  // Orders ship within 24 hours: a thing that ships is shipped.
  if (c.subject && !c.object && ERGATIVE.has(c.verb.en)) c.passive = true;
  const dictionary = c.passive ? (passiveOf(active, data.passives) ?? active) : active;
  const ko = verbForm(dictionary, formOf(c, conjunction));
  return ko ? [written(ko, "n")] : undefined;
}

/** Whether a clause's words are written as a sentence (some word of four letters or more in lower case). */
function sentenceCased(tokens: Token[]): boolean {
  const words = tokens.flatMap((t) => (t.kind === "space" ? [] : t.src.split(" ")));
  // Title case leaves prepositions in lower case (Protect Your Skin from the Sun): they do not count.
  return words.slice(1).some((w) => /^[a-z]{4,}/.test(w) && !isFunctionWord(w));
}

/**
 * The clauses of a line that read as sentences are written here; the rest (a run of tokens between them)
 * go through `others`, the phrase passes. A line with no sentence is left to them whole.
 */
export function sentences(out: Token[], moved: Set<Token>, others: (part: Token[]) => void): void {
  const parts: { tokens: Token[]; written?: Token[] }[] = [];
  let start = 0;
  for (let i = 0; i <= out.length; i++) {
    const t = out[i];
    if (t && !(t.kind === "punct" && (SPLIT_AT.test(t.src) || t.src === ","))) continue;
    const tokens = out.slice(start, i);
    const items = itemsOf(tokens);
    const clause = items.length > 1 ? readClause(items, sentenceCased(tokens) || t?.src === "!") : undefined;
    const writtenClause = clause && writeClause(clause);
    if (writtenClause) countsWithCounters(writtenClause);
    const lead = tokens.filter((x, k) => x.kind === "space" && k === 0);
    parts.push({
      tokens: writtenClause ? tokens : withoutPronoun(tokens),
      written: writtenClause && [...lead, ...writtenClause],
    });
    if (t) parts.push({ tokens: [t] });
    start = i + 1;
  }
  if (!parts.some((p) => p.written)) {
    out.splice(0, out.length, ...parts.flatMap((p) => p.tokens));
    others(out);
    return;
  }
  const result: Token[] = [];
  let pending: Token[] = [];
  const flush = () => {
    others(pending);
    result.push(...pending);
    pending = [];
  };
  for (const p of parts) {
    if (!p.written) {
      pending.push(...p.tokens);
      continue;
    }
    flush();
    for (const t of p.written) moved.add(t);
    result.push(...p.written);
  }
  flush();
  out.splice(0, out.length, ...result);
}

const leadingAdverb = (it: Item | undefined) =>
  !!it && (ADVERBS.has(it.w) || (/^[a-z]{3,}ly$/.test(it.w) && it.t.kind === "lex" && !!it.t.entry?.out.ko));

/**
 * A clause the sentence path could not read still loses its pronoun subject (It keeps your drinks cold),
 * which Korean copy leaves out; a word in capitals (IT) is no pronoun.
 */
function withoutPronoun(tokens: Token[]): Token[] {
  const first = tokens.findIndex((t) => t.kind !== "space");
  const t = tokens[first];
  const next = tokens.slice(first + 1).find((x) => x.kind !== "space");
  if (
    !t ||
    !next ||
    t.kind !== "lex" ||
    !/^[A-Za-z][a-z]+$/.test(t.src) ||
    !SUBJECTS.has(t.src.toLowerCase())
  )
    return tokens;
  return tokens.filter((_, k) => k !== first && !(k === first + 1 && tokens[k]?.kind === "space"));
}
