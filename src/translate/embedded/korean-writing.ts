/**
 * Korean as the target of every pair, over the written pieces: two modifiers in a row joined as a list,
 * a word said twice in a row written once, and "X possible" before a noun as its modifier.
 */
import { isModifierForm, toConnective } from "./hangul.ts";
import { KOREAN, KOREAN_WORDS } from "./korean-words.ts";
import type { Piece } from "./tokens.ts";

export function writeKorean(pieces: Piece[]): void {
  joinModifiers(pieces);
  dropRepeats(pieces);
  possibleBeforeNoun(pieces);
}

/** "X possible" before a noun modifies it (an adjustable strap, not an adjustment-possible strap). */
function possibleBeforeNoun(pieces: Piece[]): void {
  for (let i = 0; i + 1 < pieces.length; i++) {
    const a = pieces[i] as Piece;
    if (!KOREAN.able.test(a.text) || a.token.kind !== "lex" || a.glueAfter) continue;
    let j = i + 1;
    if (pieces[j]?.token.kind === "space") j++;
    const b = pieces[j];
    if (b?.token.kind !== "lex" || b.token.pos !== "n" || b.glueBefore) continue;
    if (KOREAN.notNoun.test(b.text)) continue;
    if (!/^[\p{Script=Hangul}]/u.test(b.text) || isModifierForm(b.text.split(" ")[0] ?? "")) continue;
    // Chinese spaces separate phrases: only a piece written against the next one modifies it.
    if (j !== i + 1 && a.token.src.match(/[\p{Script=Han}]/u)) continue;
    // A list of abilities (washable, machine-washable) is not an able noun.
    let k = j;
    while (pieces[k] && pieces[k]?.token.kind !== "space" && pieces[k]?.token.kind !== "punct") k++;
    if (pieces.slice(j, k).some((p) => KOREAN.able.test(p.text))) continue;
    a.text = `${a.text}${KOREAN_WORDS.modifierNa}`;
  }
}

/**
 * Two pieces that say the same word back to back (a portable + portable blender, a courier's name ending
 * in "courier" + courier) write it once.
 */
function dropRepeats(pieces: Piece[]): void {
  const words = pieces.filter((p) => p.text !== "" && p.token.kind !== "space");
  for (let i = 0; i + 1 < words.length; i++) {
    const a = words[i] as Piece;
    const b = words[i + 1] as Piece;
    if (a.token.kind !== "lex" || b.token.kind !== "lex") continue;
    const last = a.text.split(" ").at(-1) ?? "";
    const bWords = b.text.split(" ");
    if (last && /[\p{Script=Hangul}]/u.test(last) && bWords[0] === last && bWords.length > 1)
      a.text = a.text.slice(0, a.text.length - last.length).trimEnd();
    // The second is the word the first already ends with, or two source words Korean says with one word.
    else if (
      last &&
      /[\p{Script=Hangul}]/u.test(last) &&
      b.text === last &&
      (a.text !== last || a.token.src !== b.token.src)
    )
      b.text = "";
  }
}

/**
 * Two modifiers in a row read as a list in Korean only when the first takes the connective ending
 * (soft, comfortable -> soft and comfortable). Only the last word of a piece changes, and only when a
 * space (not punctuation) separates the two in the output.
 */
function joinModifiers(pieces: Piece[]): void {
  const words = pieces.filter((p) => p.text !== "" && p.token.kind !== "space");
  for (let i = 0; i + 1 < words.length; i++) {
    const a = words[i]!;
    let b = words[i + 1]!;
    if (a.glueAfter || b.glueBefore || a.token.kind === "punct" || b.token.kind === "punct") continue;
    // A degree word between them belongs to the second (lighter and more thin).
    if (KOREAN.degree.test(b.text) && words[i + 2]) b = words[i + 2]!;
    if (b.token.kind === "punct") continue;
    const lastWord = a.text.split(" ").at(-1) ?? "";
    // The next piece must itself end as a modifier: then the two are a list.
    const lastOfNext = b.text.split(" ").at(-1) ?? "";
    if (toConnective(lastOfNext) === undefined) continue;
    const connective = toConnective(lastWord);
    if (!connective) continue;
    a.text = `${a.text.slice(0, a.text.length - lastWord.length)}${connective}`;
  }
}
