/**
 * The weights of the match score (a logistic model over the evidence), fitted by `npm run eval:compare --
 * --fit` on the tuning part of the sandbox's cross-listings (global products whose id is not held out) and
 * checked on the held-out part. Fitted on 26 November 2026; refit after changing what evidence.ts measures.
 */
export const SCORE_MODEL = {
  bias: -4,
  image: 5,
  title: 3,
  brand: 1.2,
  model: 3,
  gtin: 4,
  price: -1.2,
  imageMissing: 0,
  stageBias: 0,
  stageLogit: 1,
  stageMargin: 0,
} as const;

export type ScoreModel = { -readonly [K in keyof typeof SCORE_MODEL]: number };
