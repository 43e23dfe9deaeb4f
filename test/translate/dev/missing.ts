/**
 * Which source words have no curated glossary row yet: reads words (one a line, Chinese, Japanese or
 * English) and prints those the glossary lacks, with what the translator writes for them today.
 *
 *   npx tsx test/translate/dev/missing.ts zh ko < words.txt
 */
import { toSimplified } from "../../../src/translate/embedded/chinese-variants.ts";
import { createEmbeddedTranslator } from "../../../src/translate/embedded/embedded-translator.ts";
import type { Family } from "../../../src/translate/embedded/lexicon.ts";
import { keyFor } from "../../../src/translate/embedded/lexicon.ts";
import { loadEmbeddedDataFromDisk } from "../../../src/translate/node/load-embedded-data.ts";
import type { SourceLang } from "../../../src/translate/port.ts";

const [from = "zh", to = "ko"] = process.argv.slice(2);
const data = await loadEmbeddedDataFromDisk();
const translator = createEmbeddedTranslator({ data });
const family: Family = from.startsWith("zh") ? "zh" : (from as Family);
const chunks: Buffer[] = [];
for await (const c of process.stdin) chunks.push(c as Buffer);
const words = [
  ...new Set(
    Buffer.concat(chunks)
      .toString("utf8")
      .split(/[\n,，、 ]+/)
      .map((w) => w.trim())
      .filter(Boolean),
  ),
];
const results = await translator.translateBatch(words, from as SourceLang, to);
words.forEach((w, i) => {
  // Traditional Chinese is read through its simplified form, as the translator reads it.
  const form = family === "zh" ? toSimplified(w.normalize("NFKC")) : w;
  const entry = data.lexicons[family].entries.get(keyFor(family, form));
  if (entry?.kind === "glossary") return;
  const r = results[i];
  console.log(
    `${w}\t${r?.status === "translated" ? r.text : "-"}\t${entry ? `dict:${entry.out.ko ?? ""}` : ""}`,
  );
});
