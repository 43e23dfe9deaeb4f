import type { Agreement, MatchEvidence, MatchWarning } from "../../src/contract/compare.ts";
import type { Money } from "../../src/contract/marketplace.ts";
import { convert, type RateTable } from "./exchange-rates.ts";
import { type ImageHash, imageSimilarity } from "./image-hash.ts";
import type { ListingFacts } from "./listing-facts.ts";
import { SCORE_MODEL, type ScoreModel } from "./score-model.ts";
import { termAgreement } from "./title-terms.ts";

/**
 * Whether a candidate listing sells the same product as the source: the evidence (picture, title terms,
 * brand, model number, GTIN, unit price), a calibrated score from it, and the warnings a seller needs
 * before trusting a price comparison (another pack size, another variant, nothing but the price band).
 */

/** A listing as the matcher sees it: what the marketplace published, read into comparable facts. */
export interface ListingView {
  marketplace: string;
  productId: string;
  title: string;
  url: string;
  price: Money;
  brand: string | undefined;
  imageUrl: string | undefined;
  facts: ListingFacts;
  terms: ReadonlySet<string>;
  image: ImageHash | undefined;
}

export type { Agreement };
/** The judgement's evidence: the contract's, less the shipping the route adds from the listing. */
export type Evidence = Omit<MatchEvidence, "shipping">;
export type Warning = MatchWarning;

export interface Judgement {
  score: number;
  evidence: Evidence;
  warnings: Warning[];
}

function agreement(a: readonly string[], b: readonly string[]): Agreement {
  if (a.length === 0 || b.length === 0) return "unknown";
  return a.some((x) => b.includes(x)) ? "same" : "different";
}

function brandKey(brand: string | undefined): string | undefined {
  const key = brand?.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  return key ? key : undefined;
}

export function gatherEvidence(source: ListingView, match: ListingView, rates: RateTable): Evidence {
  const sourceBrand = brandKey(source.brand);
  const matchBrand = brandKey(match.brand);
  const unit = (v: ListingView) => convert(rates, v.price, "USD")?.amount ?? Number.NaN;
  const ratio = unit(match) / match.facts.packSize / (unit(source) / source.facts.packSize);
  return {
    image: source.image && match.image ? round(imageSimilarity(source.image, match.image)) : null,
    title: round(termAgreement(source.terms, match.terms)),
    brand: sourceBrand && matchBrand ? (sourceBrand === matchBrand ? "same" : "different") : "unknown",
    model: agreement(source.facts.models, match.facts.models),
    gtin: agreement(source.facts.gtins, match.facts.gtins),
    packSize: { source: source.facts.packSize, match: match.facts.packSize },
    color: agreement(source.facts.colors, match.facts.colors),
    unitPriceRatio: Number.isFinite(ratio) && ratio > 0 ? round(ratio) : null,
  };
}

const SIGN: Record<Agreement, number> = { same: 1, different: -1, unknown: 0 };

/** The first stage's inputs (the evaluation fits the weights on them). */
export type FeatureName = Exclude<keyof ScoreModel, "bias" | "stageBias" | "stageLogit" | "stageMargin">;

export function features(e: Evidence): Record<FeatureName, number> {
  return {
    image: e.image ?? 0,
    imageMissing: e.image === null ? 1 : 0,
    title: e.title,
    brand: SIGN[e.brand],
    model: SIGN[e.model],
    gtin: SIGN[e.gtin],
    price: e.unitPriceRatio === null ? 0 : Math.min(3, Math.abs(Math.log(e.unitPriceRatio))),
  };
}

/** The evidence's log-odds under the model's first stage (one candidate on its own). */
export function evidenceLogit(e: Evidence, model: ScoreModel = SCORE_MODEL): number {
  const x = features(e);
  let z = model.bias;
  for (const [name, value] of Object.entries(x)) z += model[name as keyof typeof x] * value;
  return z;
}

export function scoreEvidence(e: Evidence, model: ScoreModel = SCORE_MODEL): number {
  return round(sigmoid(evidenceLogit(e, model)));
}

/**
 * The calibrated scores of one marketplace's candidates, judged together: a candidate far ahead of the
 * next one is more likely the product than the same evidence in a close race. The second stage maps each
 * candidate's log-odds and its margin over the best other candidate to the share of such matches that
 * were right on the evaluation set.
 */
export function calibratedScores(evidence: readonly Evidence[], model: ScoreModel = SCORE_MODEL): number[] {
  const logits = evidence.map((e) => evidenceLogit(e, model));
  return logits.map((z, i) => {
    const others = logits.filter((_, j) => j !== i);
    const best = others.length > 0 ? Math.max(...others) : z - MARGIN_CAP;
    const margin = Math.max(-MARGIN_CAP, Math.min(MARGIN_CAP, z - best));
    return round(sigmoid(model.stageBias + model.stageLogit * z + model.stageMargin * margin));
  });
}

/** Margins beyond this many log-odds say nothing more. */
const MARGIN_CAP = 8;

function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** A picture this close is the same picture resized or re-encoded, not just a similar product. */
const SAME_PICTURE = 0.85;

export function warningsFor(e: Evidence): Warning[] {
  const out: Warning[] = [];
  if (e.packSize.source !== e.packSize.match) {
    out.push({
      code: "pack-size",
      message: `Pack size differs: ${e.packSize.match} in this listing, ${e.packSize.source} in yours; compare the price per unit.`,
    });
  }
  if (e.color === "different") {
    out.push({
      code: "variant",
      message: "Another variant (colour) than yours; the product may be offered in yours too.",
    });
  }
  const identified = e.model === "same" || e.gtin === "same" || (e.image !== null && e.image >= SAME_PICTURE);
  if (!identified) {
    out.push({
      code: "price-band-only",
      message:
        "No model number, GTIN or matching picture confirms it: only its kind, brand and price band agree.",
    });
  }
  return out;
}

export function judge(source: ListingView, match: ListingView, rates: RateTable): Judgement {
  const evidence = gatherEvidence(source, match, rates);
  return { score: scoreEvidence(evidence), evidence, warnings: warningsFor(evidence) };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
