/**
 * The embedded translator's vocabulary: the curated glossary (concept rows, one column per language), the
 * dictionary fallback and the caller's own glossary, indexed by source language for maximal matching.
 *
 * Glossary files are TSV, one concept per line: `zh  ja  en  ko  pos`. A cell lists alternatives with
 * `|` (the first is what we write, all are read); `-` means the language has no form in this row, `_`
 * means the word is written as nothing (Chinese 的 in Korean) and a leading `=` means the word is written
 * but never read (a Chinese row's English that must not speak for English source text). In a target cell a leading `~` glues the
 * word to the previous one and a trailing `~` to the next one; an English classifier may give
 * `singular/plural`, a Korean particle `after-consonant/after-vowel` (을/를).
 */

/** Languages the data writes; traditional Chinese is derived from `zh` by OpenCC. */
export type OutLang = "ko" | "en" | "ja" | "zh";
export type Family = "zh" | "ja" | "en";

/**
 * n: noun or fixed phrase (default); v: verb that takes its object after it in Chinese and English and
 * before it in Korean and Japanese; cl: classifier or unit read after a number; p: particle;
 * m: modifier that stays in front of what it modifies.
 */
export type Pos = "n" | "v" | "cl" | "p" | "m";

export type EntryKind = "user" | "glossary" | "dict";

export interface Entry {
  out: Partial<Record<OutLang, string>>;
  pos: Pos;
  kind: EntryKind;
  /**
   * How specifically a glossary row speaks for this source form (lower is more specific): a row written
   * for one language alone, where the form is the first alternative, beats a Chinese concept row that
   * lists the same Japanese or English word as its third alternative.
   */
  specificity?: number;
}

export interface Lexicon {
  readonly family: Family;
  /** Keys are the source forms (lower-cased for English). */
  readonly entries: Map<string, Entry>;
  /** Longest key, in UTF-16 code units, bounding the matcher's look-ahead. */
  maxKeyLength: number;
  /**
   * Korean words that are Sino-Korean readings (from the Sino-Xenic table): these take the prefix 무
   * (무첨가, 무향료), native words do not (냄새 없는, never 무냄새).
   */
  sinoKorean?: Set<string>;
  /** English words the dictionaries' glosses use: an English word outside it is a name, not a word. */
  englishWords?: Set<string>;
  /**
   * The dictionary's English for a word whose glossary row already gives English: the sense check of
   * the Sino-Xenic table compares dictionary senses, not a glossary's shop wording (技術 has a row for
   * 工艺, Craftsmanship, yet the word is technology like 技术).
   */
  dictGloss?: Map<string, string>;
}

export interface GlossaryParseIssue {
  file: string;
  line: number;
  message: string;
}

const POS = new Set<Pos>(["n", "v", "cl", "p", "m"]);
const COLUMNS: readonly OutLang[] = ["zh", "ja", "en", "ko"];
const FAMILY_COLUMN: Record<Family, OutLang> = { zh: "zh", ja: "ja", en: "en" };

export function createLexicon(family: Family): Lexicon {
  return { family, entries: new Map(), maxKeyLength: 0 };
}

/**
 * An English compound written with a hyphen where a row writes a space (Anti-Fog, Anti Fog): the key to
 * try when the text's own form has no row. The same length, so positions stay those of the source.
 */
export const spacedCompound = (key: string) => key.replace(/(?<=[a-z])-(?=[a-z])/g, " ");

export function keyFor(family: Family, form: string): string {
  return family === "en" ? form.toLowerCase() : form;
}

/** Adds an entry; an earlier entry of a stronger kind (user > glossary > dict) is never replaced. */
export function addEntry(lexicon: Lexicon, form: string, entry: Entry): void {
  const key = keyFor(lexicon.family, form.normalize("NFKC").trim());
  if (!key) return;
  const existing = lexicon.entries.get(key);
  if (existing && rank(existing.kind) > rank(entry.kind)) return;
  if (existing && existing.kind === entry.kind && (entry.specificity ?? 0) < (existing.specificity ?? 0)) {
    // A more specific row speaks for this form; the less specific one only fills its gaps.
    for (const lang of COLUMNS)
      if (entry.out[lang] === undefined && existing.out[lang] !== undefined)
        entry.out[lang] = existing.out[lang];
    lexicon.entries.set(key, entry);
    return;
  }
  if (existing && existing.kind === entry.kind) {
    // Two rows sharing a source form: the first one wins per language, later rows only fill gaps.
    for (const lang of COLUMNS)
      if (existing.out[lang] === undefined && entry.out[lang] !== undefined)
        existing.out[lang] = entry.out[lang];
    return;
  }
  lexicon.entries.set(key, entry);
  if (key.length > lexicon.maxKeyLength) lexicon.maxKeyLength = key.length;
}

function rank(kind: EntryKind): number {
  return kind === "user" ? 3 : kind === "glossary" ? 2 : 1;
}

/**
 * Reads glossary TSV text into the three source lexicons. Malformed lines are reported, not thrown: a
 * typo in one row must not take the whole translator down.
 */
export function loadGlossary(
  text: string,
  file: string,
  lexicons: Record<Family, Lexicon>,
  issues: GlossaryParseIssue[] = [],
): GlossaryParseIssue[] {
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = raw.trimEnd();
    if (!line || line.startsWith("#")) return;
    const cells = line.split("\t");
    if (cells.length < 4 || cells.length > 5) {
      issues.push({
        file,
        line: index + 1,
        message: `expected 4 or 5 tab-separated cells, got ${cells.length}`,
      });
      return;
    }
    const pos = (cells[4]?.trim() || "n") as Pos;
    if (!POS.has(pos)) {
      issues.push({ file, line: index + 1, message: `unknown part of speech "${cells[4]}"` });
      return;
    }
    const forms: Partial<Record<OutLang, string[]>> = {};
    const out: Partial<Record<OutLang, string>> = {};
    COLUMNS.forEach((lang, i) => {
      const cell = cells[i]?.trim() ?? "";
      if (!cell || cell === "-") return;
      const alternatives = cell
        .split("|")
        .map((a) => a.trim())
        .filter(Boolean);
      // "=Long": the word is written in that language, but the row is not read from it (a Chinese row's
      // English must not take over English source text from the rows written for English).
      const writtenOnly = alternatives[0]?.startsWith("=") ?? false;
      if (writtenOnly) alternatives[0] = alternatives[0]?.slice(1) ?? "";
      if (!writtenOnly) forms[lang] = alternatives;
      out[lang] = alternatives[0] === "_" ? "" : alternatives[0];
    });
    const sourceColumns = (["zh", "ja", "en"] as const).filter((f) => forms[FAMILY_COLUMN[f]]).length;
    for (const family of ["zh", "ja", "en"] as const) {
      (forms[FAMILY_COLUMN[family]] ?? []).forEach((form, alternative) => {
        if (form === "_") return;
        // Chinese is every concept row's own language; Japanese and English forms listed in a Chinese row
        // are secondary to rows written for them.
        const specificity = (alternative === 0 ? 0 : 1) + (family === "zh" ? 0 : sourceColumns - 1);
        // An English classifier cell "day/days" is read in both forms.
        const sourceForms = family === "en" && pos === "cl" ? form.split("/") : [form];
        for (const f of sourceForms)
          addEntry(lexicons[family], stripGlue(f), { out: { ...out }, pos, kind: "glossary", specificity });
      });
    }
  });
  return issues;
}

/**
 * Reads the regional Chinese table: `form  mainland  [as written]`, a word of Taiwan or Hong Kong shops
 * (in the simplified characters OpenCC reads it as: 洗发精 for 洗髮精) read as the mainland word whose
 * glossary row says it (洗发水), so one row gives both its Korean and its English and part of speech. The
 * optional third cell is the word as the shops write it, for the reader and the tests. A form that already
 * has a glossary row, or a mainland word that has none, is reported, not guessed.
 */
export function loadRegionalWords(
  text: string,
  file: string,
  zh: Lexicon,
  issues: GlossaryParseIssue[] = [],
): GlossaryParseIssue[] {
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trimEnd();
    if (!line || line.startsWith("#")) return;
    const [form = "", mainland = ""] = line.split("\t").map((c) => c.trim());
    const issue = (message: string) => issues.push({ file, line: index + 1, message });
    const target = zh.entries.get(mainland);
    if (!form || !mainland) issue("expected a form and its mainland word");
    else if (zh.entries.get(form)?.kind === "glossary") issue(`"${form}" already has a glossary row`);
    else if (target?.kind !== "glossary") issue(`"${mainland}" has no glossary row`);
    else addEntry(zh, form, { ...target, out: { ...target.out }, specificity: 0 });
  });
  return issues;
}

/** The source form of a cell without the glue marks that only matter when writing. */
export function stripGlue(form: string): string {
  return form.replace(/^~|~$/g, "");
}

/** Collects the English words of dictionary glosses (lower-cased) into a set. */
export function collectEnglishWords(text: string, into: Set<string>): void {
  for (const line of text.split("\n")) {
    const tab = line.indexOf("\t");
    if (tab < 1 || line.startsWith("#")) continue;
    for (const w of line
      .slice(tab + 1)
      .toLowerCase()
      .split(/[^a-z]+/))
      if (w.length > 2) into.add(w);
  }
}

/** Reads a two-column dictionary TSV (source form, translation) into one output language. */
export function loadDictionary(text: string, lexicon: Lexicon, lang: OutLang): void {
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const tab = line.indexOf("\t");
    if (tab < 1) continue;
    const form = line.slice(0, tab);
    const value = line.slice(tab + 1).trim();
    if (!value) continue;
    mergeDict(lexicon, form, lang, value);
  }
}

/**
 * Reads the Sino-Xenic table (ja, zh, ko, common per row) into the Chinese and Japanese lexicons.
 * Chinese reads only the rows of common Japanese words: a rare Japanese word spelled like an everyday
 * Chinese one (一下) would otherwise bring its rare Korean reading along.
 */
export function loadCjkTable(text: string, zh: Lexicon, ja: Lexicon): void {
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const [jaForm, zhForm, ko, common] = line.split("\t");
    if (!jaForm || !zhForm || !ko) continue;
    const koValue = ko.trim() === "-" ? undefined : initialSoundLaw(ko.trim());
    const zhValue = zhForm === "-" ? undefined : zhForm;
    if (koValue) {
      mergeDict(ja, jaForm, "ko", koValue);
      zh.sinoKorean ??= new Set();
      zh.sinoKorean.add(koValue);
    }
    if (zhValue) mergeDict(ja, jaForm, "zh", zhValue);
    // Sense check: the Chinese word and the Japanese word must mean the same thing, judged by their
    // English glosses (阶段 is a stage, 階段 a staircase: 계단 would be a false friend).
    if (
      zhValue &&
      common?.trim() === "P" &&
      sameSenseAny(
        [zh.entries.get(zhValue)?.out.en, zh.dictGloss?.get(zhValue)],
        [ja.entries.get(jaForm)?.out.en, ja.dictGloss?.get(jaForm)],
      )
    ) {
      mergeDict(zh, zhValue, "ja", jaForm);
      if (koValue) mergeDict(zh, zhValue, "ko", koValue);
    }
  }
}

const HANGUL_BASE = 0xac00;
const JUNG_COUNT = 21;
const JONG_COUNT = 28;
/** Medial vowels after which an initial ㄴ or ㄹ becomes ㅇ: ㅑ ㅕ ㅖ ㅛ ㅠ ㅣ. */
const Y_VOWELS = new Set([2, 6, 7, 12, 17, 20]);

/**
 * The initial sound law (두음법칙) of South Korean spelling: a Sino-Korean word never starts with ㄹ, nor
 * with ㄴ before i or y (年齡 is 연령, not 년령; 龍 is 용, 勞 is 노). The reading table writes
 * the characters' own sounds, so the first syllable is corrected here.
 */
export function initialSoundLaw(word: string): string {
  const code = word.codePointAt(0) ?? 0;
  if (code < HANGUL_BASE || code > 0xd7a3) return word;
  const offset = code - HANGUL_BASE;
  const cho = Math.floor(offset / (JUNG_COUNT * JONG_COUNT));
  const jung = Math.floor(offset / JONG_COUNT) % JUNG_COUNT;
  const jong = offset % JONG_COUNT;
  const NIEUN = 2;
  const RIEUL = 5;
  const IEUNG = 11;
  let next = cho;
  if ((cho === NIEUN || cho === RIEUL) && Y_VOWELS.has(jung)) next = IEUNG;
  else if (cho === RIEUL) next = NIEUN;
  if (next === cho) return word;
  const fixed = String.fromCodePoint(HANGUL_BASE + (next * JUNG_COUNT + jung) * JONG_COUNT + jong);
  return fixed + word.slice(1);
}

const STOP = new Set([
  "a",
  "an",
  "the",
  "of",
  "to",
  "and",
  "or",
  "in",
  "on",
  "for",
  "with",
  "one",
  "be",
  "sth",
  "sb",
]);

/** Whether two dictionary glosses share a content word (price / price, material / materials). */
function sameSenseAny(a: Array<string | undefined>, b: Array<string | undefined>): boolean {
  return a.some((x) => b.some((y) => sameSense(x, y)));
}

export function sameSense(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const words = (g: string) =>
    new Set(
      g
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter((w) => w.length > 2 && !STOP.has(w))
        .map((w) => w.replace(/(ies|es|s)$/, "")),
    );
  const wa = words(a);
  return [...words(b)].some((w) => wa.has(w));
}

function mergeDict(lexicon: Lexicon, form: string, lang: OutLang, value: string): void {
  const key = keyFor(lexicon.family, form);
  const existing = lexicon.entries.get(key);
  if (existing) {
    // The glossary's own row decides; the dictionary only fills languages the row left open.
    if (existing.out[lang] === undefined && existing.kind !== "user") existing.out[lang] = value;
    else if (lang === "en") {
      lexicon.dictGloss ??= new Map();
      lexicon.dictGloss.set(key, value);
    }
    return;
  }
  lexicon.entries.set(key, { out: { [lang]: value }, pos: "n", kind: "dict" });
  if (key.length > lexicon.maxKeyLength) lexicon.maxKeyLength = key.length;
}
