import type { Marketplace, Money } from "../../src/contract/marketplace.ts";
import type { Translator } from "../../src/translate/port.ts";
import type { Evidence, ListingView, Warning } from "./evidence.ts";
import type { RateTable } from "./exchange-rates.ts";

/** The shapes one comparison passes between its stages (source read, per-marketplace search, fan-out). */

export interface CompareRequest {
  marketplace: Marketplace;
  productId: string;
}

export interface SourceListing {
  marketplace: Marketplace;
  productId: string;
  title: string;
  url: string;
  price: Money;
  imageUrl: string | undefined;
}

/** A match before its landed cost is put in the asker's currency. */
export interface FoundMatch {
  marketplace: Marketplace;
  productId: string;
  title: string;
  url: string;
  imageUrl: string | undefined;
  price: Money;
  /** Shipping to add for the landed cost: an amount, free, or unknown (search rows rarely say). */
  shipping: Money | "free" | "unknown";
  rating: { average: number; count: number } | undefined;
  seller: string | undefined;
  inStock: boolean | undefined;
  score: number;
  evidence: Evidence;
  warnings: Warning[];
}

export interface Failure {
  marketplace: Marketplace;
  code: string;
  message: string;
}

export interface Comparison {
  source: SourceListing;
  matches: FoundMatch[];
  failed: Failure[];
  units: number;
}

export interface CompareEvents {
  match?(match: FoundMatch): void;
  failed?(failure: Failure): void;
  /** Every candidate judged, reported or not (the evaluation fits the score on them). */
  candidate?(match: FoundMatch): void;
}

export interface ComparerOptions {
  marketplaces: readonly Marketplace[];
  /** Marketplaces that offer image-search. */
  visual: ReadonlySet<Marketplace>;
  translator: () => Promise<Translator>;
  rates: () => Promise<RateTable>;
  /** Reads a picture's bytes (loopback sandbox or a marketplace's CDN). */
  fetchImage(url: string, signal: AbortSignal): Promise<Uint8Array>;
  /** How long the other marketplaces have, from the moment the source was read. */
  deadlineMs: number;
  /** Matches reported per marketplace. */
  perMarketplace?: number;
}

export interface SourceRead {
  source: SourceListing;
  /** Its picture's hash arrives later, with `picture`. */
  view: ListingView;
  /** The picture's bytes, once read (undefined when it could not be). */
  picture: Promise<Uint8Array | undefined>;
  /** The kind of product in English ("earbud"), for the keyword query. */
  kind: string | undefined;
  units: number;
}
