/**
 * The Chinese -> Korean grammar (and the part of it a Chinese source shares with Japanese as target),
 * as the assembly and segmentation call it through the PairGrammar interface.
 */
import type { PairGrammar } from "../../grammar.ts";
import type { Piece, Token } from "../../tokens.ts";
import { conditions, purchaseConditions, requests, serialVerbs } from "./clause-passes.ts";
import { chineseObjects } from "./objects.ts";
import {
  adverbsBeforeActs,
  causes,
  comitatives,
  countsAfterNouns,
  haveAtStart,
  instruments,
  locatives,
  onceBeforeActs,
  placesAfterVerbs,
  resultComplements,
  theMore,
  topics,
} from "./phrase-passes.ts";
import { chineseKorean } from "./piece-passes.ts";
import { chinesePieces } from "./segment-pieces.ts";
import {
  actTimes,
  attachPrefixes,
  beforeMoreText,
  colorsInLists,
  countersWithoutNumber,
  kindSuffixes,
  objectMarkers,
  phraseOpeners,
  qualitiesBeforeOf,
} from "./token-fixes.ts";
import { CLAUSE_VERBS, MANNER_VERBS, OBJECT_PARTICLE } from "./token-helpers.ts";
import { fronting, predicates } from "./word-order.ts";
import { KO, MAPS, RE, SETS, SRC } from "./words.ts";

function beforeReorder(out: Token[]): void {
  topics(out);
  haveAtStart(out);
  theMore(out);
  comitatives(out);
  onceBeforeActs(out);
  conditions(out);
  purchaseConditions(out);
  serialVerbs(out);
  locatives(out);
  causes(out);
  countsAfterNouns(out);
  resultComplements(out);
  placesAfterVerbs(out);
  instruments(out);
  adverbsBeforeActs(out);
  requests(out);
}

/** A request names its object with the object particle, and so does a condition (if you press the button). */
function beforeVerbPlaced(out: Token[], end: number, verb: Token): number {
  const korean = verb.entry?.out.ko ?? "";
  if (
    (RE.request.test(korean) || CLAUSE_VERBS.has(verb) || MANNER_VERBS.has(verb)) &&
    !verb.entry?.out.ko?.startsWith("~") &&
    out[end - 2]?.kind === "lex" &&
    out[end - 2]?.pos !== "cl"
  ) {
    out.splice(end - 1, 0, OBJECT_PARTICLE);
    return end + 1;
  }
  return end;
}

/** A counter away from a number names a kind; a style for people, and a pack for a use, are "for" them. */
function tokenText(token: Token, text: string, ordered: Token[], i: number, pieces: Piece[]): string {
  const prev = () => [...ordered.slice(0, i)].reverse().find((t) => t.kind !== "space");
  if (token.kind === "lex" && token.pos === "cl") {
    const before = prev();
    const free = MAPS.classifierAsNoun[token.src];
    const counts = before?.kind === "rule" && /\d$/.test(before.src);
    if (free && before?.number === undefined && before?.kind !== "number" && !counts) text = free;
    if (token.src === SRC.style && RE.styleFor.test(pieces.at(-1)?.text ?? "")) text = KO.forUse;
  }
  // After a noun: a counter names the noun's number (card number, seat number), not a size; "part" is
  // the noun's part (the trim), not "some".
  const named = MAPS.afterNoun[token.src];
  const before = named && token.kind === "lex" ? prev() : undefined;
  if (named && before?.kind === "lex" && before.pos === "n" && !SETS.counterHosts.has(before.src))
    text = named;
  if (token.kind === "lex" && token.src === SRC.pack) {
    // A pack for a use where no count comes before (ten tablets a pack is a count).
    const before = prev();
    const next = ordered[i + 1];
    if (
      before?.kind === "lex" &&
      before.pos !== "cl" &&
      before.pos !== "p" &&
      (!next || next.kind === "space" || next.kind === "punct")
    )
      text = pieces.at(-1)?.text.endsWith(KO.use) ? "" : KO.forUse;
  }
  return text;
}

export const chineseToKorean: PairGrammar = {
  order: "vo-to-ov",
  singleCharacterCost: 0.15,
  extraPieces: chinesePieces,
  unwritable: countersWithoutNumber,
  afterSegment: (tokens, lexicon) => {
    attachPrefixes(tokens, lexicon);
    colorsInLists(tokens, lexicon);
    qualitiesBeforeOf(tokens, lexicon);
    kindSuffixes(tokens);
    objectMarkers(tokens);
    phraseOpeners(tokens);
    beforeMoreText(tokens);
    actTimes(tokens);
  },
  beforeReorder,
  ...chineseObjects,
  beforeVerbPlaced,
  afterReorder: (out) => {
    predicates(out);
    fronting(out);
  },
  tokenText,
  pieces: chineseKorean,
};

export const chineseToJapanese: PairGrammar = { order: "vo-to-ov", ...chineseObjects };
