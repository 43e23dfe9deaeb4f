/**
 * Builds resources/transfer/en-ko-kengdic.tsv, the general English -> Korean word list of the word-level
 * transfer, by inverting kengdic's list of the 6,000 commonest Korean words (ezcorean_6000.sql: each Korean
 * word with its part of speech, a frequency level A-D and a short English definition). Run once by hand
 * when the source changes; the output is committed, nothing is fetched at run time.
 *
 *   # a clone of kengdic (GitHub garfieldnate/kengdic, MPL-2.0 or LGPL-2.0+) in ./kengdic; the
 *   # 6,000-word list was added in its commit 4b98ae9 and removed from the tree later, so read it from there
 *   git -C kengdic show 4b98ae9:ezcorean_6000.sql > ez6000.sql
 *   npx tsx src/translate/node/build-english-korean.ts ez6000.sql
 *
 * kengdic's full table (kengdic.tsv, ~130,000 entries) is mostly rare words, definitions and names; the
 * 6,000-word list is its reviewed core with frequency levels, which is what a plain reading needs.
 *
 * For each English headword (a definition's sense of one plain word) the Korean kept is: from the
 * entry whose first sense it is, then the commoner level, then the entry with fewer senses (more
 * specific), then the shorter Korean. Kept: nouns as they are; verbs in -hada as their noun (practice ->
 * the noun of practising), other verbs are left out (a plain reading of a product line ends in nouns);
 * adjectives in their modifier form, with the adverb (-ge) for English -ly; adverbs as they are. Proper
 * names, counters, pronouns, numerals and interjections are left out, and so are one-syllable words
 * outside the commonest level (homonyms a reader cannot place).
 *
 * Output columns: english, korean, kind (n noun, m modifier, a adverb), adverb form (modifiers only), level.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [sourcePath] = process.argv.slice(2);
if (!sourcePath) {
  console.error("usage: build-english-korean.ts <ezcorean_6000.sql>");
  process.exit(2);
}
const outPath = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "resources",
  "transfer",
  "en-ko-kengdic.tsv",
);

const BASE = 0xac00;
const syllable = (initial: number, medial: number, final = 0) =>
  String.fromCharCode(BASE + (initial * 21 + medial) * 28 + final);
const DA = syllable(3, 0); // the dictionary ending
const HA = syllable(18, 0); // the verb "to do", the stem of -hada words
const EUN = syllable(11, 18, 4);
const UN = syllable(11, 13, 4);
const NEUN = syllable(2, 18, 4);
const GE = syllable(0, 5);
const FINAL_NIEUN = 4;
const FINAL_RIEUL = 8;
const FINAL_BIEUP = 17;
const FINAL_SS = 20;

/** The modifier (before a noun) of an adjective in its dictionary form, or undefined. */
function modifier(adjective: string): string | undefined {
  if (!adjective.endsWith(DA) || adjective.length < 2) return undefined;
  const stem = adjective.slice(0, -1);
  const last = stem.charCodeAt(stem.length - 1) - BASE;
  if (last < 0 || last > 11171) return undefined;
  const final = last % 28;
  const head = stem.slice(0, -1);
  const open = String.fromCharCode(BASE + last - final);
  if (final === 0) return head + String.fromCharCode(BASE + last + FINAL_NIEUN);
  if (final === FINAL_RIEUL) return head + String.fromCharCode(BASE + last - FINAL_RIEUL + FINAL_NIEUN);
  // Most adjectives in -b are irregular (-b drops, -un follows); the few regular ones are verbs here.
  if (final === FINAL_BIEUP) return head + open + UN;
  if (final === FINAL_SS || final === 18) return stem + NEUN;
  return stem + EUN;
}

/** The adverb (-ge) of an adjective in its dictionary form. */
const adverb = (adjective: string) => (adjective.endsWith(DA) ? `${adjective.slice(0, -1)}${GE}` : undefined);

/** Senses kengdic gets wrong or words a shop never prints (found reading the output; reviewed by hand). */
const UNFIT = new Set(["clear", "negro", "discretion", "he", "she", "it", "they", "we", "you", "i"]);

/** A definition's senses that are one plain English word, in order (the transfer reads word by word). */
function senses(definition: string): string[] {
  return definition
    .replace(/\([^)]*\)/g, "")
    .replace(/[“”"’‘]/g, "")
    .split(/[,;/]|\bor\b/)
    .map((s) =>
      s
        .trim()
        .toLowerCase()
        .replace(/^(to be|to|be|a|an|the)\s+/, "")
        .replace(/^(a|an|the)\s+/, "")
        .replace(/[.!?]+$/, "")
        .trim(),
    )
    .filter((s) => /^[a-z][a-z'-]*$/.test(s) && s.length > 1 && !UNFIT.has(s));
}

interface Candidate {
  ko: string;
  kind: "n" | "m" | "a";
  adverb: string;
  level: string;
  sense: number;
  senses: number;
}

const HANGUL = /^\p{Script=Hangul}+$/u;
const LEVELS = "ABCD";
const best = new Map<string, Candidate>();
const better = (a: Candidate, b: Candidate) =>
  (a.sense === 0 ? 0 : 1) - (b.sense === 0 ? 0 : 1) ||
  LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level) ||
  a.senses - b.senses ||
  a.ko.length - b.ko.length;

let inCopy = false;
for (const line of readFileSync(sourcePath, "utf8").split("\n")) {
  if (line.startsWith("COPY ")) inCopy = true;
  else if (line === "\\.") inCopy = false;
  if (!inCopy || line.startsWith("COPY ")) continue;
  const [, word = "", , definition = "", pos = "", , , , level = ""] = line.split("\t");
  const korean = word.replace(/\([^)]*\)/g, "").trim();
  if (!HANGUL.test(korean) || !LEVELS.includes(level) || !level) continue;
  let ko: string | undefined;
  let kind: Candidate["kind"] = "n";
  let adv = "";
  if (pos === "1") ko = korean;
  else if (pos === "2") ko = korean.endsWith(HA + DA) && korean.length > 2 ? korean.slice(0, -2) : undefined;
  else if (pos === "3") [ko, kind] = [korean, "a"];
  else if (pos === "4") [ko, kind, adv] = [modifier(korean), "m", adverb(korean) ?? ""];
  // A Korean word of one syllable outside the commonest level is mostly a homonym (a board, a fence):
  // a reader cannot tell which is meant.
  if (!ko || (ko.length === 1 && level !== "A")) continue;
  const list = senses(definition);
  list.forEach((en, sense) => {
    const candidate = { ko: ko as string, kind, adverb: adv, level, sense, senses: list.length };
    const current = best.get(en);
    if (!current || better(candidate, current) < 0) best.set(en, candidate);
  });
}

const header = [
  "# English -> Korean words for the word-level transfer, inverted from kengdic's 6,000 commonest Korean words",
  "# (ezcorean_6000.sql; MPL-2.0, see public/licenses/translation-data.md). Generated by",
  "# src/translate/node/build-english-korean.ts: do not edit by hand (a hand-written word goes in en-ko-words.tsv).",
  "# Columns: english, korean, kind (n noun, m modifier, a adverb), adverb form, level (A commonest .. D).",
];
const rows = [...best.entries()]
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  .map(([en, c]) => [en, c.ko, c.kind, c.adverb || "-", c.level].join("\t"));
writeFileSync(outPath, `${[...header, ...rows].join("\n")}\n`);
console.log(`${rows.length} English words -> ${outPath}`);
