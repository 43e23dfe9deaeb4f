/**
 * Moves verbs to where the target puts them: after their object for a verb-object source into an
 * object-verb target (Chinese or English into Korean or Japanese), before it the other way (Japanese
 * into Chinese or English). How far an object reaches is language-neutral here; what a pair knows
 * better comes through its grammar's hooks.
 */
import type { PairGrammar } from "./grammar.ts";
import { KOREAN } from "./korean-words.ts";
import type { OutLang } from "./lexicon.ts";
import { INFIX } from "./punctuation.ts";
import type { Token } from "./tokens.ts";

const isLatinOrNumber = (t: Token | undefined) =>
  !!t && (t.kind === "latin" || t.kind === "number" || t.kind === "rule");

const isObjectPart = (t: Token | undefined) =>
  !!t &&
  (t.kind === "lex" || t.kind === "rule" || t.kind === "number" || t.kind === "latin") &&
  t.pos !== "v" &&
  t.pos !== "p";

/**
 * A verb written around its object (a front part, " … ", a back part) splits into the part that stays
 * in front and the part that follows the object; any other verb is all "back".
 */
function splitCircumfix(verb: Token, lang: OutLang): [Token | undefined, Token] {
  const text = verb.entry?.out[lang];
  const gap = text?.indexOf(" … ") ?? -1;
  if (!text || gap < 0 || !verb.entry) return [undefined, verb];
  const part = (written: string): Token => ({
    ...verb,
    entry: { ...verb.entry, out: { ...verb.entry?.out, [lang]: written } } as Token["entry"],
  });
  return [part(text.slice(0, gap)), part(text.slice(gap + 3))];
}

/** Moves verbs to where the target language puts them; also returns the verbs that took an object. */
export function reorder(tokens: Token[], grammar: PairGrammar, lang: OutLang): [Token[], Set<Token>] {
  const out = [...tokens];
  const moved = new Set<Token>();
  if (grammar.order === "vo-to-ov") verbsAfterObjects(out, moved, grammar, lang);
  else if (grammar.order === "ov-to-vo") verbsBeforeObjects(out, grammar.objectMarker);
  return [out, moved];
}

/** VO -> OV: the verb goes after the noun phrase that follows it. */
function verbsAfterObjects(out: Token[], moved: Set<Token>, grammar: PairGrammar, lang: OutLang): void {
  // A source that writes no spaces inside a phrase ends the object at a space, unless it only separates
  // a name from its number (a model name and 15); a source that spaces every word does not.
  const spaceInObject = (at: number) =>
    out[at]?.kind === "space" &&
    isObjectPart(out[at + 1]) &&
    (grammar.spacedSource === true || (isLatinOrNumber(out[at - 1]) && isLatinOrNumber(out[at + 1])));
  grammar.beforeReorder?.(out, moved);
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i]?.pos !== "v" || moved.has(out[i] as Token)) continue;
    let end = grammar.objectStart?.(out, i, moved, isObjectPart) ?? i + 1;
    // A verb already moved behind its own object belongs to the object of the verb before it.
    while (
      (isObjectPart(out[end]) && !grammar.endsObject?.(out[end])) ||
      spaceInObject(end) ||
      // A bound spaced from its amount (not below, 20 g) still takes it.
      (end === i + 1 && lang === "ko" && boundBeforeAmount(out, i)) ||
      grammar.keepsInObject?.(out, i, end, isObjectPart) ||
      // A range or a size is one object.
      (out[end]?.kind === "punct" &&
        INFIX.test(out[end]?.src ?? "") &&
        isObjectPart(out[end - 1]) &&
        isObjectPart(out[end + 1])) ||
      (end > i + 1 && moved.has(out[end] as Token) && isObjectPart(out[end - 1]))
    )
      end++;
    if (grammar.objectEnd) end = grammar.objectEnd(out, i, end, lang, moved, isObjectPart);
    if (end === i + 1) continue;
    if (end === i + 2 && grammar.namesKind?.(out, i)) continue;
    const [verb] = out.splice(i, 1);
    if (!verb) continue;
    // The part of a circumfix verb before its gap stays in front of the object.
    const [front, back] = splitCircumfix(verb, lang);
    if (lang === "ko" && grammar.beforeVerbPlaced) end = grammar.beforeVerbPlaced(out, end, back, lang);
    out.splice(end - 1, 0, back);
    moved.add(back);
    if (front) {
      out.splice(i, 0, front);
      moved.add(front);
    }
  }
  grammar.afterReorder?.(out);
}

/** A verb written as a bound (KOREAN.bound), then a space and an amount in digits. */
function boundBeforeAmount(out: Token[], i: number): boolean {
  const amount = out[i + 2];
  return (
    KOREAN.bound.test(out[i]?.entry?.out.ko ?? "") &&
    out[i + 1]?.kind === "space" &&
    (amount?.kind === "number" || amount?.kind === "rule") &&
    /^\d/.test(amount.src)
  );
}

/** OV -> VO: "X (object marker) V" becomes "V X". */
function verbsBeforeObjects(out: Token[], marker: string | undefined): void {
  for (let i = 0; i < out.length; i++) {
    if (out[i]?.pos !== "v" || out[i - 1]?.src !== marker) continue;
    let start = i - 1;
    while (isObjectPart(out[start - 1])) start--;
    if (start === i - 1) continue;
    const [verb] = out.splice(i, 1);
    if (verb) out.splice(start, 0, verb);
  }
}
