/**
 * Japanese -> Korean: nearly in order, particle by particle (the glossary and the word-level transfer
 * write them). What Korean says otherwise is written here: the genitive particle after a verb, an
 * adjective in its modifier form or a modifier row (freshly brewed + no + coffee) is not written, since
 * the modifier joins its noun by itself. The particle is data (resources/grammar/ja.json).
 */
import ja from "../../resources/grammar/ja.json" with { type: "json" };
import type { PairGrammar } from "../grammar.ts";
import { isModifierForm } from "../hangul.ts";
import type { Piece } from "../tokens.ts";

export const japaneseKorean: PairGrammar = { order: "keep", pieces: modifierGenitive };

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
