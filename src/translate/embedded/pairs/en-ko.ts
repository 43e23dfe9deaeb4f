/**
 * English -> Korean: a "for" phrase goes in front of the noun it follows (Shoes for Men: men's shoes), a
 * bound after its number (Over 10,000: 10,000 and more), and words whose Korean depends on their
 * neighbours ("and" between two qualities, "Extra" and "Most" before one, "Free" after a noun).
 */
import data from "../../resources/grammar/en-ko.json" with { type: "json" };
import type { PairGrammar } from "../grammar.ts";
import { isModifierForm, isQuality, pickParticle, toConnective, toRequest } from "../hangul.ts";
import { KOREAN } from "../korean-words.ts";
import type { Piece, Token } from "../tokens.ts";
import {
  clauseVerb,
  clauseVerbsLast,
  listComma,
  negations,
  postpositionsAfter,
  qualityAfterPhrase,
  timeFirst,
  withAsMeans,
  writtenToken as written,
} from "./en-ko-clauses.ts";
import { conditionsFirst } from "./en-ko-conditions.ts";
import { countsWithCounters } from "./en-ko-counts.ts";
import { contrastOrPurpose, thanBefore } from "./en-ko-joins.ts";
import { madeByIn } from "./en-ko-made.ts";
import { sentences } from "./en-ko-sentences.ts";

const KO = data.ko;
const BOUNDS = new Set(data.sets.boundsBeforeHead);
const ENDS_CLAUSE = /^[,.;:!?]$/;
const AFTER_NUMBER = new Set(data.sets.afterNumber);
const DONE = new Set(data.sets.doneWords);
const UNWRITTEN = new Set(data.sets.unwrittenObjects);

export const englishKorean: PairGrammar = {
  order: "vo-to-ov",
  spacedSource: true,
  beforeReorder: (out, moved) => sentences(out, moved, (part) => phrasePasses(part, moved)),
  keepsInObject: (out, i, end, isObjectPart) =>
    listComma(out, i, end, isObjectPart) || andInObject(out, end, isObjectPart),
  afterReorder: englishComparatives,
  pieces: neighbours,
};

/** The passes of a line, or a part of one, that the sentence path did not read (en-ko-sentences.ts). */
function phrasePasses(out: Token[], moved: Set<Token>): void {
  madeByIn(out, moved);
  forPhrasesFirst(out, moved);
  keepAs(out, moved);
  negations(out);
  countsWithCounters(out);
  withAsMeans(out);
  postpositionsAfter(out);
  boundsBeforeHead(out);
  percentOf(out);
  discountTarget(out);
  qualityAfterPhrase(out);
  clauseVerbsLast(out, moved);
  timeFirst(out);
  conditionsFirst(out);
}

export const englishJapanese: PairGrammar = { order: "vo-to-ov", spacedSource: true };

/**
 * "Shoes for Men" is men's shoes: an English "for" phrase that Korean writes as X-yong goes, with its object,
 * in front of the noun it follows. The "for" is then already after its object and counts as moved.
 */
function forPhrasesFirst(out: Token[], moved: Set<Token>): void {
  const nounPart = (t: Token | undefined) =>
    !!t && ((t.kind === "lex" && t.pos === "n") || t.kind === "latin" || t.kind === "number");
  for (let i = 1; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.kind !== "lex" || !t.entry?.out.ko?.endsWith(KO.use)) continue;
    const src = t.src.toLowerCase();
    // Either "for" and its object, or a glossary phrase that is both ("for Men").
    const whole = src.startsWith("for ") && t.pos === "n";
    if (!whole && (t.pos !== "v" || src !== "for")) continue;
    // The object: noun pieces after "for", spaces between them.
    let end = i + 1;
    if (!whole) {
      while (nounPart(out[end]) || (out[end]?.kind === "space" && nounPart(out[end + 1]))) end++;
      if (end === i + 1) continue;
    }
    // The head: noun pieces before "for".
    let start = i - 1;
    if (out[start]?.kind === "space") start--;
    if (!nounPart(out[start])) continue;
    while (nounPart(out[start - 1]) || (out[start - 1]?.kind === "space" && nounPart(out[start - 2])))
      start--;
    const head = out.slice(start, out[i - 1]?.kind === "space" ? i - 1 : i);
    const object = whole ? [] : out.slice(out[i + 1]?.kind === "space" ? i + 2 : i + 1, end);
    const space: Token = { src: " ", kind: "space", pos: "n" };
    out.splice(start, end - start, ...object, t, space, ...head);
    moved.add(t);
    i = start + object.length + 1 + head.length;
  }
}

/** English words that Korean writes after the number they bound: "Over 10,000" -> 10,000 and more. */

function englishComparatives(out: Token[]): void {
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.kind !== "lex" || !AFTER_NUMBER.has(t.src.toLowerCase())) continue;
    let end = i + 1;
    if (out[end]?.kind === "space") end++;
    // A number, or an amount a rule read (Under $20).
    const amount = out[end]?.kind === "rule" && /^[$£€]?\d/.test(out[end]?.src ?? "");
    if (out[end]?.kind !== "number" && out[end]?.number === undefined && !amount) continue;
    end++;
    // The unit or counter that goes with the number stays with it: "Over 50 Hours" -> 50 hours and more.
    if (out[end]?.kind === "space" && out[end + 1]?.pos === "cl") end += 2;
    else if (out[end]?.pos === "cl") end++;
    const counted = end === i + 3 ? countedNoun(out, end) : undefined;
    out.splice(i, 1);
    if (counted) {
      // Over 5,000 Reviews: the count takes its counter and the bound qualifies the noun.
      const number = out[end - 2] as Token;
      const amount = number.rule?.render("ko") ?? number.entry?.out.ko ?? number.src;
      // A count ending in a Korean magnitude word is spaced from its counter, as Korean writes it.
      const ko = `${amount}${/\p{Script=Hangul}$/u.test(amount) ? " " : ""}${counted}`;
      out[end - 2] = { ...number, kind: "lex", entry: { out: { ko }, pos: "n", kind: "dict" } };
      // ... but an act done so many times is said of the act (Over 10,000 Sold).
      const done = out[end]?.src.toLowerCase() ?? "";
      const of = DONE.has(done) || /ed$/.test(done) ? "" : KO.of;
      out.splice(end - 1, 0, {
        ...t,
        entry: { out: { ko: `${t.entry?.out.ko ?? ""}${of}` }, pos: "n", kind: "glossary" },
      });
    } else out.splice(end - 1, 0, t);
    i = end - 1;
  }
}

/** The counter a bare count takes before the noun at `at` (after a space): people's, or things'. */
function countedNoun(out: Token[], at: number): string | undefined {
  const noun = out[at + 1];
  if (out[at]?.kind !== "space" || noun?.kind !== "lex" || noun.pos !== "n") return undefined;
  const ko = noun.entry?.out.ko ?? "";
  if (!/^\p{Script=Hangul}/u.test(ko)) return undefined;
  return KOREAN.person.test(ko) ? KO.people : KO.pieces;
}

/**
 * English words whose Korean depends on their neighbours: "and" between two qualities is the connective
 * ending (Durable and Long Lasting), not the word "and"; "Extra" before a quality is "very" (Extra
 * Wide); "Free" after a noun is written as the loanword (examples: en-ko-examples.json).
 */
function neighbours(pieces: Piece[]): void {
  pleaseAsRequest(pieces);
  thanBefore(pieces);
  const words = pieces.filter((p) => p.text !== "" && p.token.kind !== "space");
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Piece;
    const src = w.token.src.toLowerCase();
    const prev = words[i - 1];
    const next = words[i + 1];
    const lastWord = (p: Piece | undefined) => p?.text.split(" ").at(-1) ?? "";
    const firstWord = (p: Piece | undefined) => p?.text.split(" ")[0] ?? "";
    // Quick and Easy Setup: the second quality may be written with its noun (Easy Setup is one row).
    if (
      (src === "and" || src === "&") &&
      prev &&
      next &&
      isModifierForm(lastWord(prev)) &&
      (isModifierForm(lastWord(next)) || isModifierForm(firstWord(next)))
    ) {
      w.text = "";
      // The writing joins two modifiers only when the second ends its piece; here "and" says they are a list.
      const connective = toConnective(lastWord(prev));
      if (connective && !isModifierForm(lastWord(next)))
        prev.text = `${prev.text.slice(0, prev.text.length - lastWord(prev).length)}${connective}`;
    }
    // Lightweight yet Durable; Crafted for Everyday Comfort (en-ko-joins.ts).
    else if (contrastOrPurpose(w, prev, next, words)) continue;
    // Removable and Washable: two phrases ending in the same Korean word say it once.
    else if (
      src === "and" &&
      prev?.text.includes(" ") &&
      lastWord(prev) !== "" &&
      lastWord(prev) === lastWord(next)
    )
      prev.text = prev.text.slice(0, prev.text.length - lastWord(prev).length).trimEnd();
    // Kids and Pets: two nouns are joined with the particle ko.and, as Korean copy lists them; a longer
    // list (Cable, Charger and Case) keeps the word "and".
    else if (src === "and" && nounWord(prev) && nounWord(next) && words[i - 2]?.token.src !== ",") {
      w.text = "";
      (prev as Piece).text += pickParticle((prev as Piece).text, KO.and);
    }
    // "Now" is the price label before an amount (Now $19.99), else the time (Pre-Order Now).
    else if (src === "now" && !/^[$£€]?\d/.test(next?.token.src ?? "")) w.text = KO.now;
    // A closing "Only" (Authentic Products Only) is glued to what it limits, as ko.onlyAfter.
    else if (src === "only" && prev && !next) {
      w.text = "";
      prev.text += KO.onlyAfter;
    } else if (src === "extra" && next && isQuality(next.text.split(" ")[0] ?? "")) w.text = KO.more;
    else if (src === "most" && next && isQuality(next.text.split(" ")[0] ?? "")) w.text = KO.most;
    else if (src === "," && prev && next && isModifierForm(lastWord(prev)) && isModifierForm(lastWord(next)))
      w.text = "";
    else if (
      src === "free" &&
      ((prev?.token.kind === "lex" && prev.token.pos === "n") || prev?.token.kind === "latin") &&
      (!next || next.token.kind === "punct")
    )
      w.text = KO.free;
  }
}

const isNounPart = (t: Token | undefined) =>
  !!t &&
  (t.kind === "lex" || t.kind === "latin" || t.kind === "number" || t.kind === "rule") &&
  t.pos !== "v";
const clauseBreak = (t: Token | undefined) => !t || (t.kind === "punct" && ENDS_CLAUSE.test(t.src));

/**
 * A bound that closes a noun phrase (Free Returns Within 30 Days, Fast Charging in 2 Hours) goes in front
 * of it: Korean puts what qualifies a noun before it (within 30 days, free returns). Only in a clause a noun
 * opens; a verb's clause puts the verb last instead. Which postpositions and rules: sets.boundsBeforeHead.
 */
function boundsBeforeHead(out: Token[]): void {
  let start = 0;
  for (let i = 0; i <= out.length; i++) {
    if (!clauseBreak(out[i])) continue;
    let a = start;
    while (out[a]?.kind === "space") a++;
    let z = i;
    while (z > a && out[z - 1]?.kind === "space") z--;
    const bound = out[z - 1];
    const name = bound?.kind === "rule" ? bound.rule?.rule : bound?.src.toLowerCase();
    const opener = out[a];
    // "within 30 days of purchase": the bound is said of more than the phrase before it; left as it is.
    const clause = out.slice(a, z);
    const of = clause.some((t) => t.src.toLowerCase() === "of");
    if (bound && name && BOUNDS.has(name) && opener && !of && !clauseVerb(opener.src) && opener.pos !== "v") {
      // The bound's phrase: back over its noun parts to the head's last word, which a space ends.
      let b = z - 1;
      if (bound.kind !== "rule") {
        if (out[b - 1]?.kind === "space") b--;
        while (b > a && isNounPart(out[b - 1])) b--;
        // A count goes with its unit (Within 1 Year).
        if (out[b - 1]?.kind === "space" && out[b - 2]?.kind === "number") b -= 2;
      }
      const head = out.slice(a, b);
      if (head.some((t) => t.kind !== "space") && head.every((t) => isNounPart(t) || t.kind === "space")) {
        const phrase = out.slice(b, z);
        const written = head.filter((t, k) => t.kind !== "space" || k < head.length - 1);
        out.splice(a, z - a, ...phrase, SPACE, ...written.filter((t, k) => k > 0 || t.kind !== "space"));
      }
    }
    start = i + 1;
  }
}

const SPACE: Token = { src: " ", kind: "space", pos: "n" };

/** "99% of Germs": the share after what it is a share of (germs 99%), as Korean writes it. */
function percentOf(out: Token[]): void {
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.kind !== "rule" || !/%$/.test(t.src)) continue;
    let j = i + 1;
    while (out[j]?.kind === "space") j++;
    if (out[j]?.src.toLowerCase() !== "of") continue;
    let k = j + 1;
    while (out[k]?.kind === "space") k++;
    let end = k;
    while (isNounPart(out[end]) || (out[end]?.kind === "space" && isNounPart(out[end + 1]))) end++;
    if (end === k) continue;
    const phrase = [...out.slice(k, end), SPACE, t];
    out.splice(i, end - i, ...phrase);
    i += phrase.length - 1;
  }
}

const KEEP = data.keepAs;
const POSSESSIVES = new Set(data.sets.possessives);
const KEEP_VERBS = new Set(KEEP.verbs);
const KEEP_AFTER = new Set(KEEP.after);
const KEEP_ADVERBS = new Map<string, string>(Object.entries(KEEP.adverbs));

/**
 * "Keeps Drinks Hot for 12 Hours": the state is an adverb before the verb, the object marked, a duration
 * between them (drinks-OBJ 12 hours hot keep). With no object (Stays Cool) the adverb alone goes before it.
 */
function keepAs(out: Token[], moved: Set<Token>): void {
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    if (!KEEP_VERBS.has(t.src.toLowerCase())) continue;
    let from = skip(out, i + 1);
    // The object's possessive is not written (Keep Your Baby Warm).
    if (POSSESSIVES.has(out[from]?.src.toLowerCase() ?? "") && isNounPart(out[skip(out, from + 1)]))
      from = skip(out, from + 1);
    let a = from;
    while (isNounPart(out[a]) && !KEEP_ADVERBS.has(out[a]?.src.toLowerCase() ?? "")) a = skip(out, a + 1);
    const adverb = KEEP_ADVERBS.get(out[a]?.src.toLowerCase() ?? "");
    if (!adverb) continue;
    let objectEnd = a;
    while (objectEnd > from && out[objectEnd - 1]?.kind === "space") objectEnd--;
    // Keeps You Warm: the reader as the object is not written, as Korean copy leaves it out.
    const objectWords = out.slice(from, objectEnd);
    const object =
      objectWords.length === 1 && UNWRITTEN.has(objectWords[0]?.src.toLowerCase() ?? "") ? [] : objectWords;
    let end = a + 1;
    const extra: Token[] = [];
    const after = skip(out, end);
    const afterSrc = out[after]?.src.toLowerCase() ?? "";
    if (out[after]?.kind === "rule" || KEEP_AFTER.has(afterSrc) || afterSrc.startsWith("for ")) {
      extra.push(out[after] as Token, SPACE);
      end = after + 1;
    }
    const verb = written(KEEP.verb, "v", t.src);
    const said = [
      ...(object.length ? [...object, written(KEEP.object, "p"), SPACE] : []),
      ...extra,
      written(adverb, "n", out[a]?.src),
      SPACE,
      verb,
    ];
    out.splice(i, end - i, ...said);
    moved.add(verb);
    i += said.length - 1;
  }
}

const skip = (out: Token[], i: number) => {
  while (out[i]?.kind === "space") i++;
  return i;
};

const COUNTED_FIRST = new Set(data.sets.countedFirst);

/**
 * "20% Off Everything", "Set of 6 Plates": what a discount is on, or what is counted, goes in front
 * (everything 20% off, plates set of 6).
 */
function discountTarget(out: Token[]): void {
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.kind !== "rule" || !(/\boff$/i.test(t.src) || COUNTED_FIRST.has(t.rule?.rule ?? ""))) continue;
    let k = skip(out, i + 1);
    if (POSSESSIVES.has(out[k]?.src.toLowerCase() ?? "")) k = skip(out, k + 1);
    let end = k;
    while (isNounPart(out[end]) || (out[end]?.kind === "space" && isNounPart(out[end + 1]))) end++;
    // Only a phrase that closes the clause: "20% Off for Members" is the for phrase's.
    if (end === k || !clauseBreak(out[skip(out, end)])) continue;
    const phrase = [...out.slice(k, end), SPACE, t];
    out.splice(i, end - i, ...phrase);
    i += phrase.length - 1;
  }
}

/** A piece that writes a plain noun in Hangul (a glossary or transfer noun, not a modifier, not glued). */
const nounWord = (p: Piece | undefined) =>
  !!p &&
  p.token.kind === "lex" &&
  p.token.pos === "n" &&
  !p.glueAfter &&
  // An English quality that a row writes as a noun (Removable) is not listed with a particle.
  !/(able|ible|ful|ive|ous|ic|proof|resistant|free|ed)$/i.test(p.token.src) &&
  /\p{Script=Hangul}$/u.test(p.text) &&
  !isModifierForm(p.text.split(" ").at(-1) ?? "");

const isAnd = (t: Token | undefined) => !!t && /^(and|&)$/i.test(t.src);

/** "Safe for Kids and Pets": nouns joined by "and" are one object, the verb after both. */
function andInObject(out: Token[], end: number, isObjectPart: (t: Token | undefined) => boolean): boolean {
  const at = out[end]?.kind === "space" && isAnd(out[end + 1]) ? end + 1 : end;
  if (!isAnd(out[at])) return false;
  let before = end - 1;
  while (out[before]?.kind === "space") before--;
  return isObjectPart(out[before]) && isObjectPart(out[skip(out, at + 1)]);
}

/** "Please Recycle": the request is the ending of the act that closes the clause (재활용하세요). */
function pleaseAsRequest(pieces: Piece[]): void {
  for (let k = 0; k < pieces.length; k++) {
    if (pieces[k]?.token.src.toLowerCase() !== "please") continue;
    let act: Piece | undefined;
    for (let j = k + 1; pieces[j] && pieces[j]?.token.kind !== "punct"; j++)
      if (pieces[j]?.text && pieces[j]?.token.kind !== "space") act = pieces[j];
    // Only an act: a verb, or the action noun a clause verb is written as.
    // An act with nothing after it (Please wait) is still written as its action noun's request.
    const alone = act && act.token.pos !== "v" ? clauseVerb(act.token.src) : undefined;
    const request = act?.token.pos === "v" ? toRequest(act.text) : alone && toRequest(alone);
    if (act && request) act.text = request;
  }
}
