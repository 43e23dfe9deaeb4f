/**
 * Chinese -> Korean clauses that name a thing by what someone does to it, verb + "of" + noun: the clause
 * keeps its doer, who takes the subject particle, and its act, said in the modifier form.
 */
import { isModifierForm, pickParticle } from "../../hangul.ts";
import { DO, koreanForm } from "../../korean-conjugation.ts";
import { KOREAN } from "../../korean-words.ts";
import type { Piece } from "../../tokens.ts";
import { KO, SETS, SRC } from "./words.ts";

const hangulWord = (text: string) => /^[\p{Script=Hangul}]+$/u.test(text);
const phraseEnd = (p: Piece | undefined) => !p || p.token.kind === "space" || p.token.kind === "punct";

/**
 * The clothes mum bought, the colour you like: a person (or "you", "we") opening the phrase, an act and
 * "of" before a noun make a clause; a Sino-Korean act noun takes the past modifier of "do", an act
 * already in its modifier form stays.
 */
export function relativeClauses(pieces: Piece[]): void {
  for (let i = 2; i + 1 < pieces.length; i++) {
    const of = pieces[i] as Piece;
    if (of.token.src !== SRC.of || of.token.kind !== "lex" || of.text !== "") continue;
    const act = pieces[i - 1] as Piece;
    const doer = pieces[i - 2] as Piece;
    const thing = pieces[i + 1] as Piece;
    const last = act.text.split(" ").at(-1) ?? "";
    if (act.token.kind !== "lex" || !(act.token.pos === "v" || isModifierForm(last))) continue;
    if (thing.token.kind !== "lex") continue;
    if (thing.token.pos !== "n" || doer.token.kind !== "lex" || doer.glueAfter || !phraseEnd(pieces[i - 3]))
      continue;
    if (!hangulWord(doer.text) || !(KOREAN.person.test(doer.text) || SETS.doers.has(doer.token.src)))
      continue;
    const modifier = isModifierForm(last)
      ? act.text
      : hangulWord(act.text)
        ? koreanForm({ pre: "", stem: `${act.text}${DO}`, adjective: false }, "pastModifier")
        : undefined;
    if (!modifier) continue;
    doer.text = `${doer.text}${pickParticle(doer.text, KO.subject)}`;
    act.text = modifier;
  }
}
