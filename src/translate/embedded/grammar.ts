/**
 * The interface each language pair's grammar implements, so that segmentation and assembly stay
 * language-neutral: they call these hooks where a pair knows better, and import no pair. Grammars are
 * registered by source family and target in grammars.ts; a pair without one is written word by word in
 * the source's order.
 */
import type { Family, Lexicon, OutLang } from "./lexicon.ts";
import type { Piece, Token } from "./tokens.ts";

/** A piece of the source a pair reads itself (a prefix and the word it governs), for segmentation. */
export interface ExtraPiece {
  end: number;
  token: Token;
}

export interface SegmentContext {
  text: string;
  at: number;
  lexicon: Lexicon;
}

/** Whether a token can be part of a verb's object (nouns, numbers, names), as the assembly judges it. */
export type ObjectTest = (t: Token | undefined) => boolean;

export interface PairGrammar {
  /** How the verbs move: verb-object to object-verb, the reverse, or not at all. */
  order: "vo-to-ov" | "ov-to-vo" | "keep";
  /** The source spaces every word (English), so a space does not end an object. */
  spacedSource?: boolean;
  /** The particle that marks an object before its verb, for "ov-to-vo" (Japanese). */
  objectMarker?: string;

  // --- Segmentation ---
  /** Extra cost of a one-character glossary piece (not a particle), so two cannot beat a dictionary word. */
  singleCharacterCost?: number;
  /** Pieces the pair reads at a position beyond the lexicon's (a negated quality, "without" + noun). */
  extraPieces?(context: SegmentContext): ExtraPiece[];

  // --- Between segmentation and assembly ---
  /** Words the reading cut wrongly (a loanword split around a known word): the transfer reads them whole. */
  wordsToTransfer?(tokens: readonly Token[]): string[];
  /** Words the pair cannot write sensibly (a counter with nothing to count): the line is then kept. */
  unwritable?(tokens: Token[]): string[];
  /** Fixes over the segmented tokens that need the lexicon (prefixes, colour names in lists). */
  afterSegment?(tokens: Token[], lexicon: Lexicon): void;

  // --- Word order ---
  /** Passes over the tokens before the verbs move (phrase structure the word order cannot see). */
  beforeReorder?(out: Token[], moved: Set<Token>): void;
  /** Where the object of the verb at `i` starts (after a modal's act, a prohibition's place). */
  objectStart?(out: Token[], i: number, moved: Set<Token>, isObjectPart: ObjectTest): number;
  /** A token that would be part of the object but is said of the act instead (a negated quality). */
  endsObject?(t: Token | undefined): boolean;
  /** A token the generic tests would not take that the pair keeps inside the object. */
  keepsInObject?(out: Token[], i: number, end: number, isObjectPart: ObjectTest): boolean;
  /** The object's end after the generic scan: what is made for the object, a use closing the phrase. */
  objectEnd?(
    out: Token[],
    i: number,
    end: number,
    lang: OutLang,
    moved: Set<Token>,
    isObjectPart: ObjectTest,
  ): number;
  /** The verb at `i`, with one noun for object, names a kind of that noun (a usage time): it stays. */
  namesKind?(out: Token[], i: number): boolean;
  /** Called before the verb goes in after its object: may insert a particle; returns the new end. */
  beforeVerbPlaced?(out: Token[], end: number, verb: Token, lang: OutLang): number;
  /** Passes over the tokens after the verbs moved. */
  afterReorder?(out: Token[]): void;

  // --- Writing ---
  /** The text a token writes where the pair says it differently from its row (a counter as a noun). */
  tokenText?(token: Token, text: string, ordered: Token[], i: number, pieces: Piece[]): string;
  /** Passes over the written pieces (words whose writing depends on their neighbours). */
  pieces?(pieces: Piece[]): void;
}

/** The grammar of a pair, found by source family and target. */
export type GrammarRegistry = (family: Family, lang: OutLang) => PairGrammar;
