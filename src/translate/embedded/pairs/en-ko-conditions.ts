/**
 * English -> Korean: a condition said after its clause in English (Cover your mouth when coughing) opens
 * the clause in Korean, where the time of an act is said first. The condition's word and its postposition
 * (written after it by the word-level transfer) go to the front of their clause. Which words: the
 * sets.conditionsFirst of resources/grammar/en-ko.json.
 */
import data from "../../resources/grammar/en-ko.json" with { type: "json" };
import type { Token } from "../tokens.ts";

const FIRST = new Set(data.sets.conditionsFirst);
const ENDS_CLAUSE = /^[,.;:!?]$/;
const SPACE: Token = { src: " ", kind: "space", pos: "n" };

export function conditionsFirst(out: Token[]): void {
  let start = 0;
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as Token;
    if (t.kind === "punct" && ENDS_CLAUSE.test(t.src)) start = i + 1;
    if (t.pos !== "p" || !FIRST.has(t.src.toLowerCase()) || !t.entry?.out.ko?.startsWith("~")) continue;
    let w = i - 1;
    while (out[w]?.kind === "space") w--;
    let front = start;
    while (out[front]?.kind === "space") front++;
    if (w <= front) continue;
    const condition = out.splice(w, i + 1 - w);
    out.splice(front, 0, ...condition, SPACE);
  }
}
