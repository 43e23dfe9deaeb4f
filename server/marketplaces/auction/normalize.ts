import { z } from "zod";
import type {
  CategoryRef,
  Facet,
  Product,
  SearchItem,
  SearchResult,
  Seller,
} from "../../../src/contract/marketplace.ts";
import { money } from "../shared/money.ts";
import { htmlToText } from "../shared/text.ts";
import { readShape } from "../shared/upstream.ts";

/**
 * eBay Browse shapes to the contract. Quirks handled: prices and percentages are strings; an item's
 * `categories` holds the leaf(s) and ancestors unordered; getItem adds `categoryPath`/`categoryIdPath`
 * as `|`-joined strings; auction-format listings may carry `currentBidPrice` instead of `price`;
 * shipping cost is absent for CALCULATED shipping; "Not Specified" refinement values.
 */

const Amount = z.object({ value: z.string(), currency: z.string() });
const SellerShape = z.object({
  username: z.string().optional(),
  feedbackPercentage: z.string().optional(),
  feedbackScore: z.number().optional(),
});
const ShippingShape = z.object({ shippingCostType: z.string().optional(), shippingCost: Amount.optional() });

const SummaryShape = z.object({
  itemId: z.string(),
  title: z.string(),
  itemWebUrl: z.string().optional(),
  itemAffiliateWebUrl: z.string().optional(),
  image: z.object({ imageUrl: z.string() }).optional(),
  price: Amount.optional(),
  currentBidPrice: Amount.optional(),
  marketingPrice: z.object({ originalPrice: Amount.optional() }).optional(),
  categories: z.array(z.object({ categoryId: z.string(), categoryName: z.string() })).optional(),
  leafCategoryIds: z.array(z.string()).optional(),
  condition: z.string().optional(),
  conditionId: z.string().optional(),
  seller: SellerShape.optional(),
  shippingOptions: z.array(ShippingShape).optional(),
  buyingOptions: z.array(z.string()).optional(),
  itemEndDate: z.string().optional(),
});
export type ItemSummary = z.infer<typeof SummaryShape>;

const Distribution = z.object({ matchCount: z.number().int().nonnegative().optional() });
const SearchShape = z.object({
  total: z.number().int().nonnegative().optional(),
  limit: z.number().optional(),
  offset: z.number().optional(),
  next: z.string().optional(),
  itemSummaries: z.array(SummaryShape).optional(),
  refinement: z
    .object({
      dominantCategoryId: z.string().optional(),
      categoryDistributions: z
        .array(Distribution.extend({ categoryId: z.string(), categoryName: z.string() }))
        .optional(),
      conditionDistributions: z
        .array(Distribution.extend({ condition: z.string(), conditionId: z.string() }))
        .optional(),
      buyingOptionDistributions: z.array(Distribution.extend({ buyingOption: z.string() })).optional(),
      aspectDistributions: z
        .array(
          z.object({
            localizedAspectName: z.string(),
            aspectValueDistributions: z.array(Distribution.extend({ localizedAspectValue: z.string() })),
          }),
        )
        .optional(),
    })
    .optional(),
});
export type EbaySearch = z.infer<typeof SearchShape>;

const ItemShape = SummaryShape.extend({
  shortDescription: z.string().optional(),
  description: z.string().optional(),
  additionalImages: z.array(z.object({ imageUrl: z.string() })).optional(),
  brand: z.string().optional(),
  categoryPath: z.string().optional(),
  categoryIdPath: z.string().optional(),
  categoryId: z.string().optional(),
  estimatedAvailabilities: z
    .array(
      z.object({
        estimatedAvailabilityStatus: z.string().optional(),
        estimatedAvailableQuantity: z.number().optional(),
      }),
    )
    .optional(),
  shippingOptions: z
    .array(
      ShippingShape.extend({
        minEstimatedDeliveryDate: z.string().optional(),
        maxEstimatedDeliveryDate: z.string().optional(),
      }),
    )
    .optional(),
  primaryProductReviewRating: z
    .object({ reviewCount: z.number().int().nonnegative(), averageRating: z.string() })
    .optional(),
});
export type EbayItem = z.infer<typeof ItemShape>;

export function readSearch(body: unknown): EbaySearch {
  return readShape("auction", SearchShape, body, "item_summary/search result");
}

export function readItem(body: unknown): EbayItem {
  return readShape("auction", ItemShape, body, "getItem result");
}

/** eBay condition ids: 1000-1750 new, 2000-2500 refurbished, 3000 and up used. */
export function conditionOf(conditionId: string | undefined): SearchItem["condition"] {
  const id = Number(conditionId);
  if (!Number.isFinite(id) || id <= 0) return undefined;
  if (id < 2000) return "new";
  if (id < 3000) return "refurbished";
  return "used";
}

function sellerOf(seller: ItemSummary["seller"]): Seller | undefined {
  if (!seller?.username) return undefined;
  const out: Seller = { id: seller.username, name: seller.username };
  const pct = seller.feedbackPercentage === undefined ? Number.NaN : Number(seller.feedbackPercentage);
  if (Number.isFinite(pct) && pct >= 0 && pct <= 100) out.feedbackPercent = pct;
  return out;
}

function freeShippingOf(options: ItemSummary["shippingOptions"]): boolean | undefined {
  if (!options || options.length === 0) return undefined;
  return options.some(
    (o) =>
      o.shippingCostType === "FIXED" && o.shippingCost !== undefined && Number(o.shippingCost.value) === 0,
  );
}

/**
 * Orders an item's categories root first: with the taxonomy's levels when known, otherwise leaves
 * last (eBay lists leaves first and ancestors after, unordered).
 */
function orderCategories(summary: ItemSummary, levelOf: (id: string) => number | undefined): CategoryRef[] {
  const cats = summary.categories ?? [];
  const leaves = new Set(summary.leafCategoryIds ?? []);
  return cats
    .map((c, i) => ({
      ref: { id: c.categoryId, name: c.categoryName },
      level: levelOf(c.categoryId) ?? (leaves.has(c.categoryId) ? 99 : 50),
      i,
    }))
    .sort((a, b) => a.level - b.level || a.i - b.i)
    .map((c) => c.ref);
}

export function normalizeSummary(
  summary: ItemSummary,
  levelOf: (id: string) => number | undefined,
): SearchItem | undefined {
  const raw = summary.price ?? summary.currentBidPrice;
  const price = raw ? money(raw.value, raw.currency) : undefined;
  if (!price) return undefined;
  const out: SearchItem = {
    productId: summary.itemId,
    title: summary.title,
    url:
      summary.itemWebUrl ??
      summary.itemAffiliateWebUrl ??
      `https://www.ebay.com/itm/${summary.itemId.split("|")[1] ?? ""}`,
    price,
    category: orderCategories(summary, levelOf),
  };
  if (summary.image) out.imageUrl = summary.image.imageUrl;
  const original = summary.marketingPrice?.originalPrice;
  const originalPrice = original ? money(original.value, original.currency) : undefined;
  if (originalPrice && originalPrice.amount > price.amount) out.originalPrice = originalPrice;
  const condition = conditionOf(summary.conditionId);
  if (condition) out.condition = condition;
  const free = freeShippingOf(summary.shippingOptions);
  if (free !== undefined) out.freeShipping = free;
  const seller = sellerOf(summary.seller);
  if (seller) out.seller = seller;
  if (summary.buyingOptions?.includes("AUCTION") && summary.itemEndDate) out.endsAt = summary.itemEndDate;
  return out;
}

export function normalizeFacets(refinement: EbaySearch["refinement"]): Facet[] {
  if (!refinement) return [];
  const facets: Facet[] = [];
  if (refinement.categoryDistributions?.length) {
    facets.push({
      id: "category",
      label: "Category",
      values: refinement.categoryDistributions.map((d) => ({
        value: d.categoryId,
        label: d.categoryName,
        count: d.matchCount ?? 0,
      })),
    });
  }
  if (refinement.conditionDistributions?.length) {
    facets.push({
      id: "condition",
      label: "Condition",
      values: refinement.conditionDistributions.map((d) => ({
        value: d.conditionId,
        label: d.condition,
        count: d.matchCount ?? 0,
      })),
    });
  }
  if (refinement.buyingOptionDistributions?.length) {
    facets.push({
      id: "buyingOptions",
      label: "Buying format",
      values: refinement.buyingOptionDistributions.map((d) => ({
        value: d.buyingOption,
        label: d.buyingOption,
        count: d.matchCount ?? 0,
      })),
    });
  }
  for (const aspect of refinement.aspectDistributions ?? []) {
    facets.push({
      id: aspect.localizedAspectName,
      label: aspect.localizedAspectName,
      // "Not Specified" is eBay's {!} bucket; it cannot be fed back as a value, so it is left out.
      values: aspect.aspectValueDistributions
        .filter((v) => v.localizedAspectValue !== "Not Specified")
        .map((v) => ({
          value: v.localizedAspectValue,
          label: v.localizedAspectValue,
          count: v.matchCount ?? 0,
        })),
    });
  }
  return facets;
}

/** One or two eBay pages (a 240 page is two requests) as one SearchResult page. */
export function normalizeSearch(
  pages: EbaySearch[],
  request: { query?: string; page: number; pageSize: number },
  levelOf: (id: string) => number | undefined,
): SearchResult {
  const items = pages
    .flatMap((p) => (p.itemSummaries ?? []).map((s) => normalizeSummary(s, levelOf)))
    .filter((i): i is SearchItem => !!i);
  const total = pages[0]?.total;
  const out: SearchResult = {
    marketplace: "auction",
    items,
    facets: normalizeFacets(pages[0]?.refinement),
    paging: {
      page: request.page,
      pageSize: items.length,
      hasMore:
        total === undefined
          ? pages.at(-1)?.next !== undefined
          : request.page * request.pageSize < Math.min(total, 10_000),
      ...(total === undefined ? {} : { totalResults: total }),
    },
  };
  if (request.query !== undefined) out.query = request.query;
  return out;
}

function daysBetween(from: Date, iso: string | undefined): number | undefined {
  if (!iso) return undefined;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? undefined : Math.max(0, Math.round((t - from.getTime()) / 86_400_000));
}

export function normalizeItem(item: EbayItem, now: Date): Product | undefined {
  const row = normalizeSummary(item, () => undefined);
  if (!row) return undefined;
  const ids = item.categoryIdPath?.split("|") ?? [];
  const names = item.categoryPath?.split("|") ?? [];
  const category: CategoryRef[] =
    ids.length > 0 && ids.length === names.length
      ? ids.map((id, i) => ({ id, name: names[i]! }))
      : row.category;
  const images = [
    ...(item.image ? [item.image.imageUrl] : []),
    ...(item.additionalImages ?? []).map((i) => i.imageUrl),
  ];
  const product: Product = {
    marketplace: "auction",
    productId: item.itemId,
    title: item.title,
    url: row.url,
    images,
    price: row.price,
    category,
    // A listing is one item: eBay's multi-variation listings come as separate item ids of one group.
    variants: [],
  };
  const description = item.description ? htmlToText(item.description) : item.shortDescription;
  if (description) product.description = description;
  if (item.brand) product.brand = item.brand;
  if (row.originalPrice) product.originalPrice = row.originalPrice;
  const review = item.primaryProductReviewRating;
  if (review && review.reviewCount > 0) {
    const average = Number(review.averageRating);
    if (Number.isFinite(average))
      product.rating = { average: Math.min(5, Math.max(0, average)), count: review.reviewCount };
  }
  if (row.condition) product.condition = row.condition;
  const availability = item.estimatedAvailabilities?.[0]?.estimatedAvailabilityStatus;
  if (availability) product.inStock = availability === "IN_STOCK" || availability === "LIMITED_STOCK";
  if (row.seller) product.seller = row.seller;
  const shipping = (item.shippingOptions ?? []).map((o) => {
    const cost = o.shippingCost ? money(o.shippingCost.value, o.shippingCost.currency) : undefined;
    const entry: NonNullable<Product["shipping"]>[number] = {};
    if (cost) {
      entry.cost = cost;
      entry.free = cost.amount === 0;
    }
    const min = daysBetween(now, o.minEstimatedDeliveryDate);
    const max = daysBetween(now, o.maxEstimatedDeliveryDate);
    if (min !== undefined) entry.minDays = min;
    if (max !== undefined) entry.maxDays = max;
    return entry;
  });
  if (shipping.length > 0) product.shipping = shipping;
  return product;
}
