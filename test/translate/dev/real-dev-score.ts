/**
 * The dev half of the real-line sets (test/fixtures/translate-eval/real-lines/<lang>-dev.jsonl, lines read
 * off real images; the held-out half is never read here): acceptable and coverage per pair, judged as
 * npm run eval:translate judges them, and with --show every failing or uncovered line.
 *
 *   npx tsx test/translate/dev/real-dev-score.ts [--show] [zh|ja|en ...]
 */
import { EVAL_DIR, judge, type SourceLanguage } from "../../../scripts/eval-translate.ts";
import { covered, loadRealLines } from "../../../scripts/eval-translate-measures.ts";
import { createEmbeddedTranslator } from "../../../src/translate/embedded/embedded-translator.ts";
import { loadEmbeddedDataFromDisk } from "../../../src/translate/node/load-embedded-data.ts";

const args = process.argv.slice(2);
const show = args.includes("--show");
const langs = args.filter((a): a is SourceLanguage => a === "zh" || a === "ja" || a === "en");
const translator = createEmbeddedTranslator({ data: await loadEmbeddedDataFromDisk() });
for (const from of langs.length ? langs : (["zh", "ja", "en"] as const)) {
  const rows = loadRealLines(EVAL_DIR, from, "dev").filter((r) => (r.ref.ko?.length ?? 0) > 0);
  const results = await translator.translateBatch(
    rows.map((r) => r.src),
    from,
    "ko",
  );
  let acceptable = 0;
  let coveredLines = 0;
  rows.forEach((row, i) => {
    const output = results[i]?.text ?? row.src;
    const refs = row.ref.ko ?? [];
    const ok = judge(row.src, output, refs, "ko").acceptable;
    const cov = covered(output, from, "ko", refs);
    if (ok) acceptable++;
    if (cov) coveredLines++;
    if (show && !ok) console.log(`${cov ? " " : "U"} ${row.src}\t${output}\t[${refs.join(" | ")}]`);
  });
  const pct = (n: number) => `${((100 * n) / rows.length).toFixed(1)}%`;
  console.log(
    `${from}->ko real dev: ${pct(acceptable)} acceptable (${acceptable}/${rows.length}), coverage ${pct(coveredLines)}`,
  );
}
