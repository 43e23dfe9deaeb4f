/**
 * English -> Korean clause structure, for the callouts and instructions the phrase rows do not cover:
 *
 * - A verb opening a clause (Includes 2 Filters, Protect Your Skin from the Sun) goes behind everything it
 *   governs, written as the action noun a Korean shop ends the line with (필터 2개 포함, 햇빛으로부터 피부
 *   보호); a possessive right after it is dropped, as Korean copy does (Your Skin -> 피부).
 * - A preposition Korean writes as a postposition follows its noun phrase (within 30 Days -> 30일 이내,
 *   from the Sun -> 햇빛으로부터); "by" before an amount is not written (by Up to 90% -> 최대 90%).
 *
 * The verbs and word sets are data (resources/grammar/en-ko.json); examples: en-ko-examples.json.
 */
import data from "../../resources/grammar/en-ko.json" with { type: "json" };
import { isModifierForm } from "../hangul.ts";
import type { Token } from "../tokens.ts";

const VERBS = new Map<string, string>(Object.entries(data.clauseVerbs.verbs));
const POSSESSIVES = new Set(data.sets.possessives);
const HELPS = new Set(data.helps.words);
const POSTPOSITIONS = new Set(data.sets.postpositions);
const ARTICLES = new Set(data.sets.articles);
const FROM_AWAY = new Set(data.fromAway.verbs);
const CLAUSE_END = /^[,.;:!?]$/;
/** Qualities said of a place or seller, after it (Available at Walmart, Sold at Costco). */
const SAID_OF_PLACE = new Set(data.sets.saidOfPlace);

const isWord = (t: Token | undefined) =>
  !!t && (t.kind === "lex" || t.kind === "latin" || t.kind === "number" || t.kind === "rule");
export const isNounPart = (t: Token | undefined) => isWord(t) && t?.pos !== "v" && t?.pos !== "p";

/** Korean that says a thing is absent or not added: the last word is one of the negations' words. */
function saysAbsent(ko: string): boolean {
  const last = ko.split(" ").at(-1) ?? "";
  return last === data.negation.absent || Object.values(data.negation.negated).includes(last);
}

/** The Korean action noun of an English verb form (Includes, protects, carries), if it opens clauses. */
export function clauseVerb(src: string): string | undefined {
  // A verb with its particle (Comes with) is a row of its own: its first word takes the endings.
  const [w = "", particle] = src.toLowerCase().split(" ");
  if (!/^[a-z]+$/.test(w) || (particle !== undefined && !/^[a-z]+$/.test(particle))) return undefined;
  const rest = particle ? ` ${particle}` : "";
  for (const stem of [w, w.replace(/s$/, ""), w.replace(/es$/, ""), w.replace(/ies$/, "y")])
    if (stem.length >= 2 && VERBS.has(stem + rest)) return VERBS.get(stem + rest);
  return undefined;
}

function verbToken(t: Token, ko: string): Token {
  return { src: t.src, kind: "lex", pos: "v", entry: { out: { ko }, pos: "v", kind: "glossary" } };
}

/** Index of the next token that is not a space, from `i`. */
export const skipSpaces = (out: Token[], i: number) => {
  while (out[i]?.kind === "space") i++;
  return i;
};

export const SPACE: Token = { src: " ", kind: "space", pos: "n" };

/** A token that writes the given Korean (a pass's own wording), standing for `src`. */
export const writtenToken = (ko: string, pos: Token["pos"], src = ""): Token => ({
  src,
  kind: "lex",
  pos,
  entry: { out: { ko }, pos, kind: "glossary" },
});

/** Where the clause that starts at `i` ends (a comma outside a list of nouns, a full stop, the end). */
function clauseEnd(out: Token[], i: number): number {
  let end = i;
  const ends = (t: Token | undefined) =>
    t?.kind === "punct" && CLAUSE_END.test(t.src) && !listComma(out, i, end, isNounPart);
  while (end < out.length && !ends(out[end])) end++;
  return end;
}

/** Clause-opening verbs behind their clause, marked as moved for the generic word order. */
export function clauseVerbsLast(out: Token[], moved: Set<Token>): void {
  for (let start = 0; start < out.length; ) {
    let i = skipSpaces(out, start);
    // "Helps Reduce Frizz": the help is said after the act it helps.
    const helped: Token[] = [];
    const helpedAct = out[skipSpaces(out, i + 1)];
    if (HELPS.has(out[i]?.src.toLowerCase() ?? "") && helpedAct && clauseVerb(helpedAct.src)) {
      const help = out[i] as Token;
      helped.push({
        src: help.src,
        kind: "lex",
        pos: "n",
        entry: { out: { ko: data.helps.ko }, pos: "n", kind: "glossary" },
      });
      out.splice(i, skipSpaces(out, i + 1) - i);
    }
    const end = clauseEnd(out, i);
    // An adverb in -ly before the verb stays in front of the clause (Thoroughly cook meat -> 철저히 고기 조리).
    if (/^[a-z]{3,}ly$/i.test(out[i]?.src ?? "") && out[i]?.pos !== "v") i = skipSpaces(out, i + 1);
    // So does "Please" (the request is written as the act's ending, en-ko.ts).
    if (out[i]?.src.toLowerCase() === "please") i = skipSpaces(out, i + 1);
    const t = out[i];
    const ko = t && (t.kind === "lex" || t.kind === "latin") && clauseVerb(t.src);
    let next = skipSpaces(out, i + 1);
    if (!t || !ko || next >= end || !isWord(out[next])) {
      start = end + 1;
      continue;
    }
    // The possessive of the object is not written (Protect Your Skin -> 피부 보호).
    const afterPossessive = skipSpaces(out, next + 1);
    if (POSSESSIVES.has(out[next]?.src.toLowerCase() ?? "") && afterPossessive < end) next = afterPossessive;
    let last = end;
    while (last > next && out[last - 1]?.kind === "space") last--;
    // A verb written with its particle first (fit) glues to the phrase it governs, unless the phrase ends
    // in a postposition of its own (Fits in Your Pocket).
    const tail = out[last - 1];
    // Contains No Artificial Colors: an object that says it is absent needs no verb.
    if (saysAbsent(tail?.entry?.out.ko ?? "")) {
      out.splice(i, next - i);
      start = end - (next - i) + 1;
      continue;
    }
    const glued = tail?.pos === "p" || tail?.entry?.out.ko?.startsWith("~");
    const written = glued ? ko.replace(/^~\S*\s/, "") : ko;
    const verb = verbToken(t, written);
    const clause = [...out.slice(next, last), ...(written.startsWith("~") ? [] : [SPACE]), verb, ...helped];
    out.splice(i, last - i, ...clause);
    moved.add(verb);
    start = i + clause.length + (end - last) + 1;
  }
}

const TIME_FIRST = new Set(data.sets.timeFirst);

/**
 * Words of time go to the front of their clause, where Korean says them (Save 20% Today -> 오늘 20% 할인),
 * and so does what a clause is for when Korean says it first (for more information -> 자세한 내용은).
 */
export function timeFirst(out: Token[]): void {
  for (let i = 1; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.kind !== "lex" || !TIME_FIRST.has(t.src.toLowerCase())) continue;
    // A time word before an amount is its label (Was $29.99 Now $19.99), not said of the clause.
    const after = out[skipSpaces(out, i + 1)];
    if (after?.kind === "rule" || after?.kind === "number") continue;
    let start = i;
    while (start > 0 && !(out[start - 1]?.kind === "punct" && CLAUSE_END.test(out[start - 1]?.src ?? "")))
      start--;
    start = skipSpaces(out, start);
    if (start >= i) continue;
    let from = i;
    while (out[from - 1]?.kind === "space") from--;
    out.splice(from, i + 1 - from);
    out.splice(start, 0, t, SPACE);
  }
}

/** Prepositions Korean writes after their noun phrase go there. */
export function postpositionsAfter(out: Token[]): void {
  fromAway(out);
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    const src = t.src.toLowerCase();
    if (t.kind !== "lex" || !POSTPOSITIONS.has(src)) continue;
    const ko = t.entry?.out.ko ?? "";
    // Written as a word of its own (within -> 이내) or glued (from -> ~부터, or a shared row's bare
    // particle, as for "at"); a row saying more stays.
    const particle = t.pos === "p" && /^\p{Script=Hangul}+$/u.test(ko);
    if (t.pos === "p" ? !ko.startsWith("~") && !particle : t.pos !== "n") continue;
    let j = skipSpaces(out, i + 1);
    // An article is written as nothing: the phrase starts after it (from the US).
    if (ARTICLES.has(out[j]?.src.toLowerCase() ?? "") && isNounPart(out[skipSpaces(out, j + 1)])) {
      out.splice(j, skipSpaces(out, j + 1) - j);
    }
    j = skipSpaces(out, i + 1);
    if (!isNounPart(out[j])) continue;
    // "by Up to 90%", "by 50%": the amount says it alone.
    if (
      src === "by" &&
      (out[j]?.kind === "number" || out[j]?.kind === "rule" || /^up to/i.test(out[j]?.src ?? ""))
    ) {
      out.splice(i, j - i);
      continue;
    }
    let end = j;
    while (isNounPart(out[end]) || (out[end]?.kind === "space" && isNounPart(out[end + 1]))) end++;
    const phrase = [
      ...out.slice(j, end),
      ...(ko.startsWith("~") || particle ? [] : [SPACE]),
      withinPlace(t, out, j, end),
    ];
    const object = t.pos === "p" ? objectOf(out, i) : null;
    if (!object) {
      out.splice(i, end - i, ...phrase);
      i += phrase.length - 1;
      continue;
    }
    // Clean hands with soap: what the act uses or keeps away is said before its object.
    out.splice(i, end - i);
    out.splice(object.start, 0, ...phrase, SPACE);
    const unwritten = object.possessive >= 0 ? object.start - object.possessive : 0;
    out.splice(object.possessive, unwritten);
    i = end - unwritten - 1;
  }
}

/**
 * Where the object of the clause's opening verb starts, when the token before `i` ends it (Protect Your
 * Skin | from the Sun; Clean hands | with soap), and where its possessive is (not written), else null.
 */
function objectOf(out: Token[], i: number): { start: number; possessive: number } | null {
  const first = skipSpaces(out, 0);
  if (first >= i || !clauseVerb(out[first]?.src ?? "")) return null;
  let start = skipSpaces(out, first + 1);
  let possessive = -1;
  if (POSSESSIVES.has(out[start]?.src.toLowerCase() ?? "")) {
    possessive = start;
    start = skipSpaces(out, start + 1);
  }
  if (start >= i) return null;
  for (let k = start; k < i; k++) if (out[k]?.kind !== "space" && !isNounPart(out[k])) return null;
  return { start, possessive };
}

/**
 * "within" bounds an amount (within 30 Days) or a place (within the US): with no
 * number in its phrase it is the place's ko.withinPlace.
 */
function withinPlace(t: Token, out: Token[], from: number, end: number): Token {
  if (t.src.toLowerCase() !== "within") return t;
  if (out.slice(from, end).some((p) => p.kind === "number" || /\d/.test(p.src))) return t;
  return { ...t, entry: { ...(t.entry as NonNullable<Token["entry"]>), out: { ko: data.ko.withinPlace } } };
}

const NEGATED = new Map<string, string>(Object.entries(data.negation.negated));
const NEEDS = new Set(data.negation.needs);
const PROHIBITED = new Set(data.negation.prohibitedActs);

/** A word's Korean as a negation table key: no glue mark, no modifier ending (적합한 -> 적합). */
const bare = (ko: string) => ko.replace(/^~(에|에게)?\s?/, "").replace(/(한|된|하는)$/, "");

/** The token `t` writing `ko`, its part of speech kept (a negated verb still moves behind its object). */
function negatedToken(t: Token, ko: string): Token {
  return { src: t.src, kind: "lex", pos: t.pos, entry: { out: { ko }, pos: t.pos, kind: "glossary" } };
}

/**
 * English negation, which the word-for-word reading loses (Batteries Not Included read as "included"):
 * "not" writes its word negated; "No X Needed" is X 불필요.
 */
export function negations(out: Token[]): void {
  for (let i = 0; i < out.length; i++) {
    const src = out[i]?.src.toLowerCase();
    if (src !== "not" && src !== "no") continue;
    const j = skipSpaces(out, i + 1);
    if (src === "not") {
      const w = out[j];
      const ko = w?.entry?.out.ko;
      if (w?.kind !== "lex" || !ko) continue;
      const key = bare(ko);
      const glue = ko.match(/^~(에|에게)?\s?/)?.[0] ?? "";
      const negated = NEGATED.get(key);
      const written = negated
        ? `${glue}${negated}`
        : /한$/.test(ko)
          ? ko.replace(/한$/, "하지 않은")
          : `${ko} ${data.ko.notDone}`;
      out.splice(i, j - i + 1, negatedToken(w, written));
      continue;
    }
    // No + a prohibited act (No Smoking, No Parking): the act is prohibited, also when words of time that
    // go to the front follow it (No Parking at Any Time).
    const act = out[j];
    const next = out[skipSpaces(out, j + 1)];
    if (
      act?.kind === "lex" &&
      PROHIBITED.has(act.src.toLowerCase()) &&
      act.entry?.out.ko &&
      (!isWord(next) || TIME_FIRST.has(next?.src.toLowerCase() ?? ""))
    ) {
      out.splice(i, j - i + 1, negatedToken(act, `${act.entry.out.ko} ${data.negation.prohibited}`));
      continue;
    }
    // No + another act in -ing (No Fading, No Pilling): a claim that it does not happen.
    if (
      act?.kind === "lex" &&
      /ing$/i.test(act.src) &&
      act.entry?.out.ko &&
      !isWord(out[skipSpaces(out, j + 1)])
    ) {
      out.splice(i, j - i + 1, negatedToken(act, `${act.entry.out.ko} ${data.negation.absent}`));
      continue;
    }
    // No + noun phrase + needed: the need is negated, the "no" is not written.
    let end = j;
    while (isNounPart(out[end]) || (out[end]?.kind === "space" && isNounPart(out[end + 1]))) end++;
    const last = out[end - 1];
    // No Hidden Fees, No Minimum Order: a clause that is only "No" and a noun phrase says it is absent.
    const opens =
      skipSpaces(out, 0) === i || (out[i - 1]?.kind === "punct" && CLAUSE_END.test(out[i - 1]?.src ?? ""));
    const closes = !out[skipSpaces(out, end)] || CLAUSE_END.test(out[skipSpaces(out, end)]?.src ?? "");
    if (opens && closes && end > j && last && !NEEDS.has(last.src.toLowerCase()) && last.entry?.out.ko) {
      out.splice(end, 0, SPACE, negatedToken(last, data.negation.absent));
      out.splice(i, j - i);
      continue;
    }
    if (end - 1 <= j || !last || !NEEDS.has(last.src.toLowerCase())) continue;
    out[end - 1] = negatedToken(last, data.negation.noNeed);
    out.splice(i, j - i);
  }
}

/** In a clause opened by a verb, "with" is the means (Clean hands with soap -> 비누로 손 세척). */
export function withAsMeans(out: Token[]): void {
  let verbClause = false;
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.kind === "punct" && CLAUSE_END.test(t.src)) verbClause = false;
    else if (t.kind !== "space" && i === skipSpaces(out, 0)) verbClause = clauseVerb(t.src) !== undefined;
    if (verbClause && t.kind === "lex" && t.src.toLowerCase() === "with")
      out[i] = {
        src: t.src,
        kind: "lex",
        pos: "p",
        entry: { out: { ko: data.ko.instrument }, pos: "p", kind: "glossary" },
      };
  }
}

/**
 * A comma inside a list of nouns that "and" closes (Home, Office and Travel) is part of the object, so the
 * verb or "for" before the list goes behind all of it (가정, 사무실 및 여행에 딱).
 */
export function listComma(
  out: Token[],
  _i: number,
  end: number,
  isObjectPart: (t: Token | undefined) => boolean,
): boolean {
  if (out[end]?.src !== ",") return false;
  const next = skipSpaces(out, end + 1);
  if (!isObjectPart(out[end - 1]) || !isObjectPart(out[next])) return false;
  for (let k = next; k < out.length; k++) {
    const t = out[k] as Token;
    if (t.kind === "punct" && CLAUSE_END.test(t.src) && t.src !== ",") return false;
    if (/^(and|&|or)$/i.test(t.src)) return true;
    if (!isObjectPart(t) && t.kind !== "space" && t.src !== ",") return false;
  }
  return false;
}

/**
 * A quality opening a clause, followed by a phrase with its postposition, is said of that phrase and
 * goes after it (Gentle on Sensitive Skin -> 민감성 피부에 순한, High in Fiber -> 섬유가 높은).
 */
export function qualityAfterPhrase(out: Token[]): void {
  for (let a = 0; a < out.length; a++) {
    const opens = a === 0 || (out[a - 1]?.kind === "punct" && CLAUSE_END.test(out[a - 1]?.src ?? ""));
    const quality = out[a];
    // A word that opens clauses as a verb (Clean hands with soap) is the verb pass's.
    if (!opens || quality?.kind !== "lex" || quality.pos === "v" || clauseVerb(quality.src)) continue;
    const said = SAID_OF_PLACE.has(quality.src.toLowerCase());
    if (!said && !isModifierForm(quality.entry?.out.ko ?? "")) continue;
    let k = skipSpaces(out, a + 1);
    if (!isNounPart(out[k])) continue;
    while (isNounPart(out[k]) || out[k]?.kind === "space") k++;
    const post = out[k];
    const glued =
      post?.entry?.out.ko?.startsWith("~") ||
      (said && /^\p{Script=Hangul}+$/u.test(post?.entry?.out.ko ?? ""));
    if (post?.pos !== "p" || !post.entry || !glued) continue;
    // "High in Fiber": what a quality is high or rich in is its subject (섬유가 높은), not a place.
    if (post.src.toLowerCase() === "in")
      out[k] = { ...post, entry: { ...post.entry, out: { ...post.entry.out, ko: data.ko.qualityIn } } };
    out.splice(k + 1, 0, SPACE, quality);
    out.splice(a, skipSpaces(out, a + 1) - a);
  }
}

/** "Protect Your Skin from the Sun": in a clause a verb of keeping away opens, "from" is fromAway.ko. */
function fromAway(out: Token[]): void {
  let away = false;
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.kind === "punct" && CLAUSE_END.test(t.src)) away = false;
    else if (FROM_AWAY.has(t.src.toLowerCase())) away = true;
    else if (away && t.kind === "lex" && t.src.toLowerCase() === "from")
      out[i] = { ...t, pos: "p", entry: { out: { ko: data.fromAway.ko }, pos: "p", kind: "glossary" } };
  }
}
