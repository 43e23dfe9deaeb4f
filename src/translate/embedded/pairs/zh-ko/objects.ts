/**
 * How far a Chinese verb's object reaches when the verb moves behind it (into Korean or Japanese): a
 * modal or prohibition takes the act after it with that act's object, a negated quality is said of the
 * act, a quality joined to its noun by "de" stays inside, what is made "for" the object is not part of
 * it, and a verb before a noun that it only qualifies (a usage time) names a kind and does not move.
 */
import type { ObjectTest, PairGrammar } from "../../grammar.ts";
import type { Token } from "../../tokens.ts";
import { CLAUSE_VERBS, isPredicate, OBJECT_PARTICLE } from "./token-helpers.ts";
import { KO, SETS, SRC } from "./words.ts";

function objectStart(out: Token[], i: number, moved: Set<Token>, isObjectPart: ObjectTest): number {
  let end = i + 1;
  const src = out[i]?.src ?? "";
  const prohibits = SETS.prohibitions.has(src);
  if (!SETS.modals.has(src) && !prohibits) return end;
  // A modal's object is the act after it, with that act's own object; a prohibition's, with where it
  // happens.
  while (out[end]?.src === "" && out[end]?.kind === "lex" && isObjectPart(out[end + 1])) end++;
  while (prohibits && ((isObjectPart(out[end]) && !isPredicate(out[end])) || out[end] === OBJECT_PARTICLE))
    end++;
  if (out[end]?.pos === "v") {
    end++;
    while (moved.has(out[end] as Token) || (isObjectPart(out[end]) && !isPredicate(out[end]))) end++;
  }
  return end;
}

/**
 * "de" between a quality and its noun stays inside the object (enjoy a comfortable sleep), and so does the
 * enumeration comma between two nouns (contains wheat, egg, milk).
 */
function keepsInObject(out: Token[], i: number, end: number, isObjectPart: ObjectTest): boolean {
  const between = end > i + 1 && isObjectPart(out[end - 1]) && isObjectPart(out[end + 1]);
  if (out[end]?.src === SRC.of) return between;
  return (
    out[end]?.kind === "punct" &&
    SETS.enumeration.has(out[end]?.src ?? "") &&
    between &&
    !isPredicate(out[end + 1])
  );
}

const objectEnd: NonNullable<PairGrammar["objectEnd"]> = (out, i, end, lang, moved, isObjectPart) => {
  const said = out[i]?.entry?.out[lang];
  // Developed for sensitive skin: what is made for the object is not part of it.
  if (end > i + 2 && said?.startsWith(KO.forThe) && SETS.making.has(out[end - 1]?.src ?? "")) return end - 1;
  // Suited to office use: the use that closes the phrase is part of what the verb is for.
  if (
    end > i + 1 &&
    said?.startsWith(KO.atSpace) &&
    out[end]?.pos === "v" &&
    !moved.has(out[end] as Token) &&
    !isObjectPart(out[end + 1])
  )
    return end + 1;
  return end;
};

/** Usage time, installation method: a verb before one of these nouns names a kind of it, not an act. */
function namesKind(out: Token[], i: number): boolean {
  return (
    SETS.compoundHeads.has(out[i + 1]?.src ?? "") &&
    !CLAUSE_VERBS.has(out[i] as Token) &&
    // After a clause (if pressed briefly) the verb is the act it leads to (switch the mode).
    !CLAUSE_VERBS.has(out[out[i - 1]?.src === "" ? i - 2 : i - 1] as Token) &&
    !SETS.governing.has(out[i]?.src ?? "")
  );
}

/** The object hooks of a Chinese source, shared by the grammars into Korean and into Japanese. */
export const chineseObjects: Pick<
  PairGrammar,
  "objectStart" | "endsObject" | "keepsInObject" | "objectEnd" | "namesKind"
> = {
  objectStart,
  endsObject: isPredicate,
  keepsInObject,
  objectEnd,
  namesKind,
};
