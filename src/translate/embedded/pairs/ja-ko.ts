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
import { PLAIN_FORMS, verbPieces } from "../ja-verb-forms.ts";
import type { Piece } from "../tokens.ts";

export const japaneseKorean: PairGrammar = {
  order: "keep",
  extraPieces: verbPieces,
  pieces: (pieces) => {
    plainFormAtEnd(pieces);
    suruAfterParticle(pieces);
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

const SPEECH_END = /^[!?！？]+$/;
const LINE_END = /^[。.!?！？…」』)）]+$/;

/**
 * A plain verb form is a modifier before its noun (made in Japan + product); ending a line with an
 * exclamation or a question it is speech (I won't lose!), with a full stop a statement. A line that stops
 * without one is read as a fragment, as OCR lines often are, and keeps the modifier.
 */
function plainFormAtEnd(pieces: Piece[]): void {
  const words = pieces.filter((p) => p.text !== "" && p.token.kind !== "space");
  words.forEach((w, i) => {
    const predicate = PLAIN_FORMS.get(w.token);
    const next = words[i + 1];
    if (!predicate || !next || !LINE_END.test(next.token.src)) return;
    w.text = SPEECH_END.test(next.token.src) ? predicate.casual : predicate.statement;
  });
}

/** A suru form after a particle (what + object + doing) is a verb of its own, not glued to a noun. */
function suruAfterParticle(pieces: Piece[]): void {
  const words = pieces.filter((p) => p.text !== "" && p.token.kind !== "space");
  for (let i = 1; i < words.length; i++) {
    const w = words[i] as Piece;
    const prev = words[i - 1] as Piece;
    if (w.glueBefore && w.token.pos === "v" && (prev.token.pos === "p" || prev.token.pos === "m"))
      w.glueBefore = false;
  }
}
