/**
 * English -> Korean: two words a joining word relates, read in the pieces' Korean order.
 * - "yet" or "but" between two qualities is the first one's contrast ending (Lightweight yet Durable),
 *   through the one conjugation module (form "but").
 * - "for" in a line a participle of making opens is the purpose (Crafted for Everyday Comfort: ko.purpose
 *   after the object particle), not the use it is elsewhere (Shoes for Men).
 * - "Available" closing a line after a noun says the thing can be had (Express Shipping Available:
 *   ko.availableAfter), not that it is on sale.
 * - "than" after a comparative puts what is compared before it (Lighter than Ever, Stronger than Steel:
 *   the noun with ko.than, then the quality).
 * Examples: the "neighbours" table of en-ko-examples.json.
 */
import data from "../../resources/grammar/en-ko.json" with { type: "json" };
import { isModifierForm, isQuality, pickParticle } from "../hangul.ts";
import { qualityVerb, verbForm } from "../korean-conjugation.ts";
import type { Piece } from "../tokens.ts";

const KO = data.ko;
const MADE_FOR = new Set(data.sets.madeForPurpose);
const lastWord = (p: Piece | undefined) => p?.text.split(" ").at(-1) ?? "";
const firstWord = (p: Piece | undefined) => p?.text.split(" ")[0] ?? "";

/** Writes `w` (yet, but, for, available) into its neighbour when it joins as above; true when it did. */
export function contrastOrPurpose(
  w: Piece,
  prev: Piece | undefined,
  next: Piece | undefined,
  words: Piece[],
): boolean {
  const src = w.token.src.toLowerCase();
  if (!prev) return false;
  if ((src === "yet" || src === "but") && isModifierForm(lastWord(prev)) && isModifierForm(firstWord(next))) {
    const contrast = verbForm(qualityVerb(lastWord(prev)) ?? "", "but");
    if (!contrast) return false;
    w.text = "";
    prev.text = `${prev.text.slice(0, -lastWord(prev).length)}${contrast}`;
    return true;
  }
  if (
    src === "for" &&
    w.text !== "" &&
    words.some((p) => p.text !== "" && MADE_FOR.has(p.token.src.toLowerCase()))
  ) {
    w.text = "";
    prev.text += `${pickParticle(prev.text, KO.purposeObject)} ${KO.purpose}`;
    return true;
  }
  if (src === "available" && !next && prev.token.kind === "lex" && prev.token.pos !== "p") {
    w.text = KO.availableAfter;
    return true;
  }
  return false;
}

/** "than" after a comparative: what is compared, with ko.than, goes before the quality (Lighter than Ever). */
export function thanBefore(pieces: Piece[]): void {
  const words = pieces.filter((p) => p.token.kind !== "space");
  for (let i = 1; i < words.length - 1; i++) {
    const [prev, than, next] = [words[i - 1], words[i], words[i + 1]];
    if (!prev || !than || !next) continue;
    if (than.token.src.toLowerCase() !== "than" || !isQuality(lastWord(prev)) || next.text === "") continue;
    if (words[i + 2] && words[i + 2]?.token.kind !== "punct") continue;
    prev.text = `${next.text}${KO.than} ${prev.text}`;
    than.text = "";
    next.text = "";
  }
}
