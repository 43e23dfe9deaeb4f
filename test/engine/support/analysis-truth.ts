/**
 * Runs the engine's front half (decode, detect, read, analyse, group) on generated scenes and compares
 * each region's analysis with the truth it was drawn from.
 */
import { deltaE } from "../../../src/engine/color.ts";
import type { ImageEngine } from "../../../src/engine/engine.ts";
import { quadBBox } from "../../../src/engine/geometry.ts";
import type { LineGroup } from "../../../src/engine/group-lines.ts";
import { type Ground, SceneGenerator, type TruthItem } from "./synthetic-scenes.ts";

export interface ItemResult {
  seed: number;
  ground: Ground;
  truth: TruthItem;
  group?: LineGroup;
  textDeltaE?: number;
  bgDeltaE?: number;
  weightRatio?: number;
  weightOk?: boolean;
  badgeOk?: boolean;
}

export async function analyseScenes(engine: ImageEngine, seeds: readonly number[]): Promise<ItemResult[]> {
  const generator = new SceneGenerator();
  const grounds: Ground[] = ["plain", "gradient", "photo"];
  const results: ItemResult[] = [];
  for (const seed of seeds) {
    const ground = grounds[seed % 3]!;
    const scene = await generator.scene(seed, ground);
    const { groups } = await engine.recognize(scene.jpeg, { sourceLanguage: "auto" });
    for (const truth of scene.items) {
      const group = bestMatch(groups, truth);
      if (group === undefined) {
        results.push({ seed, ground, truth });
        continue;
      }
      const a = group.lead.analysis;
      results.push({
        seed,
        ground,
        truth,
        group,
        textDeltaE: deltaE(a.textColor, truth.textColor),
        bgDeltaE: deltaE(a.bgColor, truth.bgColor),
        weightRatio: a.weightRatio,
        weightOk: group.weight === truth.weight,
        badgeOk: group.isBadge === truth.isBadge,
      });
    }
  }
  return results;
}

function bestMatch(groups: readonly LineGroup[], truth: TruthItem): LineGroup | undefined {
  let best: LineGroup | undefined;
  let bestOverlap = 0;
  for (const g of groups) {
    const b = quadBBox(g.quad);
    const t = truth.box;
    const ix = Math.min(b.x + b.w, t.x + t.w) - Math.max(b.x, t.x);
    const iy = Math.min(b.y + b.h, t.y + t.h) - Math.max(b.y, t.y);
    if (ix <= 0 || iy <= 0) continue;
    const overlap = (ix * iy) / (t.w * t.h);
    if (overlap > bestOverlap) {
      bestOverlap = overlap;
      best = g;
    }
  }
  return bestOverlap >= 0.5 ? best : undefined;
}

export interface AnalysisSummary {
  items: number;
  matched: number;
  textColourWithin10: number;
  bgColourWithin10: number;
  weightRight: number;
  badgeRight: number;
}

export function summarize(results: readonly ItemResult[]): AnalysisSummary {
  const m = results.filter((r) => r.group !== undefined);
  const share = (f: (r: ItemResult) => boolean) => m.filter(f).length / Math.max(1, m.length);
  return {
    items: results.length,
    matched: m.length,
    textColourWithin10: share((r) => r.textDeltaE! <= 10),
    bgColourWithin10: share((r) => r.bgDeltaE! <= 10),
    weightRight: share((r) => r.weightOk!),
    badgeRight: share((r) => r.badgeOk!),
  };
}
