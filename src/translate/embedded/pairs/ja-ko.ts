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
import { adverbAsConnective, isModifierForm, pickParticle, toStatement } from "../hangul.ts";
import { brokenKatakanaWords } from "../ja-kana-spellings.ts";
import { PLAIN_FORMS, TAKES_OBJECT, TE_FORMS, verbPieces } from "../ja-verb-forms.ts";
import {
  type KoreanForm,
  koreanForm,
  koreanVerb,
  qualityVerb,
  REQUEST_AFTER_A,
  SEQUENCE,
} from "../korean-conjugation.ts";
import type { Piece, Token } from "../tokens.ts";

export const japaneseKorean: PairGrammar = {
  order: "keep",
  extraPieces: verbPieces,
  wordsToTransfer: brokenKatakanaWords,
  afterSegment: (tokens) => verbRowsAsForms(tokens),
  pieces: (pieces) => {
    modifierGenitive(pieces);
    plainFormAtEnd(pieces);
    absentAfterParticle(pieces);
    suruAfterParticle(pieces);
    objectParticles(pieces);
    placeParticles(pieces);
    requestAfterTe(pieces);
    teBeforeWord(pieces);
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

const SPEECH_END = /^[!?\uff01\uff1f]+$/;
/** A full stop, an exclamation or question mark, an ellipsis, a closing quote or bracket. */
const LINE_END = /^[\u3002.!?\uff01\uff1f\u2026\u300d\u300f)\uff09]+$/;

/**
 * A plain verb form is a modifier before its noun (made in Japan + product); ending a line with an
 * exclamation or a question it is speech (I won't lose!), with a full stop a statement. A line that stops
 * without one is read as a fragment, as OCR lines often are, and keeps the modifier.
 */
function plainFormAtEnd(pieces: Piece[]): void {
  const words = pieces.filter((p) => p.text !== "" && p.token.kind !== "space");
  const told = words.some((w) => w.token.pos === "p" && ja.subjectMarkers.includes(w.token.src));
  words.forEach((w, i) => {
    const predicate = PLAIN_FORMS.get(w.token);
    const next = words[i + 1];
    // A line whose topic or subject is marked is a sentence even where it stops without a full stop.
    if (!next && told && i > 0) {
      sentenceEnd(w, predicate);
      return;
    }
    if (!next || !LINE_END.test(next.token.src)) return;
    if (!predicate && w.token.pos !== "v" && w.token.pos !== "p" && SPEECH_END.test(next.token.src)) {
      // A quality exclaimed (so cold!) is said, not a modifier waiting for its noun.
      qualityInForm(w, "casual");
      return;
    }
    if (w.token.src === ja.copula.src && SPEECH_END.test(next.token.src)) {
      w.text = pickParticle(words[i - 1]?.text ?? "", ja.copula.speech);
      return;
    }
    if (!predicate) return;
    w.text = SPEECH_END.test(next.token.src) ? predicate.casual : predicate.statement;
  });
}

/** The last word of a sentence with no full stop: a plain verb form as said (speech), a quality as a statement. */
function sentenceEnd(w: Piece, predicate: { casual: string } | undefined): void {
  if (predicate) {
    w.text = predicate.casual;
    return;
  }
  if (w.token.pos !== "v" && w.token.pos !== "p") qualityInForm(w, "dict");
}

/** A piece ending in a quality's modifier, that quality in a verb form (cold -> it is cold, so cold!). */
function qualityInForm(w: Piece, form: KoreanForm): void {
  const last = w.text.split(" ").at(-1) ?? "";
  const dictionary = isModifierForm(last) ? qualityVerb(last) : undefined;
  const verb = dictionary ? koreanVerb(dictionary, true) : undefined;
  if (verb) w.text = `${w.text.slice(0, -last.length)}${koreanForm(verb, form)}`;
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

const PLACES = new RegExp(ja.places);
const PLACE_PARTICLES: Record<string, string> = ja.placeParticles;

/** At or from a place (made in Japan, a walk from the station): the particle of places, not of means or time. */
function placeParticles(pieces: Piece[]): void {
  const words = pieces.filter((p) => p.text !== "" && p.token.kind !== "space");
  for (let i = 1; i < words.length; i++) {
    const w = words[i] as Piece;
    const place = PLACE_PARTICLES[w.token.src];
    if (place && w.token.pos === "p" && PLACES.test(words[i - 1]?.text ?? "")) w.text = place;
  }
}

const ASK = new RegExp(`^(${ja.request.ask})$`);

/** A te form the glossary wrote as "and then" (avoiding) before "please" is the act requested. */
function requestAfterTe(pieces: Piece[]): void {
  const words = pieces.filter((p) => p.text !== "" && p.token.kind !== "space");
  for (let i = 1; i < words.length; i++) {
    const w = words[i] as Piece;
    const prev = words[i - 1] as Piece;
    if (!ASK.test(w.token.src) || !prev.text.endsWith(ja.request.teEnd) || !w.glueBefore) continue;
    prev.text = prev.text.slice(0, -ja.request.teEnd.length);
    w.text = ` ${REQUEST_AFTER_A}`;
    w.glueBefore = false;
  }
}

const LIKING = new Set(ja.objectOfAbility.liking);
const ABILITY = new RegExp(ja.objectOfAbility.koreanAbility);
const BECOME = new RegExp(ja.become.verb);

/**
 * The particle Korean gives what a verb of ability, wish or liking is about (points + can use: the
 * points take the object particle), and what something becomes (a topic + becomes: the subject particle).
 */
function objectParticles(pieces: Piece[]): void {
  const words = pieces.filter((p) => p.text !== "" && p.token.kind !== "space");
  for (let i = 1; i + 1 < words.length; i++) {
    const w = words[i] as Piece;
    const next = words[i + 1] as Piece;
    const before = words[i - 1]?.text ?? "";
    if (w.token.pos !== "p") continue;
    const src = w.token.src;
    if (
      src === ja.objectOfAbility.particle &&
      (TAKES_OBJECT.has(next.token) || LIKING.has(next.token.src) || ABILITY.test(next.text))
    )
      w.text = pickParticle(before, ja.objectOfAbility.korean);
    else if (src === ja.become.particle && next.token.pos === "v" && BECOME.test(next.token.src))
      w.text = pickParticle(before, ja.become.korean);
  }
}

/** A te form before a word that is not an act (walking + 5 minutes, avoiding + storage) is -a/-eoseo. */
function teBeforeWord(pieces: Piece[]): void {
  const words = pieces.filter((p) => p.text !== "" && p.token.kind !== "space");
  for (let i = 0; i + 1 < words.length; i++) {
    const w = words[i] as Piece;
    const next = words[i + 1] as Piece;
    if (
      !TE_FORMS.has(w.token) ||
      next.token.kind === "punct" ||
      next.token.pos === "v" ||
      next.token.pos === "p"
    )
      continue;
    w.text = `${w.text}${SEQUENCE}`;
  }
}

/**
 * A glossary row that is one verb form (tsukutte, wakaru) is read as the verb form, so that it is written in
 * the form its place asks for (a statement at the end of a line, a modifier before a noun).
 */
function verbRowsAsForms(tokens: Token[]): void {
  tokens.forEach((t, i) => {
    if (t.kind !== "lex" || t.pos !== "v" || t.entry?.kind !== "glossary") return;
    const form = verbPieces({ text: t.src, at: 0 }).find((p) => p.end === t.src.length);
    if (form) tokens[i] = form.token;
  });
}

/** Nai after a particle is "there is none" (sonna koto wa nai: no such thing), not a verb's negation. */
function absentAfterParticle(pieces: Piece[]): void {
  const words = pieces.filter((p) => p.text !== "" && p.token.kind !== "space");
  for (let i = 1; i < words.length; i++) {
    const w = words[i] as Piece;
    if (w.token.src !== ja.absent.src || words[i - 1]?.token.pos !== "p") continue;
    w.text = ` ${SPEECH_END.test(words[i + 1]?.token.src ?? "") ? ja.absent.casual : ja.absent.korean}`;
    w.glueBefore = false;
  }
}
