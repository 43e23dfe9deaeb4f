/**
 * Shows how the embedded translator reads each line: its pieces, where each comes from (glossary,
 * dictionary, rule), and the output. A tool for growing the glossary from the development sets.
 *
 *   echo 防臭抗菌 | npx tsx test/translate/dev/explain.ts zh ko
 */

import { toSimplified } from "../../../src/translate/embedded/chinese-variants.ts";
import { createEmbeddedTranslator } from "../../../src/translate/embedded/embedded-translator.ts";
import type { Family } from "../../../src/translate/embedded/lexicon.ts";
import { segment } from "../../../src/translate/embedded/segment.ts";
import { loadEmbeddedDataFromDisk } from "../../../src/translate/node/load-embedded-data.ts";
import type { SourceLang } from "../../../src/translate/port.ts";

const [from = "zh", to = "ko"] = process.argv.slice(2);
const data = await loadEmbeddedDataFromDisk();
const translator = createEmbeddedTranslator({ data });
const family: Family = from.startsWith("zh") ? "zh" : (from as Family);
const lang = to.startsWith("zh") ? "zh" : (to as "ko" | "en" | "ja");
const chunks: Buffer[] = [];
for await (const c of process.stdin) chunks.push(c as Buffer);
for (const line of Buffer.concat(chunks).toString("utf8").split("\n")) {
  if (!line.trim()) continue;
  let text = line.normalize("NFKC");
  if (family === "zh") text = toSimplified(text);
  const tokens = segment({ text, family, lexicon: data.lexicons[family], lang });
  const pieces = tokens
    .filter((t) => t.kind !== "space")
    .map((t) => {
      const tag = t.kind === "lex" ? (t.entry?.kind === "glossary" ? "g" : "d") : t.kind[0];
      const out = t.kind === "lex" ? t.entry?.out[lang] : t.rule?.render(lang);
      return `${t.src}/${tag}${t.pos !== "n" ? `.${t.pos}` : ""}=${out ?? "?"}`;
    });
  const [r] = await translator.translateBatch([line], from as SourceLang, to);
  console.log(
    `${line}\n  ${pieces.join("  ")}\n  -> ${r?.status === "translated" ? r.text : `KEPT (${r?.reason})`}`,
  );
}
