/**
 * The tables of the word-level transfer (resources/transfer/ and the Sino-Xenic table), parsed once:
 * Han characters' Sino-Korean readings, the kana-to-Hangul table, Japanese particles and endings, English
 * function words, every Sino-Korean word of the table by its Chinese and Japanese forms, and English words
 * a Korean word answers (hand-written, kengdic's general list, then the Japanese dictionary's glosses of a
 * word Korean shares).
 */
import { buildEnglishHangulTable, type EnglishHangulTable } from "./english-hangul.ts";

/** How a grammar word is written: glued particle, glued ending, word of its own, nothing, or after the next word. */
export type GrammarRole = "p" | "e" | "w" | "_" | "b";

export interface GrammarWord {
  ko: string;
  role: GrammarRole;
}

export interface TransferData {
  /** Han character -> Sino-Korean reading. */
  hanja: Map<string, string>;
  /** Kana (katakana, one or two characters) -> Hangul. */
  kana: Map<string, string>;
  jaGrammar: Map<string, GrammarWord>;
  jaGrammarMaxLength: number;
  enFunction: Map<string, GrammarWord>;
  /** Chinese (simplified) and Japanese forms of the Sino-Korean words of the table -> Korean reading. */
  sinoWords: Map<string, string>;
  sinoWordsMaxLength: number;
  /** One English word -> the Korean of a word Korean shares with Japanese (technology -> 기술). */
  englishKorean: Map<string, string>;
  /** English adjective -> the Korean adverb (-ge) its -ly form reads as (quick -> quickly). */
  englishAdverbs: Map<string, string>;
  /** English spelling -> Korean sounds, for names and loanwords no word list has (english-hangul.ts). */
  englishHangul: EnglishHangulTable;
  /** English surnames that are also words (hill, baker): after a name, part of it (latin-names.ts). */
  surnames: Set<string>;
}

export interface TransferFiles {
  hanja?: string;
  kana?: string;
  jaGrammar?: string;
  enFunction?: string;
  /** Everyday English words with their Korean (resources/transfer/en-ko-words.tsv). */
  enWords?: string;
  /** The general word list built from kengdic (resources/transfer/en-ko-kengdic.tsv). */
  enGeneral?: string;
  /** English spelling -> Korean sounds (resources/transfer/en-hangul.tsv). */
  enHangul?: string;
  /** English surnames that are also words, one per line (resources/transfer/en-surnames.txt). */
  enSurnames?: string;
  cjk?: string;
  jaEn?: string;
  zhEn?: string;
}

const rows = (text: string | undefined): string[][] =>
  (text ?? "")
    .split("\n")
    .filter((l) => l.trim() !== "" && !l.startsWith("#"))
    .map((l) => l.trimEnd().split("\t"));

const ROLES = new Set<GrammarRole>(["p", "e", "w", "_", "b"]);

function grammarTable(text: string | undefined): Map<string, GrammarWord> {
  const table = new Map<string, GrammarWord>();
  for (const [form, ko, role] of rows(text))
    if (form && ko !== undefined && ROLES.has(role as GrammarRole))
      table.set(form, { ko: ko === "_" ? "" : ko, role: role as GrammarRole });
  return table;
}

export function buildTransferData(files: TransferFiles): TransferData {
  const hanja = new Map<string, string>();
  for (const [ch, reading] of rows(files.hanja)) if (ch && reading) hanja.set(ch, reading);
  const kana = new Map<string, string>();
  for (const [k, h] of rows(files.kana)) if (k && h) kana.set(k, h);
  const jaGrammar = grammarTable(files.jaGrammar);
  const enFunction = grammarTable(files.enFunction);

  const sinoWords = new Map<string, string>();
  const jaKorean = new Map<string, string>();
  for (const [ja, zh, ko] of rows(files.cjk)) {
    if (!ko || ko === "-" || !/^\p{Script=Hangul}+$/u.test(ko)) continue;
    for (const form of [zh, ja]) if (form && form !== "-" && !sinoWords.has(form)) sinoWords.set(form, ko);
    if (ja && ja !== "-") jaKorean.set(ja, ko);
  }
  const englishKorean = new Map<string, string>();
  for (const [en, ko] of rows(files.enWords)) if (en && ko) englishKorean.set(en.toLowerCase(), ko);
  // The general list (kengdic's commonest Korean words) after the hand-written words, before the words
  // found through the Japanese and Chinese dictionaries' glosses (a Korean's word beats a shared kanji).
  const englishAdverbs = new Map<string, string>();
  for (const [en, ko, , adverb] of rows(files.enGeneral)) {
    if (!en || !ko) continue;
    if (!englishKorean.has(en)) englishKorean.set(en, ko);
    if (adverb && adverb !== "-") englishAdverbs.set(en, adverb);
  }
  // Japanese common words first (their Korean is checked against EDICT's common list), then Chinese ones.
  const glossed = (text: string | undefined, korean: (form: string) => string | undefined) => {
    for (const [form, gloss] of rows(text)) {
      const word = gloss?.trim().toLowerCase().replace(/^to /, "");
      const ko = form ? korean(form) : undefined;
      if (!word || !ko || !/^[a-z]+$/.test(word) || englishKorean.has(word)) continue;
      englishKorean.set(word, ko);
    }
  };
  glossed(files.jaEn, (ja) => jaKorean.get(ja));
  glossed(files.zhEn, (zh) => sinoWords.get(zh));
  const longest = (keys: Iterable<string>) => Math.max(1, ...Array.from(keys, (k) => k.length));
  return {
    hanja,
    kana,
    jaGrammar,
    jaGrammarMaxLength: longest(jaGrammar.keys()),
    enFunction,
    sinoWords,
    sinoWordsMaxLength: Math.min(8, longest(sinoWords.keys())),
    englishKorean,
    englishAdverbs,
    englishHangul: buildEnglishHangulTable(files.enHangul),
    surnames: new Set(rows(files.enSurnames).map(([w]) => (w ?? "").trim().toLowerCase())),
  };
}
