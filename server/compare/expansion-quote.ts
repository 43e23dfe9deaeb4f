import { GatewayError } from "../../src/contract/errors.ts";
import type { Marketplace } from "../../src/contract/marketplace.ts";
import type { MarketplaceModule } from "../marketplaces/types.ts";

/**
 * What a deeper comparison would cost at the most, said before the seller asks for it: the calls of the
 * comparison just made, again (a deeper one is a new comparison, not kept with this one), plus one more
 * result page on each other marketplace (`marketplace-matches.ts`), each at its price in the price book.
 * Only a comparison where every marketplace answered is quoted: a failed one charged nothing this time,
 * so what it would charge next time is not known from this one.
 */

/** Result pages of the keyword search a comparison may read on each marketplace. */
export const MAX_PAGES = 3;

export function expansionQuote(
  modules: Partial<Record<Marketplace, MarketplaceModule>>,
  targets: readonly Marketplace[],
  pages: number,
  unitsOfThisComparison: number,
): { pages: number; units: number } | undefined {
  if (pages >= MAX_PAGES) return undefined;
  let units = unitsOfThisComparison;
  for (const marketplace of targets) {
    const module = modules[marketplace];
    if (!module) continue;
    try {
      // A later page is charged as the first (spec: each page is charged separately, at the same price).
      units += module.prepare("search", { form: "json", params: { query: "quote" } }).units;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
    }
  }
  return { pages: pages + 1, units };
}
