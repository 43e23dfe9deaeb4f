/**
 * Chinese -> Korean fixes over the segmented tokens, before the assembly: a counter with nothing to count
 * (which would be garbage, so the line is kept), one-character prefixes (big, small, many, super, all,
 * high, low, new) glued to a Sino-Korean noun or written as an adjective, and a one-character colour in
 * a list written as the colour's name.
 */

import data from "../../../resources/grammar/zh-ko.json" with { type: "json" };
import { DO, koreanForm } from "../../korean-conjugation.ts";
import type { Entry, Lexicon } from "../../lexicon.ts";
import type { Token } from "../../tokens.ts";
import { KO, MAPS, RE, SETS, SRC } from "./words.ts";

/** One-character prefixes: the Sino-Korean prefix glued to a Sino-Korean noun, else an adjective. */
const PREFIXES = data.prefixes as unknown as Record<string, [glued: string, free: string]>;

/** Counters with nothing to count: a measure word without a number (or "each", "this") before it. */
export function countersWithoutNumber(tokens: Token[]): string[] {
  const found: string[] = [];
  let prev: Token | undefined;
  tokens.forEach((t, i) => {
    // A line opening with a counter and a comma is the end of a word the line break cut: a counter with
    // a noun's reading writes it (tokenText).
    const cut = !prev && tokens[i + 1]?.kind === "punct" && MAPS.classifierAsNoun[t.src] !== undefined;
    if (t.kind === "lex" && t.pos === "cl" && SETS.measureOnly.has(t.src) && !cut) {
      const counted =
        prev &&
        (prev.kind === "number" ||
          prev.number !== undefined ||
          // A range ends in a number too (two to three times).
          (prev.kind === "rule" && /\d$/.test(prev.src)) ||
          SETS.counterHosts.has(prev.src));
      // "Ba" before what it takes (put the phone on the stand) marks an object, not a count.
      if (!counted && !objectMarker(tokens, i)) found.push(t.src);
    }
    if (t.kind !== "space") prev = t;
  });
  return found;
}

const koreanWordsCache = new WeakMap<Lexicon, Set<string>>();

/** Every Korean word the reading table or a glossary row writes: the words Korean is known to have. */
function koreanWords(lexicon: Lexicon): Set<string> {
  let words = koreanWordsCache.get(lexicon);
  if (!words) {
    words = new Set(lexicon.sinoKorean);
    for (const entry of lexicon.entries.values())
      if (entry.kind !== "dict" && entry.out.ko) for (const w of entry.out.ko.split(/[ |~]/)) words.add(w);
    koreanWordsCache.set(lexicon, words);
  }
  return words;
}

export function attachPrefixes(tokens: Token[], lexicon: Lexicon): void {
  for (let i = 0; i + 1 < tokens.length; i++) {
    const t = tokens[i] as Token;
    const forms = PREFIXES[t.src];
    const next = tokens[i + 1] as Token;
    if (!forms || t.kind !== "lex" || t.entry?.kind === "user" || next.kind !== "lex" || next.pos !== "n")
      continue;
    const word = next.entry?.out.ko?.split(" ")[0] ?? "";
    if (!/^[\p{Script=Hangul}]+$/u.test(word)) continue;
    // A Sino-Korean word, or one built on a Sino-Korean word (low noise on noise), takes the glued prefix.
    const sino = (w: string) => lexicon.sinoKorean?.has(w) ?? false;
    const glued =
      (word.length <= 2 && sino(word)) ||
      (word.length === 3 && RE.sinoPrefix.test(word) && sino(word.slice(1)));
    const known = !SETS.lexicalizedOnly.has(t.src) || koreanWords(lexicon).has(`${forms[0]}${word}`);
    const free =
      t.src === SRC.big && SETS.wideNouns.has(word)
        ? KO.wide
        : t.src === SRC.small && SETS.amountNouns.has(word)
          ? KO.few
          : forms[1];
    t.entry = { ...(t.entry as Entry), out: { ...t.entry?.out, ko: glued && known ? `${forms[0]}~` : free } };
    t.pos = "m";
  }
}

/** A one-character colour in a list is the colour's name, as its colour row says it, not the adjective. */
export function colorsInLists(tokens: Token[], lexicon: Lexicon): void {
  const mark = (t: Token | undefined) => t?.kind === "punct" && SETS.listMarks.has(t.src);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind !== "lex" || t.src.length !== 1 || !t.entry) continue;
    const name = lexicon.entries.get(`${t.src}${SRC.colour}`)?.out.ko;
    // The colour stands alone between list marks (red, yellow), not at the end of a word (wheat flour).
    const alone = (t: Token | undefined) => t === undefined || t.kind === "space" || mark(t);
    if (!name || !(mark(tokens[i - 1]) || mark(tokens[i + 1])) || !alone(tokens[i - 1])) continue;
    tokens[i] = { ...t, pos: "n", entry: { ...t.entry, out: { ...t.entry.out, ko: name } } };
  }
}

/**
 * A quality said with "de" before its noun (dry hair, an essential difference): a Sino-Korean noun whose
 * adjective Korean writes (the noun + KO.adjective endings, as some glossary row writes it) takes that form.
 */
export function qualitiesBeforeOf(tokens: Token[], lexicon: Lexicon): void {
  const words = koreanWords(lexicon);
  for (let i = 0; i + 2 < tokens.length; i++) {
    qualityAfterOf(tokens, i, lexicon);
    const t = tokens[i] as Token;
    if (t.kind !== "lex" || t.pos !== "n" || t.entry?.kind === "user" || tokens[i + 1]?.src !== SRC.of)
      continue;
    if (tokens[i + 2]?.kind !== "lex" || tokens[i + 2]?.pos !== "n") continue;
    const word = t.entry?.out.ko ?? "";
    if (!/^[\p{Script=Hangul}]{2,}$/u.test(word)) continue;
    const adjective = KO.adjectiveEndings.map((e) => `${word}${e}`).find((a) => words.has(a));
    if (adjective)
      tokens[i] = {
        ...t,
        pos: "m",
        entry: { ...(t.entry as Entry), out: { ...t.entry?.out, ko: adjective } },
      };
  }
}

/** A quality that closes the phrase after "de" (the child's safety) is its Sino-Korean noun, not the adjective. */
function qualityAfterOf(tokens: Token[], i: number, lexicon: Lexicon): void {
  const t = tokens[i + 2];
  if (tokens[i + 1]?.src !== SRC.of || tokens[i]?.kind !== "lex" || t?.kind !== "lex" || !t.entry) return;
  const after = tokens[i + 3];
  // The phrase ends there, or a predicate follows (is very important).
  if (after && after.kind !== "space" && after.kind !== "punct" && !SETS.degreeBefore.has(after.src)) return;
  const noun = (t.entry.out.ko ?? "").replace(RE.sinoAdjective, "");
  if (noun !== t.entry.out.ko && lexicon.sinoKorean?.has(noun))
    tokens[i + 2] = { ...t, pos: "n", entry: { ...t.entry, out: { ...t.entry.out, ko: noun } } };
}

/**
 * A kind named by a one-character suffix (economy type, reinforced type): a Sino-Korean word before it
 * takes the suffix glued and becomes one noun, so that a verb (reinforce) does not take it as its object.
 */
export function kindSuffixes(tokens: Token[]): void {
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const suffix = MAPS.kindSuffixes[t.src];
    const before = tokens[i - 1] as Token;
    const word = before.entry?.out.ko ?? "";
    if (!suffix || t.kind !== "lex" || before.kind !== "lex" || !before.entry) continue;
    if (before.entry.kind === "user" || !/^[\p{Script=Hangul}]{2}$/u.test(word)) continue;
    tokens.splice(i - 1, 2, {
      ...before,
      src: `${before.src}${t.src}`,
      pos: "n",
      entry: { ...before.entry, pos: "n", out: { ...before.entry.out, ko: `${word}${suffix}` } },
    });
    i--;
  }
}

/** A counter that also marks an object (ba), with no number before it and a noun after it. */
function objectMarker(tokens: Token[], i: number): boolean {
  const next = tokens[i + 1];
  return SETS.objectMarkers.has(tokens[i]?.src ?? "") && next?.kind === "lex" && next.pos === "n";
}

/** The object marker read as a counter (ba) is the marker: it writes nothing, the object takes its particle. */
export function objectMarkers(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const prev = tokens[i - 1];
    const counted =
      prev && (prev.kind === "number" || prev.number !== undefined || SETS.counterHosts.has(prev.src));
    if (t.kind !== "lex" || t.pos !== "cl" || counted || !objectMarker(tokens, i) || !t.entry) continue;
    tokens[i] = { ...t, pos: "p", entry: { ...t.entry, pos: "p", out: { ...t.entry.out, ko: "" } } };
  }
}

/**
 * A word that opens a phrase before a noun says something else there than after a number (3 years or
 * under; the following ingredients): maps.atPhraseStart.
 */
export function phraseOpeners(tokens: Token[]): void {
  for (let i = 0; i + 1 < tokens.length; i++) {
    const t = tokens[i] as Token;
    const said = MAPS.atPhraseStart[t.src];
    const before = tokens[i - 1];
    const opens = !before || before.kind === "space" || before.kind === "punct";
    if (!said || t.kind !== "lex" || !t.entry || !opens || tokens[i + 1]?.kind !== "lex") continue;
    tokens[i] = { ...t, entry: { ...t.entry, out: { ...t.entry.out, ko: said } } };
  }
}

/**
 * A word said one way when its phrase closes the sentence and another when a comma and more text follow
 * (passed strict inspection; having gone through tempering, it ...): maps.beforeMoreText.
 */
export function beforeMoreText(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const said = MAPS.beforeMoreText[t.src];
    if (!said || t.kind !== "lex" || !t.entry) continue;
    const mark = tokens.findIndex((u, j) => j > i && u.kind === "punct");
    if (mark < 0 || !SETS.listMarks.has(tokens[mark]?.src ?? "")) continue;
    if (!tokens.slice(mark + 1).some((u) => u.kind === "lex")) continue;
    tokens[i] = { ...t, entry: { ...t.entry, out: { ...t.entry.out, ko: said } } };
  }
}

/**
 * An act before "time" (of) is the time of doing it (when using, when washing): the act takes its future
 * modifier and "time" is said as the occasion, so no act takes the time as its object.
 */
export function actTimes(tokens: Token[]): void {
  for (let i = 0; i + 1 < tokens.length; i++) {
    const act = tokens[i] as Token;
    const at = tokens[i + 1]?.src === SRC.of ? i + 2 : i + 1;
    const time = tokens[at];
    const korean = act.entry?.out.ko ?? "";
    if (act.kind !== "lex" || !act.entry || !time?.entry || !SETS.times.has(time.src)) continue;
    // A verb, or a noun that names an act (washing, charging), never a thing (summer).
    const acting = act.pos === "v" || (act.pos === "n" && RE.closingActs.test(korean));
    if (!acting || !/^[\p{Script=Hangul}]+$/u.test(korean)) continue;
    const stem = RE.nativeAct.test(korean) ? korean.replace(RE.nativeAct, "") : `${korean}${DO}`;
    const modifier = koreanForm({ pre: "", stem, adjective: false }, "futureModifier");
    if (!modifier) continue;
    tokens[i] = {
      ...act,
      pos: "n",
      entry: { ...act.entry, pos: "n", out: { ...act.entry.out, ko: modifier } },
    };
    tokens[at] = {
      ...time,
      pos: "n",
      entry: { ...time.entry, pos: "n", out: { ...time.entry.out, ko: KO.occasion } },
    };
  }
}
