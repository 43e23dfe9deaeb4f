/**
 * npm run eval:compare [-- --sources 320 --fit]
 *
 * Seller comparison judged on the sandbox's cross-listings (server/sandbox/catalog/cross-listing.ts): source
 * listings taken evenly from all five marketplaces, each compared through the real marketplace modules
 * against the embedded sandbox (no latency, no faults) with the server's translator, exactly as
 * POST /app/compare does (without charging). The truth of which listings are one product is read from the
 * sandbox's plan, which no API serves.
 *
 * Reported on the held-out products (30% of the global products, by id, never used to fit the score) and on
 * the tuning ones: precision of the top match per marketplace where the product exists there, recall of
 * "exists elsewhere" (the right listing on top with a score of 0.5 or more), false alarms (a score of 0.5
 * or more where the product is not listed), calibration of the score in bands, and the share of pack-size
 * traps (the right listing in another pack size) flagged with a pack-size warning.
 *
 * --fit refits the score's weights (logistic regression on every judged candidate of the tuning products)
 * and writes them to server/compare/score-model.ts; run again without it to report the new weights.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { Comparer } from "../server/compare/comparer.ts";
import type { FoundMatch } from "../server/compare/comparison-types.ts";
import { calibratedScores, evidenceLogit, features } from "../server/compare/evidence.ts";
import type { RateTable } from "../server/compare/exchange-rates.ts";
import { fetchImageBytes } from "../server/compare/image-fetch.ts";
import { uncharged } from "../server/compare/marketplace-calls.ts";
import { SCORE_MODEL, type ScoreModel } from "../server/compare/score-model.ts";
import { loadConfig } from "../server/config.ts";
import { createMarketplaceModules } from "../server/marketplaces/index.ts";
import { crossListingTruth, type TruthListing } from "../server/sandbox/catalog/cross-listing-truth.ts";
import { mix32 } from "../server/sandbox/catalog/rng.ts";
import { resolveUpstreams } from "../server/sandbox/resolve.ts";
import { MARKETPLACES, type Marketplace } from "../src/contract/marketplace.ts";
import { createServerTranslator } from "../src/translate/node/create-server-translator.ts";

const args = process.argv.slice(2);
const SOURCES = Number(args[args.indexOf("--sources") + 1]) || 320;
const FIT = args.includes("--fit");
/** --save FILE keeps the judged candidates; --load FILE refits or reports from them without searching again. */
const SAVE = args.includes("--save") ? args[args.indexOf("--save") + 1] : undefined;
const LOAD = args.includes("--load") ? args[args.indexOf("--load") + 1] : undefined;
const CONCURRENCY = 3;

/** The rates of migration 0050, so the evaluation needs no database. */
const RATES: RateTable = {
  perUsd: new Map([
    ["USD", 1],
    ["CNY", 7.2],
    ["JPY", 150],
  ]),
  asOf: "2026-11-20",
};

export function heldOut(product: number): boolean {
  return mix32(product + 0x0e7a1) % 10 < 3;
}

interface Observation {
  source: TruthListing;
  target: Marketplace;
  /** The listing of the same product on the target, when there is one. */
  truth: TruthListing | undefined;
  candidates: FoundMatch[];
  reported: FoundMatch[];
  failed: boolean;
}

async function main() {
  if (LOAD) {
    const saved = JSON.parse(readFileSync(LOAD, "utf8")) as { observations: Observation[]; sources: number };
    finish(saved.observations, saved.sources, "saved run");
    return;
  }
  const config = loadConfig({ LOG_LEVEL: "silent", SANDBOX_LATENCY: "false", SANDBOX_FAULT_RATE: "0" });
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
    deadlineMs: 60_000,
  });
  const call = uncharged(modules);
  const truth = crossListingTruth(config.marketplaces.sandbox.seed);
  const sources = pickSources(truth.groups, SOURCES);
  const observations: Observation[] = [];
  const started = performance.now();
  let done = 0;
  const queue = [...sources];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let source = queue.shift(); source; source = queue.shift()) {
        observations.push(...(await compareOne(comparer, call, source, truth.groups.get(source.product)!)));
        if (++done % 40 === 0) {
          process.stderr.write(
            `  ${done}/${sources.length} sources, ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
          );
        }
      }
    }),
  );
  await sandbox!.close();
  if (SAVE) writeFileSync(SAVE, JSON.stringify({ observations, sources: sources.length }));
  finish(observations, sources.length, `seed ${config.marketplaces.sandbox.seed}`);
}

function finish(observations: Observation[], sources: number, what: string) {
  if (FIT || LOAD) {
    const model = FIT ? fitWeights(observations.filter((o) => !heldOut(o.source.product))) : SCORE_MODEL;
    if (FIT) {
      writeModel(model);
      console.log("fitted weights written to server/compare/score-model.ts:", model);
    }
    rescore(observations, model);
  }
  const bySource = countBy(
    observations.filter((o) => o.target !== o.source.marketplace),
    (o) => o.source.marketplace,
  );
  console.log(`eval:compare — ${sources} source listings, ${what} (pairs by source: ${bySource})`);
  console.log(
    `weights: ${FIT ? "just fitted (figures rescored on the same candidates; rerun without --fit)" : "server/compare/score-model.ts"}`,
  );
  report(
    "held out",
    observations.filter((o) => heldOut(o.source.product)),
  );
  report(
    "tuning",
    observations.filter((o) => !heldOut(o.source.product)),
  );
  process.exit(0);
}

/** Source listings spread over the five marketplaces, one per global product. */
function pickSources(groups: Map<number, TruthListing[]>, count: number): TruthListing[] {
  const perMarketplace = Math.ceil(count / MARKETPLACES.length);
  const out: TruthListing[] = [];
  const used = new Set<number>();
  for (const marketplace of MARKETPLACES) {
    let taken = 0;
    for (const [product, listings] of groups) {
      if (taken >= perMarketplace) break;
      const listing = listings.find((l) => l.marketplace === marketplace);
      if (!listing || used.has(product)) continue;
      used.add(product);
      out.push(listing);
      taken++;
    }
  }
  return out;
}

async function compareOne(
  comparer: Comparer,
  call: ReturnType<typeof uncharged>,
  source: TruthListing,
  group: TruthListing[],
): Promise<Observation[]> {
  const signal = AbortSignal.timeout(120_000);
  const request = { marketplace: source.marketplace, productId: source.productId };
  // A loopback connection is now and then reset on this busy machine before the sandbox accepts it: once more.
  const read = await comparer
    .readSource(request, call, signal)
    .catch(() => comparer.readSource(request, call, signal));
  const candidates: FoundMatch[] = [];
  const result = await comparer.fanOut(read, call, { candidate: (m) => candidates.push(m) }, signal);
  return MARKETPLACES.filter((m) => m !== source.marketplace).map((target) => ({
    source,
    target,
    truth: group.find((l) => l.marketplace === target),
    candidates: candidates.filter((c) => c.marketplace === target),
    reported: result.matches.filter((m) => m.marketplace === target),
    failed: result.failed.some((f) => f.marketplace === target),
  }));
}

function rescore(observations: Observation[], model: ScoreModel) {
  for (const o of observations) {
    const scores = calibratedScores(
      o.candidates.map((c) => c.evidence),
      model,
    );
    o.candidates.forEach((c, i) => {
      c.score = scores[i]!;
    });
    o.candidates.sort((a, b) => b.score - a.score);
    o.reported = o.candidates.filter((c) => c.score >= 0.05).slice(0, 3);
  }
}

function report(name: string, observations: Observation[]) {
  const sources = new Set(observations.map((o) => `${o.source.marketplace}:${o.source.productId}`)).size;
  console.log(`\n== ${name}: ${sources} sources, ${observations.length} (source, marketplace) pairs ==`);
  const exists = observations.filter((o) => o.truth);
  const top = (o: Observation) => o.reported[0];
  const right = (o: Observation, m: FoundMatch | undefined) =>
    m !== undefined && m.productId === o.truth?.productId;
  console.log(
    "precision@1 where the product exists (top match is the right listing), by target marketplace:",
  );
  const rows: string[] = [];
  for (const target of MARKETPLACES) {
    const pairs = exists.filter((o) => o.target === target && top(o));
    const ok = pairs.filter((o) => right(o, top(o))).length;
    rows.push(`  ${target.padEnd(12)} ${fmt(ok / pairs.length)}  (${ok}/${pairs.length})`);
  }
  const answered = exists.filter((o) => top(o));
  const ok = answered.filter((o) => right(o, top(o))).length;
  console.log(
    `${rows.join("\n")}\n  ${"all".padEnd(12)} ${fmt(ok / answered.length)}  (${ok}/${answered.length})`,
  );
  console.log("precision@1 by source marketplace:");
  for (const source of MARKETPLACES) {
    const pairs = answered.filter((o) => o.source.marketplace === source);
    const good = pairs.filter((o) => right(o, top(o))).length;
    console.log(`  ${source.padEnd(12)} ${fmt(good / pairs.length)}  (${good}/${pairs.length})`);
  }
  const retrieved = exists.filter((o) => o.candidates.some((c) => right(o, c))).length;
  console.log(
    `right listing among the candidates searched and judged: ${fmt(retrieved / exists.length)} (${retrieved}/${exists.length})`,
  );
  const found = exists.filter((o) => right(o, top(o)) && top(o)!.score >= 0.5).length;
  console.log(
    `recall of "exists elsewhere" (right listing on top, score >= 0.5): ${fmt(found / exists.length)} (${found}/${exists.length})`,
  );
  const absent = observations.filter((o) => !o.truth);
  const alarms = absent.filter((o) => top(o) && top(o)!.score >= 0.5).length;
  console.log(
    `false alarms (not listed there, a match scored >= 0.5): ${fmt(alarms / absent.length)} (${alarms}/${absent.length})`,
  );
  const failed = observations.filter((o) => o.failed).length;
  if (failed) console.log(`marketplaces failed: ${failed} pairs`);

  console.log("calibration of reported matches (score band: mean score, observed share right, count):");
  const reported = observations.flatMap((o) =>
    o.reported.map((m) => ({ score: m.score, right: right(o, m) })),
  );
  for (let band = 0; band < 10; band++) {
    const inBand = reported.filter((r) => Math.min(9, Math.floor(r.score * 10)) === band);
    if (inBand.length === 0) continue;
    const mean = inBand.reduce((s, r) => s + r.score, 0) / inBand.length;
    const observed = inBand.filter((r) => r.right).length / inBand.length;
    console.log(
      `  ${(band / 10).toFixed(1)}-${((band + 1) / 10).toFixed(1)}  predicted ${fmt(mean)}  observed ${fmt(observed)}  n=${inBand.length}`,
    );
  }
  const expected =
    reported.reduce((s, r) => s + Math.abs(r.score - (r.right ? 1 : 0)) ** 2, 0) / reported.length;
  console.log(`  Brier score ${expected.toFixed(3)}`);

  const traps = exists.filter((o) => o.truth!.packSize !== o.source.packSize);
  const shown = traps.filter((o) => o.reported.some((m) => right(o, m)));
  const flagged = shown.filter((o) =>
    o.reported.find((m) => right(o, m))!.warnings.some((w) => w.code === "pack-size"),
  );
  console.log(
    `pack-size traps flagged (right listing shown in another pack size, with a pack-size warning): ${fmt(flagged.length / shown.length)} (${flagged.length}/${shown.length}; ${traps.length - shown.length} of ${traps.length} traps not shown)`,
  );
  const variants = exists.filter(
    (o) => o.truth!.colorDiffers !== o.source.colorDiffers && o.reported.some((m) => right(o, m)),
  );
  const variantFlagged = variants.filter((o) =>
    o.reported.find((m) => right(o, m))!.warnings.some((w) => w.code === "variant"),
  ).length;
  console.log(
    `colour variants flagged: ${fmt(variantFlagged / variants.length)} (${variantFlagged}/${variants.length})`,
  );
}

/**
 * Two logistic regressions by gradient descent, with a little L2: the evidence's weights on every judged
 * candidate, then the calibration stage (log-odds and margin over the best other candidate) on the
 * candidates a comparison reports (the best three of each marketplace).
 */
function fitWeights(observations: Observation[]): ScoreModel {
  const right = (o: Observation, c: FoundMatch) => (c.productId === o.truth?.productId ? 1 : 0);
  const first = logistic(
    observations.flatMap((o) => o.candidates.map((c) => ({ x: features(c.evidence), y: right(o, c) }))),
  );
  const model = { ...SCORE_MODEL, ...first, stageBias: 0, stageLogit: 1, stageMargin: 0 } as ScoreModel;
  const second = logistic(
    observations.flatMap((o) => {
      const z = o.candidates.map((c) => evidenceLogit(c.evidence, model));
      return o.candidates
        .map((c, i) => {
          const others = z.filter((_, j) => j !== i);
          const margin = Math.max(-8, Math.min(8, z[i]! - (others.length ? Math.max(...others) : z[i]! - 8)));
          return { x: { logit: z[i]!, margin }, y: right(o, c), z: z[i]! };
        })
        .sort((a, b) => b.z - a.z)
        .slice(0, 3);
    }),
  );
  const out = {
    ...model,
    stageBias: second.bias!,
    stageLogit: second.logit!,
    stageMargin: second.margin!,
  } as ScoreModel;
  for (const key of Object.keys(out) as (keyof ScoreModel)[]) out[key] = Math.round(out[key] * 1000) / 1000;
  return out;
}

function logistic(data: { x: Record<string, number>; y: number }[]): Record<string, number> {
  const names = Object.keys(data[0]!.x);
  const w: Record<string, number> = { bias: 0 };
  for (const n of names) w[n] = 0;
  for (let epoch = 0; epoch < 4000; epoch++) {
    const grad: Record<string, number> = { bias: 0 };
    for (const n of names) grad[n] = 0;
    for (const { x, y } of data) {
      let z = w.bias!;
      for (const n of names) z += w[n]! * x[n]!;
      const err = 1 / (1 + Math.exp(-z)) - y;
      grad.bias! += err;
      for (const n of names) grad[n]! += err * x[n]!;
    }
    w.bias! -= (0.5 * grad.bias!) / data.length;
    for (const n of names) w[n]! -= 0.5 * (grad[n]! / data.length + 0.001 * w[n]!);
  }
  console.log(
    `fitted ${names.join(", ")} on ${data.length} candidates (${data.filter((d) => d.y).length} right)`,
  );
  return w;
}

function writeModel(model: ScoreModel) {
  const path = new URL("../server/compare/score-model.ts", import.meta.url);
  const body = Object.entries(model)
    .map(([k, v]) => `  ${k}: ${v},`)
    .join("\n");
  writeFileSync(
    path,
    `/**
 * The weights of the match score (a logistic model over the evidence, server/compare/evidence.ts), fitted by
 * \`npm run eval:compare -- --fit\` on every judged candidate of the tuning part of the sandbox's
 * cross-listings (global products not held out) and checked on the held-out part. Refit after changing what
 * the evidence measures.
 */
export const SCORE_MODEL = {
${body}
} as const;

export type ScoreModel = { -readonly [K in keyof typeof SCORE_MODEL]: number };
`,
  );
}

function fmt(x: number): string {
  return Number.isFinite(x) ? x.toFixed(3) : "n/a";
}

function countBy<T>(items: T[], key: (item: T) => string): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].map(([k, v]) => `${k} ${v}`).join(", ");
}

await main();
