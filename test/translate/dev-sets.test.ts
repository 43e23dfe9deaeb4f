/**
 * The development sets under test/translate/dev/ (written for this project; the held-out evaluation was
 * never read): their acceptance must not slip below what the glossary and rules reached, and no Korean
 * output may mix in Chinese characters or kana. The figures themselves are printed by
 * `npx tsx test/translate/dev/dev-score.ts`.
 */
import { describe, expect, it } from "vitest";
import { isCoherent } from "../../src/translate/scripts.ts";
import { devSetFiles, scoreDevSet } from "./dev/dev-score.ts";

/** Floors a little under the figures at the time of writing (exact match with a written form). */
const FLOORS: Record<string, number> = {
  "zh-ko": 0.78,
  "zh-ko-lines": 0.38,
  "zh-ko-more": 0.62,
  "zh-ko-specs": 0.84,
  "en-ko": 0.8,
  "en-ko-lines": 0.55,
  "zh-ko-shop": 0.9,
  "zh-ko-goods": 0.78,
  "zh-ko-tw": 0.78,
  "zh-ko-callouts": 0.64,
  "zh-ko-badges": 0.8,
  "zh-ko-round3": 0.72,
  "ja-ko": 0.77,
  "ja-ko-round2": 0.78,
  "zh-ko-round4": 0.66,
  "zh-ko-sentences": 0.55,
  "ja-ko-round3": 0.6,
  "zh-ko-round5": 0.65,
  "zh-ko-round6": 0.52,
  "zh-ko-round7": 0.55,
  "zh-ko-round8": 0.44,
  "zh-ko-round9": 0.8,
  "zh-ko-round9b": 0.75,
  "zh-ko-round9c": 0.87,
  "zh-ko-round9d": 0.57,
  "zh-ko-round10": 0.26,
  "zh-ko-round11": 0.47,
  "zh-ko-round12-tw": 0.66,
  "zh-ko-round13": 0.54,
  "zh-ko-round14": 0.49,
  "zh-ko-round16": 0.48,
  "zh-ko-round17": 0.39,
  "zh-ko-round18": 0.67,
  "zh-ko-round19": 0.4,
  "zh-ko-round20": 0.42,
  "zh-ko-round21": 0.44,
  "zh-ko-round22": 0.41,
  "zh-ko-round23": 0.55,
  "zh-ko-round24": 0.2,
  "zh-ko-round25": 0.35,
  "zh-ko-round26": 0.5,
  "zh-ko-round27": 0.57,
  "zh-ko-round28": 0.53,
};

describe("development sets", () => {
  for (const file of devSetFiles()) {
    const pair =
      file
        .split("/")
        .at(-1)
        ?.replace(/\.tsv$/, "") ?? file;
    const floor = FLOORS[pair];
    it(`${pair}: acceptance at least ${floor ?? "(scored only)"}, Korean never mixed with Han or kana`, async () => {
      const score = await scoreDevSet(file);
      if (floor !== undefined) expect(score.accepted / score.total).toBeGreaterThanOrEqual(floor);
      for (const miss of score.misses)
        if (miss.status === "translated") expect(isCoherent(miss.got, "ko"), miss.got).toBe(true);
    });
  }
});
