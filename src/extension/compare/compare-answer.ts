/**
 * The shapes `POST /app/compare` sends (docs/compare.md): the fixed contract's fields and what the panel
 * shows beyond them. Kept here, not imported from server/, because src/ never imports the server.
 */
import type { Marketplace } from "../../contract/marketplace.ts";

export interface Money {
  amount: number;
  currency: string;
}

export type Agreement = "same" | "different" | "unknown";

export interface MatchEvidence {
  image: number | null;
  title: number;
  brand: Agreement;
  model: Agreement;
  gtin: Agreement;
  packSize: { source: number; match: number };
  color: Agreement;
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
}

export type CompareEvent =
  | { event: "source"; data: SourceRow }
  | { event: "match"; data: MatchRow }
  | { event: "failed"; data: FailedMarketplace }
  | { event: "summary"; data: CompareSummary };
