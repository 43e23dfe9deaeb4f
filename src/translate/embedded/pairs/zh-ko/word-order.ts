/**
 * Chinese -> Korean word order after the verbs moved: a one-character quality said of the noun before it,
 * and a quality after its noun put in front of it.
 */
import { isQuality } from "../../hangul.ts";
import type { Token } from "../../tokens.ts";
import { MAPS, RE, SETS, SRC } from "./words.ts";

/**
 * Small in size: a one-character quality that closes a phrase after a noun is said of it (a small
 * size), not the prefix the same character is before a noun. Examples: zh-ko-examples.json.
 */
export function predicates(out: Token[]): void {
  for (let i = 1; i < out.length; i++) {
    const t = out[i] as Token;
    const korean = MAPS.predicates[t.src];
    if (!korean || t.kind !== "lex" || !t.entry) continue;
    const prev = out[i - 1];
    const next = out[i + 1];
    // Both big and sweet, very many: after a degree or "both" the character is a quality too.
    const afterDegree = prev?.kind === "lex" && SETS.degreeBefore.has(prev.src);
    if (!afterDegree && (prev?.kind !== "lex" || prev.pos !== "n" || prev.src.length < 2)) continue;
    if (next && next.kind !== "space" && next.kind !== "punct" && !(afterDegree && next.src === SRC.also))
      continue;
    out[i] = { ...t, pos: "n", entry: { ...t.entry, out: { ...t.entry.out, ko: korean } } };
  }
}

/**
 * Chinese states a quality after its noun (delivery fast, packaging exquisite); a Korean callout puts
 * the modifier first (fast delivery, exquisite packaging). Within one phrase (between spaces and
 * punctuation) of one to three nouns and a closing adjective, the adjective moves to the front.
 */
export function fronting(out: Token[]): void {
  let start = 0;
  for (let i = 0; i <= out.length; i++) {
    const t = out[i];
    if (t && t.kind !== "space" && t.kind !== "punct") continue;
    const phrase = out.slice(start, i);
    // A degree word before the quality goes with it (power stronger -> stronger power).
    const degree = phrase.length >= 3 && SETS.frontedDegree.has(phrase.at(-2)?.src ?? "") ? 1 : 0;
    if (phrase.length >= 2 + degree && phrase.length <= 4 + degree) {
      const last = phrase.at(-1) as Token;
      const nouns = phrase.slice(0, -1 - degree);
      const korean = (x: Token) => x.entry?.out.ko ?? "";
      if (
        last.kind === "lex" &&
        last.pos !== "v" &&
        last.pos !== "p" &&
        isQuality(korean(last).split(" ").at(-1) ?? "") &&
        // An action verb's modifier (liking) describes someone, not the noun; "good" stays behind its
        // noun as shops write it (stretch good).
        (!RE.notFronted.test(korean(last)) || RE.betterFronted.test(korean(last))) &&
        nouns.every(
          (x) =>
            x.kind === "lex" &&
            x.pos === "n" &&
            x.src.length >= 2 &&
            korean(x) !== "" &&
            !/[~]/.test(korean(x)) &&
            !isQuality(korean(x).split(" ").at(-1) ?? ""),
        )
      ) {
        out.splice(start, phrase.length, ...phrase.slice(-1 - degree), ...nouns);
      }
    }
    start = i + 1;
  }
}
