import { Comparer } from "../../server/compare/comparer.ts";
import type { RateTable } from "../../server/compare/exchange-rates.ts";
import { fetchImageBytes } from "../../server/compare/image-fetch.ts";
import { type MarketplaceCaller, uncharged } from "../../server/compare/marketplace-calls.ts";
import { loadConfig } from "../../server/config.ts";
import { createMarketplaceModules } from "../../server/marketplaces/index.ts";
import { crossListingTruth } from "../../server/sandbox/catalog/cross-listing-truth.ts";
import { resolveUpstreams } from "../../server/sandbox/resolve.ts";
import { MARKETPLACES } from "../../src/contract/marketplace.ts";
import { createServerTranslator } from "../../src/translate/node/create-server-translator.ts";

/**
 * Issue 17, Must show 3: a seller comparison's time to its first match and to its summary, next to the
 * slowest single upstream search of the same comparison (goal: summary ≤ 1.3× that search). The sandbox
 * runs with its documented latencies (eBay 200 ms + 20 ms an item, PA-API and Walmart 250 ms, AliExpress
 * 400 ms, Shopify 120 ms), so the figures show how much the fan-out adds to its slowest leg: the source
 * read before it, the reading of the best candidates after it, the pictures and the scoring.
 *   npm run bench -- compare       (BENCH_SOURCES=10 by default, two from each marketplace)
 */
const SOURCES = Number(process.env.BENCH_SOURCES ?? 10);

const RATES: RateTable = {
  perUsd: new Map([
    ["USD", 1],
    ["CNY", 7.2],
    ["JPY", 150],
  ]),
  asOf: "2026-11-20",
};

interface Timing {
  source: string;
  sourceRead: number;
  firstMatch: number;
  summary: number;
  slowestSearch: number;
  slowestName: string;
}

export async function run(): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: "silent", SANDBOX_LATENCY: "true", SANDBOX_FAULT_RATE: "0" });
  const { upstreams, sandbox } = await resolveUpstreams(config.marketplaces);
  await sandbox!.warm();
  const modules = createMarketplaceModules({ upstreams, timeoutMs: 20_000 });
  const translator = await createServerTranslator(config.translation);
  const comparer = new Comparer({
    marketplaces: MARKETPLACES,
    visual: new Set(MARKETPLACES.filter((m) => modules[m].operations.includes("image-search"))),
    translator: async () => translator,
    rates: async () => RATES,
    fetchImage: fetchImageBytes,
    deadlineMs: config.compare.deadlineMs,
  });
  const truth = crossListingTruth(config.marketplaces.sandbox.seed);
  const groups = [...truth.groups.values()];
  const sources = MARKETPLACES.flatMap((m) =>
    groups.flatMap((g) => g.filter((l) => l.marketplace === m)).slice(5, 5 + Math.ceil(SOURCES / 5)),
  );
  // One comparison first, unmeasured: connections, the translator's first words, the JIT.
  const plain = uncharged(modules);
  const warm = sources.at(-1)!;
  await comparer.fanOut(
    await comparer.readSource(warm, plain, AbortSignal.timeout(60_000)),
    plain,
    {},
    AbortSignal.timeout(60_000),
  );

  const timings: Timing[] = [];
  for (const source of sources) {
    const searches: { name: string; ms: number }[] = [];
    const timed: MarketplaceCaller = async (marketplace, operation, params, signal) => {
      const t0 = performance.now();
      const result = await plain(marketplace, operation, params, signal);
      if (operation === "search" || operation === "image-search") {
        searches.push({ name: `${marketplace} ${operation}`, ms: performance.now() - t0 });
      }
      return result as never;
    };
    const t0 = performance.now();
    let first = Number.NaN;
    const read = await comparer.readSource(source, timed, AbortSignal.timeout(60_000));
    const sourceRead = performance.now() - t0;
    await comparer.fanOut(
      read,
      timed,
      {
        match: () => {
          if (Number.isNaN(first)) first = performance.now() - t0;
        },
      },
      AbortSignal.timeout(60_000),
    );
    const summary = performance.now() - t0;
    const slowest = searches.reduce((a, b) => (b.ms > a.ms ? b : a), { name: "-", ms: 0 });
    timings.push({
      source: source.marketplace,
      sourceRead,
      firstMatch: first,
      summary,
      slowestSearch: slowest.ms,
      slowestName: slowest.name,
    });
  }
  await sandbox!.close();

  console.log(`\ncompare: ${timings.length} comparisons, sandbox latency on (ms)`);
  console.log("source        read  first match  summary  slowest search            summary/slowest");
  for (const t of timings) {
    console.log(
      `${t.source.padEnd(12)} ${ms(t.sourceRead)}  ${ms(t.firstMatch)}      ${ms(t.summary)}   ${ms(t.slowestSearch)} ${t.slowestName.padEnd(22)} ${(t.summary / t.slowestSearch).toFixed(2)}`,
    );
  }
  const med = (f: (t: Timing) => number) => median(timings.map(f));
  console.log(
    `median       ${ms(med((t) => t.sourceRead))}  ${ms(med((t) => t.firstMatch))}      ${ms(med((t) => t.summary))}   ${ms(med((t) => t.slowestSearch))} ${"".padEnd(22)} ${med((t) => t.summary / t.slowestSearch).toFixed(2)}  (goal ≤ 1.3)`,
  );
  console.log(
    `first match / slowest search, median ${med((t) => t.firstMatch / t.slowestSearch).toFixed(2)}`,
  );
}

function ms(x: number): string {
  return Number.isFinite(x) ? x.toFixed(0).padStart(5) : "    -";
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}
