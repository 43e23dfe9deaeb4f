/**
 * Small tokens and tests the Chinese -> Korean passes share: glued particle pieces, the clause end the
 * passes insert, and the acts made into clauses (which the assembly asks about when it moves verbs).
 */
import type { Token } from "../../tokens.ts";
import { KO, RE, SRC } from "./words.ts";

/** A glued Korean particle piece that moves with the words before it (~at, ~because of). */
export const particlePiece = (ko: string): Token =>
  ({ src: "", kind: "lex", pos: "n", entry: { out: { ko }, pos: "n", kind: "glossary" } }) as Token;

export const isAct = (t: Token | undefined) =>
  !!t && t.kind === "lex" && (t.pos === "v" || RE.act.test(t.entry?.out.ko ?? ""));

export const phraseEnds = (t: Token | undefined) => !t || t.kind === "space" || t.kind === "punct";

export const withKorean = (t: Token, ko: string, pos = t.pos): Token =>
  ({ ...t, pos, entry: t.entry && { ...t.entry, pos, out: { ...t.entry.out, ko } } }) as Token;

/** A space the passes add to end a clause (press the button | and water comes), so an object stops there. */
export const CLAUSE_END: Token = { src: "", kind: "space", pos: "n" };

/** Acts made into a clause before another act (if pressed, having taken out): they take the object particle and are no request. */
export const CLAUSE_VERBS = new WeakSet<Token>();

/** Acts said with their manner (adjust freely): their object takes the object particle (the angle). */
export const MANNER_VERBS = new WeakSet<Token>();

/** A negated quality (not hot, not deformed) is said of the act; stainless steel and "different" are not. */
export const isPredicate = (t: Token | undefined) =>
  !!t && t.src.startsWith(SRC.not) && !t.src.startsWith(SRC.stainless) && !t.src.startsWith(SRC.differs);

/** The object particle the passes insert before a verb that names its object. */
export const OBJECT_PARTICLE: Token = {
  src: "",
  kind: "lex",
  pos: "p",
  entry: { out: { ko: KO.object }, pos: "p", kind: "glossary" },
} as Token;
