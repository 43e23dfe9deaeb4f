/**
 * English -> Korean counts: a bare count before a plural noun goes behind it with its counter (2 Filters ->
 * 필터 2개), or in front as a number of kinds (3 Sizes -> 3가지 사이즈); before a unit of measure it takes
 * the unit (50 meters -> 50미터), before people 명 (3 users -> 사용자 3명). The word sets are data
 * (resources/grammar/en-ko.json: sets.kinds, counted); examples: en-ko-examples.json.
 */
import data from "../../resources/grammar/en-ko.json" with { type: "json" };
import type { Token } from "../tokens.ts";
import { isNounPart, SPACE, skipSpaces, writtenToken } from "./en-ko-clauses.ts";

const KINDS = new Set(data.sets.kinds);
const BOUNDS = new Set(data.sets.afterNumber);
const UNITS = new Map<string, string>(Object.entries(data.counted.units));
const PEOPLE = new Set(data.counted.people);
const PEOPLE_ALONE = new Set(data.counted.peopleAlone);
const counted = (src: string, ko: string): Token => writtenToken(ko, "n", src);

/**
 * A count right before a unit of measure: the unit glued to the number (50미터), still an amount a bound
 * can take (Over 50 meters -> 50미터 이상).
 */
function withUnit(out: Token[], i: number): boolean {
  const t = out[i] as Token;
  const j = skipSpaces(out, i + 1);
  const word = out[j]?.src.toLowerCase() ?? "";
  const unit = UNITS.get(word);
  if (j === i + 1 || !unit) return false;
  out.splice(i, j + 1 - i, { ...counted(`${t.src} ${word}`, `${t.src}${unit}`), number: Number(t.src) });
  return true;
}

/** A count right before a word for people, counted with 명 (사용자 3명, 4명); how many tokens, or 0. */
function withPeople(out: Token[], i: number): number {
  const t = out[i] as Token;
  const j = skipSpaces(out, i + 1);
  const word = out[j]?.src.toLowerCase() ?? "";
  if (j === i + 1 || !PEOPLE.has(word)) return 0;
  const people = counted(`${t.src} ${word}`, `${t.src}${data.ko.people}`);
  const said = PEOPLE_ALONE.has(word) ? [people] : [out[j] as Token, SPACE, people];
  out.splice(i, j + 1 - i, ...said);
  return said.length;
}

/** A bare count before a plural noun: behind it with 개 (필터 2개), or in front as kinds (3가지 사이즈). */
export function countsWithCounters(out: Token[]): void {
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.kind !== "number" || !/^\d{1,4}$/.test(t.src)) continue;
    if (withUnit(out, i)) continue;
    // A count after a bound (Over 200 Recipes) is the bound's: en-ko.ts writes it with its counter.
    let before = i - 1;
    while (out[before]?.kind === "space") before--;
    if (BOUNDS.has(out[before]?.src.toLowerCase() ?? "")) continue;
    const written = withPeople(out, i);
    if (written) {
      i += written - 1;
      continue;
    }
    if (t.src.length > 3) continue;
    const j = skipSpaces(out, i + 1);
    if (j === i + 1 || !isNounPart(out[j]) || out[j]?.kind === "number") continue;
    let end = j;
    while (isNounPart(out[end]) || (out[end]?.kind === "space" && isNounPart(out[end + 1]))) end++;
    const head = out[end - 1] as Token;
    // A unit or a counter (50 Hours) is written with its number already.
    if (!/[a-z]s$/i.test(head.src) || head.kind === "rule" || out[j]?.pos === "cl") continue;
    const kinds = KINDS.has(head.src.toLowerCase());
    const count: Token = {
      src: t.src,
      kind: "lex",
      pos: "n",
      entry: { out: { ko: `${t.src}${kinds ? data.ko.kinds : data.ko.pieces}` }, pos: "n", kind: "glossary" },
    };
    if (kinds) {
      out[i] = count;
      continue;
    }
    const phrase = [...out.slice(j, end), SPACE, count];
    out.splice(i, end - i, ...phrase);
    i += phrase.length - 1;
  }
}
