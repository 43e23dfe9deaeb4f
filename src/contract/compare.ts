/**
 * The shapes `POST /app/compare` sends (docs/compare.md): the fixed contract's fields and what the panel
 * shows beyond them. One definition for the server that writes them and the side panel that reads them.
 */
import type { Marketplace, Money } from "./marketplace.ts";

export type Agreement = "same" | "different" | "unknown";

/** Why a match scored what it did (the server's judgement, plus the shipping it read). */
export interface MatchEvidence {
  /** Picture similarity 0 to 1 (perceptual hash); null when a picture could not be read. */
  image: number | null;
  /** Agreement of the titles' normalised English terms, 0 to 1. */
  title: number;
  brand: Agreement;
  model: Agreement;
  gtin: Agreement;
  packSize: { source: number; match: number };
  color: Agreement;
  /** The match's price per unit over the source's, in one currency (1 = same). */
  unitPriceRatio: number | null;
  shipping: "free" | "included" | "unknown";
}

export interface MatchWarning {
  code: "pack-size" | "variant" | "price-band-only";
  message: string;
}

export interface MatchRow {
  marketplace: Marketplace;
  productId: string;
  title: string;
  url: string;
  price: Money;
  landed: Money;
  score: number;
  evidence: MatchEvidence;
  warnings: MatchWarning[];
  imageUrl?: string;
  rating?: { average: number; count: number };
  seller?: string;
  inStock?: boolean;
}

export interface SourceRow {
  marketplace: Marketplace;
  productId: string;
  title: string;
  url: string;
  price: Money;
  imageUrl?: string;
}

export interface FailedMarketplace {
  marketplace: Marketplace;
  code: string;
  message: string;
}

export interface CompareSummary {
  source: SourceRow;
  matches: MatchRow[];
  failed: FailedMarketplace[];
  units: number;
  rates: { asOf: string; currency: string };
  /** How many result pages of the keyword search were asked for on each marketplace. */
  pages?: number;
  /**
   * The next, costlier comparison the seller may ask for (one more page everywhere) and the most it can
   * cost: the same calls again plus one search page per other marketplace, each at its price.
   */
  expand?: { pages: number; units: number };
}

export type CompareEvent =
  | { event: "source"; data: SourceRow }
  | { event: "match"; data: MatchRow }
  | { event: "failed"; data: FailedMarketplace }
  | { event: "summary"; data: CompareSummary };
