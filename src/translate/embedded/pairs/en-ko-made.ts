/**
 * "Designed by Apple in California", "Distilled & Bottled in Scotland", "Established in 1887": a label line
 * that opens with participles says who made the thing, where and when. Korean labels put the year, the
 * place and the maker first and end with the action (캘리포니아에서 애플이 디자인, 스코틀랜드에서 증류 및
 * 병입, 1887년 설립). Only a whole line (a final full stop aside) of that shape is rewritten; anything else
 * after it leaves the line to the other clause rules. The participles and the Korean are data
 * (resources/grammar/en-ko.json, madeByIn); examples: en-ko-examples.json.
 */
import data from "../../resources/grammar/en-ko.json" with { type: "json" };
import type { Token } from "../tokens.ts";
import { SPACE, skipSpaces as skip, writtenToken as written } from "./en-ko-clauses.ts";

const M = data.madeByIn;
const CLAUSE_VERBS = new Map<string, string>(Object.entries(data.clauseVerbs.verbs));
/** A participle's Korean: this clause's table, else a participle form (-ed, -wn) the clause verbs write. */
const participleKorean = (form: string) =>
  (M.participles as Record<string, string>)[form] ??
  (/(ed|wn)$/.test(form) ? CLAUSE_VERBS.get(form) : undefined);
const PLACES = new Set(M.places);
const BY = "by";

const lower = (t: Token | undefined) => t?.src.toLowerCase() ?? "";
const isAnd = (t: Token | undefined) => /^(and|&|,)$/.test(lower(t));
const isPreposition = (t: Token | undefined) => lower(t) === BY || PLACES.has(lower(t));
/** A word of a maker's or a place's name: no verb, no preposition of this clause. */
const isNamePart = (t: Token | undefined) =>
  !!t &&
  (t.kind === "lex" || t.kind === "latin" || t.kind === "number" || t.kind === "rule") &&
  t.pos !== "v" &&
  t.pos !== "p" &&
  !isPreposition(t);
const isYear = (t: Token | undefined) => t?.kind === "number" && /^(1[5-9]|20)\d\d$/.test(t.src);

/** The participle a token holds, and whether it ends in "by" (a glossary row such as "Designed by"). */
function participle(t: Token | undefined): { ko: string; by: boolean } | undefined {
  const [first, second, ...rest] = lower(t).split(" ");
  const ko = participleKorean(first ?? "");
  if (!ko || rest.length > 0 || (second !== undefined && second !== BY)) return undefined;
  return { ko, by: second === BY };
}

interface MadeClause {
  actions: string[];
  maker: Token[];
  place: Token[];
  year?: Token;
  end: number;
}

/**
 * Reads "participles [by maker] [in place | in year | year]" from `start`, or undefined. By the time the
 * pair's grammar runs, a preposition already follows its noun phrase (Scotland in, 1887 in); a glossary
 * row may hold the participle with its "by" (Designed by).
 */
function readClause(out: Token[], start: number): MadeClause | undefined {
  const clause: MadeClause = { actions: [], maker: [], place: [], end: start };
  let i = start;
  let by = false;
  for (let p = participle(out[i]); p; p = participle(out[i])) {
    clause.actions.push(p.ko);
    by = p.by;
    const next = skip(out, i + 1);
    if (p.by || !isAnd(out[next]) || !participle(out[skip(out, next + 1)])) {
      i = next;
      break;
    }
    i = skip(out, next + 1);
  }
  if (clause.actions.length === 0) return undefined;
  while (i < out.length && (isNamePart(out[i]) || lower(out[i]) === BY)) {
    // "by" stays in front of its maker when nothing moved it (Established by Octavia Hill).
    if (lower(out[i]) === BY) {
      by = true;
      i = skip(out, i + 1);
      continue;
    }
    let end = i;
    while (isNamePart(out[end]) || (out[end]?.kind === "space" && isNamePart(out[end + 1]))) end++;
    const phrase = out.slice(i, end);
    const after = skip(out, end);
    const preposition = isPreposition(out[after]) ? lower(out[after]) : by ? BY : undefined;
    if (preposition === BY) clause.maker = phrase;
    else if (preposition && phrase.length === 1 && isYear(phrase[0])) clause.year = phrase[0];
    else if (preposition) clause.place = phrase;
    else if (phrase.length === 1 && isYear(phrase[0])) clause.year = phrase[0];
    else return undefined;
    i = isPreposition(out[after]) ? skip(out, after + 1) : after;
    by = false;
  }
  // The line ends here, or with its full stop (which stays).
  const rest = out[i]?.src === "." ? skip(out, i + 1) : i;
  if (rest < out.length) return undefined;
  if (clause.maker.length === 0 && clause.place.length === 0 && !clause.year) return undefined;
  clause.end = i;
  return clause;
}

/** Rewrites a whole "made by/in" line in Korean order; the written action nouns count as moved. */
export function madeByIn(out: Token[], moved: Set<Token>): void {
  const start = skip(out, 0);
  const clause = readClause(out, start);
  if (!clause) return;
  const said: Token[] = [];
  if (clause.year) said.push(clause.year, written(M.year, "p"), SPACE);
  if (clause.place.length) said.push(...clause.place, written(M.place, "p"), SPACE);
  if (clause.maker.length) said.push(...clause.maker, written(M.maker, "p"), SPACE);
  clause.actions.forEach((ko, k) => {
    if (k > 0) said.push(SPACE, written(M.join, "n"), SPACE);
    const action = written(ko, "n");
    moved.add(action);
    said.push(action);
  });
  out.splice(start, clause.end - start, ...said);
}
