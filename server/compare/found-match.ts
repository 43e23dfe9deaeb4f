import type { Money, Product, SearchResult } from "../../src/contract/marketplace.ts";
import type { FoundMatch } from "./comparison-types.ts";
import { judge, type ListingView } from "./evidence.ts";
import { addMoney, convert, type RateTable } from "./exchange-rates.ts";

/** A judged candidate as a match row: its evidence, and what the listing says of shipping, rating, seller. */

type Row = SearchResult["items"][number];

export function toMatch(
  source: ListingView,
  view: ListingView,
  rates: RateTable,
  product: Product | undefined,
  row: Row | undefined,
): FoundMatch {
  const judgement = judge(source, view, rates);
  return {
    marketplace: view.marketplace as FoundMatch["marketplace"],
    productId: view.productId,
    title: view.title,
    url: view.url,
    imageUrl: view.imageUrl,
    price: view.price,
    shipping: product ? shippingOf(product) : row?.freeShipping ? "free" : "unknown",
    rating: (product ?? row)?.rating,
    seller: (product ?? row)?.seller?.name,
    inStock: (product ?? row)?.inStock,
    ...judgement,
  };
}

function shippingOf(product: Product): FoundMatch["shipping"] {
  const options = product.shipping ?? [];
  if (options.some((o) => o.free)) return "free";
  const costs = options.flatMap((o) => (o.cost ? [o.cost] : []));
  if (costs.length === 0) return "unknown";
  return costs.reduce((a, b) => (b.amount < a.amount ? b : a));
}

/** Price plus shipping, in the asker's currency; undefined when the rate table lacks a currency. */
export function landedCost(match: FoundMatch, rates: RateTable, currency: string): Money | undefined {
  const price = convert(rates, match.price, currency);
  if (!price) return undefined;
  if (match.shipping === "free" || match.shipping === "unknown") return price;
  const shipping = convert(rates, match.shipping, currency);
  return shipping ? addMoney(price, shipping) : undefined;
}
