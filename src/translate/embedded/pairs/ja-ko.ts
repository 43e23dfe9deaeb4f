/**
 * Japanese -> Korean: nearly in order, particle by particle (the glossary and the word-level transfer
 * write them). What Korean says otherwise is written here: the genitive particle after a verb, an
 * adjective in its modifier form or a modifier row (freshly brewed + no + coffee) is not written, since
 * the modifier joins its noun by itself; an adjective's -ku form before a comma joins the next clause
 * (its connective), where before a verb it is the adverb; before the polite copula an adjective takes
 * the polite ending itself. The particles are data (resources/grammar/ja.json).
 */
import ja from "../../resources/grammar/ja.json" with { type: "json" };
import type { PairGrammar } from "../grammar.ts";
import { adverbAsConnective, isModifierForm, toStatement } from "../hangul.ts";
import type { Piece } from "../tokens.ts";

export const japaneseKorean: PairGrammar = {
  order: "keep",
  pieces: (pieces) => {
    modifierGenitive(pieces);
    adverbBeforeComma(pieces);
    politeAdjective(pieces);
  },
};

const COMMA = /^[、,，]$/;

/** An adjective's -ku form (its adverb) before a comma is the connective of its clause. */
function adverbBeforeComma(pieces: Piece[]): void {
  const words = pieces.filter((p) => p.text !== "" && p.token.kind !== "space");
  for (let i = 0; i + 1 < words.length; i++) {
    const w = words[i] as Piece;
    if (!w.token.src.endsWith(ja.adjectives.adverb) || !COMMA.test(words[i + 1]?.token.src ?? "")) continue;
    w.text = adverbAsConnective(w.text) ?? w.text;
  }
}

/** An adjective before the polite copula takes the polite ending itself (sturdy + copula: it is sturdy). */
function politeAdjective(pieces: Piece[]): void {
  const words = pieces.filter((p) => p.text !== "" && p.token.kind !== "space");
  for (let i = 0; i + 1 < words.length; i++) {
    const w = words[i] as Piece;
    const copula = words[i + 1] as Piece;
    if (copula.token.src !== ja.politeCopula) continue;
    const last = w.text.split(" ").at(-1) ?? "";
    const statement = isModifierForm(last) ? toStatement(last) : undefined;
    if (!statement) continue;
    w.text = `${w.text.slice(0, -last.length)}${statement}`;
    copula.text = "";
  }
}

function modifierGenitive(pieces: Piece[]): void {
  const words = pieces.filter((p) => p.text !== "" && p.token.kind !== "space");
  for (let i = 1; i < words.length; i++) {
    const w = words[i] as Piece;
    if (w.token.src !== ja.genitive) continue;
    const prev = words[i - 1] as Piece;
    const modifier = prev.token.pos === "v" || prev.token.pos === "m";
    if (modifier || isModifierForm(prev.text.split(" ").at(-1) ?? "")) w.text = "";
  }
}
