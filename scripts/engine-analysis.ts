/**
 * Region analysis against generated truth (text colour, ground colour, weight class, badge), with the
 * per-item figures behind the summary: `npx tsx scripts/engine-analysis.ts [--scenes 60] [--verbose]`.
 * The same check, on fewer scenes, is a test (test/engine/analysis.test.ts).
 */
import { parseArgs } from "node:util";
import { createNodeEngine } from "../src/engine/node/create-node-engine.ts";
import { analyseScenes, summarize } from "../test/engine/support/analysis-truth.ts";

const { values } = parseArgs({
  options: {
    scenes: { type: "string", default: "60" },
    seed: { type: "string", default: "1000" },
    verbose: { type: "boolean", default: false },
  },
});
const engine = createNodeEngine();
const seeds = Array.from({ length: Number(values.scenes) }, (_, i) => Number(values.seed) + i);
const results = await analyseScenes(engine, seeds);
if (values.verbose) {
  for (const r of results) {
    if (!r.group) {
      console.log(`seed ${r.seed} ${r.ground} MISSED "${r.truth.text}"`);
      continue;
    }
    const flag = (ok: boolean) => (ok ? " " : "x");
    console.log(
      `seed ${r.seed} ${r.ground.padEnd(8)} ${flag(r.textDeltaE! <= 10)}text dE ${r.textDeltaE!.toFixed(1).padStart(5)} ${flag(r.bgDeltaE! <= 10)}bg dE ${r.bgDeltaE!.toFixed(1).padStart(5)} ${flag(r.weightOk!)}weight ${r.truth.weight.padEnd(7)}->${r.group.weight.padEnd(7)} ratio ${r.weightRatio!.toFixed(3)} ${flag(r.badgeOk!)}badge ${r.truth.isBadge}->${r.group.isBadge} ${r.truth.font}-${r.truth.fontWeight} ${r.truth.size}px "${r.truth.text}" read "${r.group.text}"`,
    );
  }
}
for (const ground of ["plain", "gradient", "photo", undefined] as const) {
  const s = summarize(results.filter((r) => ground === undefined || r.ground === ground));
  console.log(
    `${(ground ?? "all").padEnd(8)} items ${s.items} matched ${s.matched} | text colour dE<=10 ${(s.textColourWithin10 * 100).toFixed(1)}% | ground colour dE<=10 ${(s.bgColourWithin10 * 100).toFixed(1)}% | weight ${(s.weightRight * 100).toFixed(1)}% | badge ${(s.badgeRight * 100).toFixed(1)}%`,
  );
}
for (const cls of ["Thin", "Regular", "Bold"] as const) {
  const s = summarize(results.filter((r) => r.truth.weight === cls));
  console.log(
    `class ${cls.padEnd(8)} items ${s.items} | text colour dE<=10 ${(s.textColourWithin10 * 100).toFixed(1)}% | weight ${(s.weightRight * 100).toFixed(1)}% | badge ${(s.badgeRight * 100).toFixed(1)}%`,
  );
}
const des = results
  .filter((r) => r.group)
  .map((r) => r.textDeltaE!)
  .sort((a, b) => a - b);
console.log(
  `median text colour dE ${des[des.length >> 1]?.toFixed(1)}, 90th percentile ${des[Math.floor(des.length * 0.9)]?.toFixed(1)}`,
);
await engine.dispose();
