/**
 * The pieces the embedded translator reads a text into (tokens) and writes them as (pieces): shared by
 * segmentation, the word-level transfer, the assembly and each pair's grammar, so that none of them
 * imports another for its types.
 */
import type { Entry, Pos } from "./lexicon.ts";
import type { RuleMatch } from "./rules.ts";

export type TokenKind = "lex" | "rule" | "number" | "latin" | "space" | "punct" | "unknown";

export interface Token {
  src: string;
  kind: TokenKind;
  pos: Pos;
  entry?: Entry;
  rule?: RuleMatch;
  number?: number;
}

/** A token as assemble.ts writes it in the target, and whether it glues to its neighbours (~에, ~용). */
export interface Piece {
  text: string;
  token: Token;
  glueBefore: boolean;
  glueAfter: boolean;
}
