/**
 * Dictionary-driven segmentation: the cheapest cover of the text by known pieces (user terms, glossary
 * phrases, rule matches, dictionary words, kept Latin tokens), found by dynamic programming. Costs prefer
 * few long pieces, glossary over dictionary, and treat anything uncovered as very expensive, so the result
 * is the reading that leaves the least unknown. It runs the same in Node and in the browser, with no
 * dictionary binary to load: Chinese needs no word breaker when every word it can translate is in a list.
 */
import type { PairGrammar } from "./grammar.ts";
import { type Family, type Lexicon, type OutLang, spacedCompound } from "./lexicon.ts";
import { CN_NUMERAL_CHARACTERS } from "./numbers.ts";
import { matchRules } from "./rules.ts";
import type { Token } from "./tokens.ts";

export type { Piece, Token, TokenKind } from "./tokens.ts";

// User terms cost less than nothing: a path through a term the caller fixed always beats any glossary
// phrase that would swallow it ("quality fabric" must not hide a user term "fabric").
const COST = {
  user: -5,
  glossary: 1,
  rule: 0.8,
  dict: 2.2,
  latin: 1,
  keptWord: 3,
  punct: 0.1,
  space: 0,
  /** A prefix and the word it governs (without fragrance): dearer than one glossary phrase, cheaper than two pieces. */
  composite: 1.5,
  unknown: 20,
};

const SPACE = /\s/;
const LATIN_START = /[A-Za-z]/;
const LATIN_WORD = /[A-Za-z][A-Za-z0-9'’&+]*(?:[-.][A-Za-z0-9]+)*/y;
const WORD_CHAR = /[A-Za-z0-9]/;
const PUNCT = /[\p{P}\p{S}]/u;
const AFTER_NUMERAL = new RegExp(`[\\d${CN_NUMERAL_CHARACTERS}]`);

export interface SegmentInput {
  text: string;
  family: Family;
  lexicon: Lexicon;
  user?: Lexicon;
  /** The output language: a piece with nothing to write in it is no cover at all. */
  lang: OutLang;
  /** The pair's grammar: pieces it reads itself, and what a lone character costs. */
  grammar?: PairGrammar;
}

interface Cell {
  cost: number;
  from: number;
  token: Token | undefined;
}

export function segment({ text, family, lexicon, user, lang, grammar }: SegmentInput): Token[] {
  const n = text.length;
  const lower = family === "en" ? text.toLowerCase() : text;
  const best: Cell[] = Array.from({ length: n + 1 }, () => ({
    cost: Number.POSITIVE_INFINITY,
    from: -1,
    token: undefined,
  }));
  best[0] = { cost: 0, from: -1, token: undefined };

  const relax = (from: number, to: number, cost: number, token: Token) => {
    const base = best[from];
    const cell = best[to];
    if (!base || !cell) return;
    const total = base.cost + cost;
    // On a tie the reading with the longer earlier piece wins, as in forward maximum matching
    // (deep antifreeze + does not freeze, not deep + antifreeze does not freeze).
    if (total < cell.cost - 1e-9 || (total < cell.cost + 1e-9 && from > cell.from)) {
      cell.cost = total;
      cell.from = from;
      cell.token = token;
    }
  };

  const wordBoundaryOk = (start: number, end: number) =>
    family !== "en" ||
    ((start === 0 || !WORD_CHAR.test(text[start - 1] ?? "") || !WORD_CHAR.test(text[start] ?? "")) &&
      (end === n || !WORD_CHAR.test(text[end] ?? "") || !WORD_CHAR.test(text[end - 1] ?? "")));

  const lookupClassifierAt = (at: number): boolean => {
    for (const lex of [user, lexicon]) {
      if (!lex) continue;
      for (let len = 1; len <= 3 && at + len <= n; len++) {
        const e = lex.entries.get(lower.slice(at, at + len));
        if (e?.pos === "cl") return true;
      }
    }
    return false;
  };

  // Positions inside a reviewed glossary word (Japan in "first in Japan"): a dictionary word may not start
  // or end there, or the fallback would cut a known word in two and read garbage from the pieces.
  const insideGlossaryWord = new Uint8Array(n + 1);
  for (let a = 0; a < n; a++) {
    const max = Math.min(lexicon.maxKeyLength, n - a);
    for (let len = 2; len <= max; len++) {
      const e = lexicon.entries.get(lower.slice(a, a + len));
      if (e && e.kind === "glossary") for (let k = a + 1; k < a + len; k++) insideGlossaryWord[k] = 1;
    }
  }
  const afterNumber = (at: number) => at > 0 && AFTER_NUMERAL.test(text[at - 1] ?? "");

  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(best[i]?.cost)) continue;
    const ch = text[i] ?? "";

    // A hyphen inside an English compound (Soft-Touch, Spill-Proof) joins words Korean writes apart.
    if (family === "en" && ch === "-" && /[a-z]/.test(lower[i - 1] ?? "") && /[a-z]/.test(lower[i + 1] ?? ""))
      relax(i, i + 1, COST.space, { src: " ", kind: "space", pos: "n" });

    if (SPACE.test(ch)) {
      let j = i + 1;
      while (j < n && SPACE.test(text[j] ?? "")) j++;
      relax(i, j, COST.space, { src: text.slice(i, j), kind: "space", pos: "n" });
      continue;
    }

    // Lexicon pieces: user terms first (they must win), then the glossary and the dictionary.
    for (const lex of [user, lexicon]) {
      if (!lex) continue;
      const max = Math.min(lex.maxKeyLength, n - i);
      for (let len = max; len >= 1; len--) {
        const key = lower.slice(i, i + len);
        const entry =
          lex.entries.get(key) ??
          (family === "en" && key.includes("-") ? lex.entries.get(spacedCompound(key)) : undefined);
        if (!entry || entry.out[lang] === undefined) continue;
        if (!wordBoundaryOk(i, i + len)) continue;
        if (entry.kind === "dict" && (insideGlossaryWord[i] || insideGlossaryWord[i + len])) continue;
        let cost = entry.kind === "user" ? COST.user : entry.kind === "glossary" ? COST.glossary : COST.dict;
        // An English verb phrase (Perfect for, Made of) takes its object whole: "Great for | Kids", not
        // "Great | for Kids".
        if (family === "en" && entry.pos === "v" && entry.kind === "glossary") cost -= 0.1;
        // A lone Chinese character from the glossary is dearer than a word: two of them must not beat
        // the dictionary word they spell (big + air is not "grand").
        if (grammar?.singleCharacterCost && len === 1 && entry.kind === "glossary" && entry.pos !== "p")
          cost += grammar.singleCharacterCost;
        // A one-character classifier away from a number (day in "Japan") is rarely the classifier.
        if (entry.pos === "cl" && len === 1 && !afterNumber(i)) cost += 2;
        relax(i, i + len, cost, { src: text.slice(i, i + len), kind: "lex", pos: entry.pos, entry });
      }
    }

    if (grammar?.extraPieces)
      for (const piece of grammar.extraPieces({ text, at: i, lexicon }))
        relax(i, piece.end, COST.composite, piece.token);

    for (const m of matchRules(text, i, family)) {
      if (!wordBoundaryOk(i, i + m.length)) continue;
      if (m.render(lang) === undefined) continue;
      if (m.rule === "cn-number" && !lookupClassifierAt(i + m.length)) continue;
      const isNumber = m.rule === "number" || m.rule === "cn-number";
      relax(i, i + m.length, isNumber ? COST.latin : COST.rule, {
        src: text.slice(i, i + m.length),
        kind: isNumber ? "number" : "rule",
        pos: m.pos,
        rule: m,
        number: m.number,
      });
    }

    if (LATIN_START.test(ch) && (i === 0 || !WORD_CHAR.test(text[i - 1] ?? ""))) {
      LATIN_WORD.lastIndex = i;
      const m = LATIN_WORD.exec(text);
      if (m) {
        const word = m[0];
        // In Chinese or Japanese text a Latin word is a brand, a model or a size: kept as written. In
        // English text only words that look like names of things (XL, USB, iPhone, A1) are kept; any
        // other unknown word leaves the text untranslated rather than half translated.
        const keepable =
          family !== "en" ||
          /\d/.test(word) ||
          /^[A-Z]{1,5}s?$/.test(word) ||
          /^[a-z]+[A-Z]/.test(word) ||
          looksLikeName(word, lexicon);
        relax(
          i,
          i + word.length,
          keepable ? (family === "en" ? COST.keptWord : COST.latin) : COST.unknown * word.length,
          {
            src: word,
            kind: keepable ? "latin" : "unknown",
            pos: "n",
          },
        );
        // English plurals and simple inflections the glossary does not list (boots -> boot).
        if (family === "en") {
          for (const stem of englishStems(lower.slice(i, i + word.length))) {
            const entry = lexicon.entries.get(stem) ?? user?.entries.get(stem);
            if (entry && entry.out[lang] !== undefined && entry.pos !== "p")
              relax(i, i + word.length, COST.glossary + 0.2, {
                src: word,
                kind: "lex",
                pos: entry.pos,
                entry,
              });
          }
        }
      }
    }

    if (PUNCT.test(ch)) relax(i, i + 1, COST.punct, { src: ch, kind: "punct", pos: "n" });
    relax(i, i + 1, COST.unknown, { src: ch, kind: "unknown", pos: "n" });
  }

  const tokens: Token[] = [];
  for (let at = n; at > 0; ) {
    const cell = best[at];
    if (!cell?.token || cell.from < 0) break;
    tokens.push(cell.token);
    at = cell.from;
  }
  return tokens.reverse();
}

/**
 * A capitalized English word that no dictionary gloss uses is a name (Anker, Stanley, Lululemon): it is
 * kept as written, like a model number. A word the dictionaries know but the glossary does not is a
 * real word left untranslated, and the text is kept whole instead.
 */
function looksLikeName(word: string, lexicon: Lexicon): boolean {
  if (!/^[A-Z][a-z]{2,}$/.test(word)) return false;
  const lower = word.toLowerCase();
  const known = lexicon.englishWords;
  if (!known) return false;
  return !known.has(lower) && !englishStems(lower).some((s) => known.has(s));
}

function englishStems(word: string): string[] {
  const stems: string[] = [];
  if (word.endsWith("ies")) stems.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("es")) stems.push(word.slice(0, -2));
  if (word.endsWith("s") && !word.endsWith("ss")) stems.push(word.slice(0, -1));
  if (word.endsWith("ed")) stems.push(word.slice(0, -2), word.slice(0, -1));
  return stems;
}
