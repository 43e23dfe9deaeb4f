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
  "zh-ko-titles-attributes": 0.62,
  "zh-ko-specs": 0.84,
  "en-ko": 0.8,
  "en-ko-lines": 0.68,
  "en-ko-unseen-phrasings": 0.64,
  "zh-ko-shop": 0.9,
  "zh-ko-goods": 0.78,
  "zh-ko-tw": 0.78,
  "zh-ko-callouts": 0.64,
  "zh-ko-badges": 0.8,
  "zh-ko-simplified-and-traditional": 0.72,
  "ja-ko": 0.77,
  "ja-ko-marketplace-text": 0.78,
  "zh-ko-phrase-structure": 0.66,
  "zh-ko-sentences": 0.55,
  "ja-ko-badges-callouts": 0.6,
  "ja-ko-verb-forms": 0.6,
  "ja-ko-speech-food-notices": 0.52,
  "zh-ko-callouts-short-sentences": 0.65,
  "zh-ko-unseen-phrasings": 0.52,
  "zh-ko-unseen-phrasings-2": 0.55,
  "zh-ko-unseen-phrasings-3": 0.44,
  "zh-ko-everyday-products": 0.8,
  "zh-ko-detail-page-lines": 0.75,
  "zh-ko-less-common-nouns": 0.87,
  "zh-ko-unseen-callouts": 0.57,
  "zh-ko-instructions": 0.26,
  "zh-ko-badges-spec-lines": 0.47,
  "zh-ko-tw-shop-lines": 0.66,
  "zh-ko-weak-categories": 0.54,
  "zh-ko-notices-prices": 0.49,
  "zh-ko-callouts-tw-hk": 0.48,
  "zh-ko-category-callouts": 0.39,
  "zh-ko-materials-sizes": 0.67,
  "zh-ko-marketing-tw-hk": 0.4,
  "zh-ko-food-baby-pets-outdoor": 0.42,
  "zh-ko-bedding-kitchen-toys": 0.44,
  "zh-ko-appliances-luggage-sports": 0.41,
  "zh-ko-apparel-beauty-wording": 0.55,
  "zh-ko-marketing-lines": 0.2,
  "zh-ko-goods-words": 0.35,
  "zh-ko-tw-payment-pickup": 0.5,
  "zh-ko-care-labels-prefixes": 0.57,
  "zh-ko-home-apparel-tw": 0.53,
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
