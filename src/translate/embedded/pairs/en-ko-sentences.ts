/**
 * English sentences into Korean, a shallow transfer in the Apertium tradition: a clause is chunked into
 * its subject noun phrase, its verb group (modal, negation, tense, passive), its object, the phrases
 * after it (a preposition and its noun phrase, an adverb) and a when/if/before clause, then written in
 * Korean order (clause, subject, adverbs, phrases, object, verb) with the particles the sounds choose and
 * an ending that fits: a statement (배송합니다), a request (가리세요, with "please" 낮춰 주세요), a
 * prohibition (만지지 마세요). A clause it cannot read whole is left to the phrase passes (en-ko.ts), and
 * so is a headline in title case that opens with a verb (Protect Your Skin), which a Korean shop ends
 * with the action noun. Words: resources/grammar/en-ko-sentences.json; endings: korean-verb-forms.ts.
 */
import { isModifierForm, pickParticle, toStatement } from "../hangul.ts";
import { copula, passiveOf, type VerbForm, verbForm } from "../korean-verb-forms.ts";
import type { Token } from "../tokens.ts";
import { writtenToken as written } from "./en-ko-clauses.ts";
import { sentenceTail, type Tail } from "./en-ko-sentence-tail.ts";
import {
  ADVERBS,
  BE,
  DO,
  DROPPED,
  DETERMINERS,
  data,
  finite,
  HAVE,
  IRREGULAR,
  type Item,
  itemsOf,
  MODALS,
  NOT,
  type NounPhrase,
  nounItem,
  nounPhrase,
  PLEASE,
  SPACE,
  SPLIT_AT,
  type Verb,
  VERBS,
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
  verb?: Verb;
  /** What the subject is (be + noun phrase or quality), when there is no verb. */
  complement?: NounPhrase;
  object?: NounPhrase;
  tail: Tail<Clause>;
}

/** Reads a whole clause, or undefined when any word is left over. */
function readClause(items: Item[], sentenceCase: boolean, sub = false): Clause | undefined {
  const c: Clause = { mood: "statement", negated: false, past: false, passive: false, tail: emptyTail() };
  let k = 0;
  if (PLEASE.has(items[k]?.w ?? "")) {
    c.mood = "please";
    k++;
  }
  if (DO.has(items[k]?.w ?? "") && NOT.has(items[k + 1]?.w ?? "")) {
    c.mood = "prohibit";
    k += 2;
  }
  let verb = c.mood === "statement" ? undefined : verbAt(items, k);
  if (!verb && c.mood === "statement") {
    // A subject: a pronoun (not written, as Korean copy leaves it out) or a noun phrase.
    const w = items[k]?.w ?? "";
    if (DROPPED.has(w) && !(DETERMINERS.has(w) && nounItem(items[k + 1]))) k++;
    else if (!verbBase(w) || !finite(items, k + 1)) {
      const np = nounPhrase(items, k, true);
      if (!np || (!sentenceCase && !auxiliary(items[np[1]]?.w))) return undefined;
      c.subject = np[0];
      k = np[1];
    } else if (sub || !sentenceCase) return undefined;
    else c.mood = "request";
    if (c.mood === "statement") {
      const read = verbGroup(items, k, c);
      if (read === undefined) return undefined;
      k = read;
      if (!c.verb) return complement(items, k, c) ? c : undefined;
    }
    verb = verbAt(items, k);
  }
  if (!verb) return undefined;
  [c.verb, k] = verb;
  // would like to thank, want to know: the wish is the ending of the act.
  if (/^(like|love|want)$/.test(verbBase(items[k - 1]?.w ?? "") ?? "") && items[k]?.w === "to") {
    const wished = verbAt(items, k + 1);
    if (wished) [[c.verb, k], c.modal] = [wished, "want"];
  }
  const object = nounPhrase(items, k, false);
  if (object && !(DROPPED.has(items[k]?.w ?? "") && object[1] === k + 1)) [c.object, k] = object;
  else if (/^(you|us|me|them|it)$/.test(items[k]?.w ?? "")) k++;
  return sentenceTail(items, k, c.tail, (rest) => readClause(rest, true, true)) ? c : undefined;
}

const auxiliary = (w: string | undefined) => !!w && (MODALS.has(w) || BE.has(w) || HAVE.has(w) || DO.has(w));
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
    while (ADVERBS.has(at(k)) && ADVERBS.get(at(k)) !== "")
      c.tail.adverbs.push(ADVERBS.get(at(k++)) as string);
    const participle = /(ed|en|wn|de|lt|ld|ht|nt)$/.test(at(k)) && verbAt(items, k);
    if (!participle) return k;
    c.passive = true;
  } else {
    while (ADVERBS.has(at(k)) && ADVERBS.get(at(k)) !== "")
      c.tail.adverbs.push(ADVERBS.get(at(k++)) as string);
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

/** The ending of the clause's verb: its mood, modal, tense and negation. */
function formOf(c: Clause, conjunction?: string): VerbForm {
  if (conjunction) return (c.negated && conjunction === "if" ? "unless" : conjunction) as VerbForm;
  if (c.mood === "prohibit") return "dont";
  if (c.mood === "please") return "please";
  if (c.mood === "request") return "request";
  if (c.modal === "can") return c.negated ? "cannot" : "can";
  if (c.modal === "must") return c.negated ? "mustNot" : "must";
  if (c.modal === "want") return "want";
  if (c.past) return c.negated ? "pastNot" : "past";
  return c.negated ? "not" : "statement";
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
  if (c.subject) {
    const topic = c.subject.ours ? [written(data.subjects.oursKo, "n"), SPACE] : [];
    out.push(
      ...topic,
      ...c.subject.tokens,
      particle(conjunction ? data.particles.subject : data.particles.topic),
      SPACE,
    );
  }
  for (const adverb of c.tail.adverbs) out.push(written(adverb, "n"), SPACE);
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
  const ending = verbEnding(c, conjunction);
  if (!ending) return undefined;
  out.push(ending);
  return out;
}

function verbEnding(c: Clause, conjunction?: string): Token | undefined {
  if (c.complement) {
    const np = c.complement.tokens;
    const last = np.at(-1);
    const ko = np.length === 1 ? last?.entry?.out.ko : undefined;
    // A quality (Pets are welcome, Sizes are small) is said as a statement; a noun with the copula.
    if (ko && isModifierForm(ko) && !c.negated) {
      const statement = toStatement(ko);
      return statement ? written(statement, "n", last?.src) : undefined;
    }
    if (!last || conjunction) return undefined;
    const noun = np
      .map((t) => (t.kind === "space" ? " " : (t.entry?.out.ko ?? (t.kind === "latin" ? t.src : undefined))))
      .join("");
    if (noun.includes("undefined") || !/\p{Script=Hangul}$/u.test(noun)) return undefined;
    c.complement.tokens = [];
    return written(copula(noun, c.negated, pickParticle), "n");
  }
  if (!c.verb) return undefined;
  const dictionary = c.passive ? (passiveOf(c.verb.ko, data.passives) ?? c.verb.ko) : c.verb.ko;
  const ko = verbForm(dictionary, formOf(c, conjunction));
  return ko ? written(ko, "n") : undefined;
}

/** Whether a clause's words are written as a sentence (some word of four letters or more in lower case). */
function sentenceCased(items: Item[]): boolean {
  return items.slice(1).some((it) => /^[a-z]{4,}/.test(it.t.src)) || items.at(-1)?.w === "!";
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
    const clause = items.length > 1 ? readClause(items, sentenceCased(items) || t?.src === "!") : undefined;
    const writtenClause = clause && writeClause(clause);
    const lead = tokens.filter((x, k) => x.kind === "space" && k === 0);
    parts.push({ tokens, written: writtenClause && [...lead, ...writtenClause] });
    if (t) parts.push({ tokens: [t] });
    start = i + 1;
  }
  if (!parts.some((p) => p.written)) {
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
