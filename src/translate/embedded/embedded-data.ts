/**
 * The embedded translator's data, built from the text of its files. The core never reads files: Node
 * hands it the files' text (src/translate/node/), the browser fetches them from the extension's package,
 * and a test may hand it a few lines of its own.
 */
import { addAdjectiveForms } from "./ja-adjective-forms.ts";
import { addKanaSpellings } from "./ja-kana-spellings.ts";
import {
  collectEnglishWords,
  createLexicon,
  type Family,
  type GlossaryParseIssue,
  type Lexicon,
  loadCjkTable,
  loadDictionary,
  loadGlossary,
  loadRegionalWords,
} from "./lexicon.ts";
import { buildTransferData, type TransferData, type TransferFiles } from "./transfer/transfer-data.ts";

export interface EmbeddedDataFiles {
  /** Curated glossary files (name for error messages, TSV text). */
  glossaries: ReadonlyArray<{ name: string; text: string }>;
  /** Taiwan and Hong Kong words read as the mainland words of the glossary. */
  zhRegional?: string;
  /** CC-CEDICT-derived Chinese -> English words. */
  zhEn?: string;
  /** EDICT-derived Japanese -> English words. */
  jaEn?: string;
  /** Sino-Xenic table: Japanese kanji word, simplified Chinese form, Sino-Korean reading. */
  cjk?: string;
  /** The word-level transfer's tables (resources/transfer/). */
  transfer?: Omit<TransferFiles, "cjk" | "jaEn" | "zhEn">;
}

export interface EmbeddedData {
  lexicons: Record<Family, Lexicon>;
  /** Malformed glossary lines, skipped; the glossary tests assert there are none. */
  issues: GlossaryParseIssue[];
  /** Glossary source forms per language, for the closing report and the tests. */
  glossaryEntries: Record<Family, number>;
  /** The word-level transfer's tables; without them the translator keeps what no phrase covers. */
  transfer?: TransferData;
}

/** Names of the files the Node and browser loaders read, relative to the data folder. */
export const DATA_FILES = {
  glossaries: [
    "glossary/zh-ko.tsv",
    "glossary/grammar.tsv",
    "glossary/promotions.tsv",
    "glossary/shipping-service.tsv",
    "glossary/badges-quality.tsv",
    "glossary/materials.tsv",
    "glossary/apparel.tsv",
    "glossary/beauty-health.tsv",
    "glossary/electronics.tsv",
    "glossary/home-kitchen.tsv",
    "glossary/food.tsv",
    "glossary/baby-pets-sports.tsv",
    "glossary/lifestyle.tsv",
    "glossary/features.tsv",
    "glossary/colors-sizes.tsv",
    "glossary/slogans.tsv",
    "glossary/zh-words.tsv",
    "glossary/zh-tw-hk.tsv",
    "glossary/brands.tsv",
    "glossary/ja-phrases.tsv",
    "glossary/en-words.tsv",
  ],
  zhRegional: "zh-regional.tsv",
  zhEn: "dict-zh-en.tsv",
  jaEn: "dict-ja-en.tsv",
  cjk: "dict-cjk.tsv",
  transfer: {
    hanja: "transfer/hanja-readings.tsv",
    kana: "transfer/kana-hangul.tsv",
    jaGrammar: "transfer/ja-grammar.tsv",
    enFunction: "transfer/en-function-words.tsv",
    enWords: "transfer/en-ko-words.tsv",
    enGeneral: "transfer/en-ko-kengdic.tsv",
    enHangul: "transfer/en-hangul.tsv",
    enSurnames: "transfer/en-surnames.txt",
  },
} as const;

export function buildEmbeddedData(files: EmbeddedDataFiles): EmbeddedData {
  const lexicons: Record<Family, Lexicon> = {
    zh: createLexicon("zh"),
    ja: createLexicon("ja"),
    en: createLexicon("en"),
  };
  const issues: GlossaryParseIssue[] = [];
  for (const file of files.glossaries) loadGlossary(file.text, file.name, lexicons, issues);
  if (files.zhRegional) loadRegionalWords(files.zhRegional, DATA_FILES.zhRegional, lexicons.zh, issues);
  addAdjectiveForms(lexicons.ja);
  addKanaSpellings(lexicons.ja);
  const glossaryEntries = {
    zh: lexicons.zh.entries.size,
    ja: lexicons.ja.entries.size,
    en: lexicons.en.entries.size,
  };
  // Dictionaries come after the glossary: they only fill what the reviewed rows leave open.
  if (files.zhEn) loadDictionary(files.zhEn, lexicons.zh, "en");
  if (files.jaEn) loadDictionary(files.jaEn, lexicons.ja, "en");
  if (files.cjk) loadCjkTable(files.cjk, lexicons.zh, lexicons.ja);
  const englishWords = new Set<string>();
  for (const dict of [files.zhEn, files.jaEn]) if (dict) collectEnglishWords(dict, englishWords);
  for (const key of lexicons.en.entries.keys())
    for (const w of key.split(/[^a-z]+/)) if (w) englishWords.add(w);
  // The hand-written everyday words too: a capitalised one (Restroom, Canada) is a word, not a name.
  for (const line of (files.transfer?.enWords ?? "").split("\n")) {
    const word = line.split("\t")[0]?.trim().toLowerCase();
    if (word && !word.startsWith("#")) englishWords.add(word);
  }
  lexicons.en.englishWords = englishWords;
  const transfer = files.transfer
    ? buildTransferData({ ...files.transfer, cjk: files.cjk, jaEn: files.jaEn, zhEn: files.zhEn })
    : undefined;
  return { lexicons, issues, glossaryEntries, transfer };
}

/** Loads every data file through a reader (fs in Node, fetch in the browser) and builds the data. */
export async function loadEmbeddedData(read: (name: string) => Promise<string>): Promise<EmbeddedData> {
  const t = DATA_FILES.transfer;
  const [
    glossaries,
    zhRegional,
    zhEn,
    jaEn,
    cjk,
    hanja,
    kana,
    jaGrammar,
    enFunction,
    enWords,
    enGeneral,
    enHangul,
    enSurnames,
  ] = await Promise.all([
    Promise.all(DATA_FILES.glossaries.map(async (name) => ({ name, text: await read(name) }))),
    read(DATA_FILES.zhRegional),
    read(DATA_FILES.zhEn),
    read(DATA_FILES.jaEn),
    read(DATA_FILES.cjk),
    read(t.hanja),
    read(t.kana),
    read(t.jaGrammar),
    read(t.enFunction),
    read(t.enWords),
    read(t.enGeneral),
    read(t.enHangul),
    read(t.enSurnames),
  ]);
  return buildEmbeddedData({
    glossaries,
    zhRegional,
    zhEn,
    jaEn,
    cjk,
    transfer: { hanja, kana, jaGrammar, enFunction, enWords, enGeneral, enHangul, enSurnames },
  });
}
