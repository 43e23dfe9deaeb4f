/**
 * The tokens the word-level transfer writes, marked so that the result can say how much came from it, and
 * what it knows of the pieces around a run: a lone character the reading took as a word, and a name that
 * ends with one.
 */
import type { Entry, Pos } from "../lexicon.ts";
import type { Token } from "../tokens.ts";
import type { TransferData } from "./transfer-data.ts";

/** Tokens written by the word-level transfer (the rest came from known phrases, rules or the dictionary). */
export const TRANSFERRED = new WeakSet<Token>();

export const HAN = /[\p{Script=Han}々〆]/u;

export function word(src: string, ko: string, pos: Pos = "n"): Token {
  const entry: Entry = { out: { ko }, pos, kind: "dict" };
  const token: Token = { src, kind: "lex", pos, entry };
  TRANSFERRED.add(token);
  return token;
}

export const isLoneCharacter = (t: Token | undefined): boolean =>
  t !== undefined &&
  t.kind === "lex" &&
  t.entry?.kind !== "user" &&
  t.pos !== "p" &&
  !TRANSFERRED.has(t) &&
  t.src.length === 1 &&
  HAN.test(t.src);

/**
 * A name the run's readings made (Nanfeng station read as one name, Nam-pung-cham) that ends with a
 * one-character glossary noun it took in (station) at the end of a word is the name and that noun
 * (Nampung yeok): a place's or a shop's kind keeps its Korean word.
 */
export function nameThenNoun(read: Token[], last: Token | undefined, data: TransferData): Token[] {
  const name = read.at(-1);
  if (!name || !last || !isLoneCharacter(last) || last.pos !== "n" || !last.entry?.out.ko) return read;
  const chars = Array.from(name.src);
  if (chars.length < 2 || !name.src.endsWith(last.src) || !TRANSFERRED.has(name)) return read;
  const rest = chars.slice(0, -1);
  if (name.entry?.out.ko !== chars.map((c) => data.hanja.get(c) ?? "").join("")) return read;
  return [...read.slice(0, -1), word(rest.join(""), rest.map((c) => data.hanja.get(c) ?? "").join("")), last];
}
