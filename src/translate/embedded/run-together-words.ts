/**
 * OCR often reads an English line without some of its spaces (mouthwhencoughing, oralcohol-basedhandrub):
 * the recogniser sees the letters but not the narrow gaps. A lower-case run that is no word itself but
 * splits wholly into known words gets its spaces back, in the fewest words (mouth when coughing, or
 * alcohol-based hand rub), before the line is translated. A capitalised run splits only into three words
 * or more (Reduceyourriskof), since a name often spells two words (Greenstead); a line in capitals is left
 * alone.
 */

import { englishStems } from "./transfer/word-transfer.ts";

/** Runs shorter than this are left alone: short unknown words are codes, units or names more often. */
const MIN_RUN = 7;
/** Parts shorter than this split nothing but an article or a pronoun. */
const SHORT_WORDS = new Set(["a", "i"]);

export function restoreWordSpaces(text: string, known: ReadonlySet<string>): string {
  return text.replace(/(?<![A-Za-z'’])[A-Z]?[a-z]+(?![A-Za-z'’])/g, (run) => {
    const lower = run.toLowerCase();
    if (run.length < MIN_RUN || isWord(lower, known)) return run;
    const words = splitIntoWords(lower, known);
    if (words === undefined || (lower !== run && words.length < 3)) return run;
    return run[0] + words.join(" ").slice(1);
  });
}

/** A word, or an inflected form of one (englishStems: plural, past, -ing). */
function isWord(w: string, known: ReadonlySet<string>): boolean {
  return known.has(w) || englishStems(w).some((stem) => known.has(stem));
}

/**
 * The split of `run` into the fewest known words, or undefined. Between splits of as many words, the one
 * whose words are the most even in length loses to the one with longer words (the sum of squared lengths):
 * "this is a test" rather than "this is at est".
 */
export function splitIntoWords(run: string, known: ReadonlySet<string>): string[] | undefined {
  const n = run.length;
  // best[i]: the best split of run[i..]: its word count, its score and where its first word ends.
  const best: ({ count: number; score: number; end: number } | undefined)[] = new Array(n + 1);
  best[n] = { count: 0, score: 0, end: n };
  for (let i = n - 1; i >= 0; i--) {
    for (let end = i + 1; end <= n; end++) {
      const rest = best[end];
      const part = run.slice(i, end);
      if (rest === undefined || (part.length < 2 && !SHORT_WORDS.has(part)) || !isWord(part, known)) continue;
      const count = rest.count + 1;
      const score = rest.score + part.length ** 2;
      const cur = best[i];
      if (cur === undefined || count < cur.count || (count === cur.count && score > cur.score))
        best[i] = { count, score, end };
    }
  }
  const first = best[0];
  if (first === undefined || first.count < 2) return undefined;
  const words: string[] = [];
  for (let i = 0; i < n; i = best[i]!.end) words.push(run.slice(i, best[i]!.end));
  return words;
}
