/**
 * Benchmark of the embedded offline translator: data load time, and texts per second for each pair on
 * a mix of product-image phrases, without the service cache (every text is translated afresh).
 *
 *   npx tsx test/bench/translate.bench.ts
 *
 * Its share of a whole image's pipeline: the engine translates the benchmark's 800 x 800 product image
 * (Chinese to Korean, through this translator) in this same run, and the translate stage's time is put
 * against the whole pipeline's. Beside it, what the slowest pair would cost an image of typical regions.
 */
import { pathToFileURL } from "node:url";
import { ImageEngine } from "../../src/engine/engine.ts";
import { createNodePorts } from "../../src/engine/node/create-node-engine.ts";
import type { EngineStage } from "../../src/engine/progress.ts";
import { createEmbeddedTranslator } from "../../src/translate/embedded/embedded-translator.ts";
import { loadEmbeddedDataFromDisk } from "../../src/translate/node/load-embedded-data.ts";
import type { SourceLang } from "../../src/translate/port.ts";
import { productImage, SceneGenerator } from "../engine/support/synthetic-scenes.ts";
import { DEV_SET } from "../translate/dev-set.ts";

const EXTRA: Record<"zh" | "ja" | "en", string[]> = {
  zh: [
    "限时秒杀 全场包邮",
    "纯棉面料 亲肤透气",
    "买二送一 送运费险",
    "新款韩版宽松显瘦连衣裙",
    "这是一段完全没有意义的文字哦",
  ],
  ja: [
    "期間限定セール 最大50%OFF",
    "送料無料 あす楽対応",
    "綿100% 肌にやさしい",
    "楽天ランキング1位獲得",
    "だいじょうぶ。未来は元気だよ。",
  ],
  en: [
    "Free Shipping on Orders Over $35",
    "Premium Quality Stainless Steel",
    "Buy 2 Get 1 Free",
    "Limited Time Offer",
    "Thoroughly cook meat and eggs",
  ],
};

/** Regions a product image usually carries (badges, price, feature callouts). */
const REGIONS_PER_IMAGE = 15;
const PIPELINE_RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export async function run(): Promise<void> {
  const loadStart = performance.now();
  const data = await loadEmbeddedDataFromDisk();
  const loadMs = performance.now() - loadStart;
  const translator = createEmbeddedTranslator({ data });
  console.log(
    `translate: data loaded in ${loadMs.toFixed(0)} ms (glossary forms zh ${data.glossaryEntries.zh}, ja ${data.glossaryEntries.ja}, en ${data.glossaryEntries.en})`,
  );

  const pairs: Array<[SourceLang, string]> = [
    ["zh", "ko"],
    ["ja", "ko"],
    ["zh", "en"],
    ["ja", "en"],
    ["en", "ko"],
    ["zh", "zh-TW"],
  ];
  let worstPerText = 0;
  for (const [source, target] of pairs) {
    const family = source === "zh-TW" ? "zh" : (source as "zh" | "ja" | "en");
    const texts = [...DEV_SET.filter((c) => c.source === source).map((c) => c.text), ...EXTRA[family]];
    // Warm-up: the first Chinese call builds the OpenCC converters.
    await translator.translateBatch(texts, source, target);
    const rounds = 200;
    const started = performance.now();
    for (let i = 0; i < rounds; i++) await translator.translateBatch(texts, source, target);
    const ms = performance.now() - started;
    const count = rounds * texts.length;
    const perText = ms / count;
    worstPerText = Math.max(worstPerText, perText);
    console.log(
      `translate ${source}->${target}: ${(count / (ms / 1000)).toFixed(0)} texts/s (${(perText * 1000).toFixed(0)} µs per text, ${count} texts)`,
    );
  }
  const perImage = worstPerText * REGIONS_PER_IMAGE;
  console.log(
    `translate: the slowest pair costs about ${perImage.toFixed(2)} ms for an image of ${REGIONS_PER_IMAGE} regions`,
  );

  // The share of a real pipeline: the engine's benchmark image, translated with this translator.
  const engine = new ImageEngine(createNodePorts());
  const image = await productImage(new SceneGenerator());
  const once = async () => {
    const times: Partial<Record<EngineStage, number>> = {};
    let started = 0;
    const start = performance.now();
    await engine.translate(image, {
      sourceLanguage: "zh",
      targetLanguage: "ko",
      translator,
      onProgress: (e) => {
        if (e.stage !== "translate") return;
        if (e.progress === 0) started = performance.now();
        else times.translate = performance.now() - started;
      },
    });
    return { total: performance.now() - start, translate: times.translate ?? 0 };
  };
  await once();
  const runs: Array<{ total: number; translate: number }> = [];
  for (let i = 0; i < PIPELINE_RUNS; i++) runs.push(await once());
  await engine.dispose();
  const total = median(runs.map((r) => r.total));
  const translate = median(runs.map((r) => r.translate));
  console.log(
    `translate: ${translate.toFixed(2)} ms of a ${total.toFixed(0)} ms image pipeline (800 x 800, zh->ko, median of ${PIPELINE_RUNS}): ${((translate / total) * 100).toFixed(2)}% (goal: at most 5%)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await run();
}
