/**
 * The weights of the match score (a logistic model over the evidence, server/compare/evidence.ts), fitted by
 * `npm run eval:compare -- --fit` on every judged candidate of the tuning part of the sandbox's
 * cross-listings (global products not held out) and checked on the held-out part. Refit after changing what
 * the evidence measures.
 */
export const SCORE_MODEL = {
  bias: -6.798,
  image: 3.25,
  title: 3.61,
  brand: 1.437,
  model: 3.665,
  gtin: 1.595,
  price: -3.071,
  imageMissing: 0.15,
  stageBias: 2.256,
  stageLogit: 2.658,
  stageMargin: 0.519,
} as const;

export type ScoreModel = { -readonly [K in keyof typeof SCORE_MODEL]: number };
