import type { Marketplace } from "../../../src/contract/marketplace.ts";
import { productId } from "./catalog.ts";
import { crossListingPlan } from "./cross-listing.ts";

/**
 * Which sandbox listings are one product: for the evaluation of matching (npm run eval:compare) and for
 * tests, never served by any API. A matcher sees only what the marketplaces publish.
 */
export interface TruthListing {
  marketplace: Marketplace;
  productId: string;
  /** The global product this listing sells. */
  product: number;
  /** Its sibling (same brand and kind, another model), when it has one: the near-miss. */
  siblingOf: number | undefined;
  packSize: number;
  colorDiffers: boolean;
}

export interface CrossListingTruth {
  /** Every cross-listed global product and its listings (two or more marketplaces). */
  groups: Map<number, TruthListing[]>;
  /** A listing by "marketplace:productId". */
  listing(marketplace: Marketplace, productId: string): TruthListing | undefined;
}

export function crossListingTruth(seed = 1): CrossListingTruth {
  const plan = crossListingPlan(seed);
  const groups = new Map<number, TruthListing[]>();
  const byId = new Map<string, TruthListing>();
  for (const planned of plan.listings) {
    const listing: TruthListing = {
      marketplace: planned.marketplace,
      productId: productId(planned.marketplace, planned.index),
      product: planned.global.id,
      siblingOf: planned.global.siblingOf,
      packSize: planned.packSize,
      colorDiffers: planned.colorDiffers,
    };
    groups.set(listing.product, [...(groups.get(listing.product) ?? []), listing]);
    byId.set(`${listing.marketplace}:${listing.productId}`, listing);
  }
  return { groups, listing: (marketplace, id) => byId.get(`${marketplace}:${id}`) };
}
