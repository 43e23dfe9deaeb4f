import { GatewayError } from "../../../src/contract/errors.ts";
import { type FacetFilter, invalid, type OperationTable, type Params } from "../shared/params.ts";

/**
 * The auction's tables (spec: /v1/auction/search, categories; the hub rule of browse) and what each call
 * sends to eBay's Browse API, decided before any I/O.
 */

const SORTS = ["best_match", "ending_soonest", "newly_listed", "price_asc", "price_desc"] as const;
export type AuctionSort = (typeof SORTS)[number];

/** eBay answers at most 10,000 items of one query (offset + limit). */
export const MAX_OFFSET = 10_000;
/** Page sizes the auction serves, and the sizes that round up to each (spec: server buckets). */
export const PAGE_BUCKETS = [60, 120, 240] as const;
const PRICE = { kind: "number", min: 0, max: 10_000_000 } as const;

const FILTERS: OperationTable["accepted"] = {
  brands: { kind: "list", maxItems: 20, maxLength: 100 },
  condition: { kind: "enum", values: ["new", "used", "refurbished"] },
  facets: { kind: "facets", maxItems: 10 },
  freeShipping: { kind: "flag" },
  page: { kind: "integer", min: 1, max: MAX_OFFSET },
  pageSize: { kind: "integer", min: 1, max: 100_000 },
  priceMin: PRICE,
  priceMax: PRICE,
  region: { kind: "country" },
  sort: { kind: "enum", values: SORTS },
};

const NOT_ACCEPTED = {
  cursor: { reason: "auction pages by page number" },
  ratingMin: { reason: "auction listings carry no star rating to filter on" },
  inStock: { reason: "every auction listing is purchasable while it is live" },
  currency: { reason: "the currency follows region (the eBay site of that country)" },
};

export const SEARCH_TABLE: OperationTable = {
  label: "auction search",
  accepted: {
    query: { kind: "string", maxLength: 350 },
    categoryId: { kind: "string", maxLength: 40 },
    ...FILTERS,
  },
  refused: NOT_ACCEPTED,
  required: { name: "query", code: "QUERY_REQUIRED" },
};

export const BROWSE_TABLE: OperationTable = {
  label: "auction browse",
  accepted: { categoryId: { kind: "string", maxLength: 40 }, ...FILTERS },
  refused: {
    ...NOT_ACCEPTED,
    query: { reason: "browse lists a category without keywords; use search for a keyword query" },
  },
  required: { name: "categoryId", code: "CATEGORY_REQUIRED" },
};

export const CATEGORIES_TABLE: OperationTable = {
  label: "auction categories",
  accepted: {
    categoryId: { kind: "string", maxLength: 40 },
    region: { kind: "country" },
    browsableOnly: { kind: "flag" },
  },
};

export const PRODUCT_TABLE: OperationTable = {
  label: "auction product",
  accepted: { productId: { kind: "string", maxLength: 60 }, region: { kind: "country" } },
  required: { name: "productId", code: "INVALID_PARAMS" },
};
export const REVIEWS_TABLE: OperationTable = { ...PRODUCT_TABLE, label: "auction reviews" };

/** eBay sites by buyer country; the site sets the currency ("currency follows region"). */
export const EBAY_SITES: Record<string, { id: string; currency: string }> = {
  US: { id: "EBAY_US", currency: "USD" },
  GB: { id: "EBAY_GB", currency: "GBP" },
  DE: { id: "EBAY_DE", currency: "EUR" },
  FR: { id: "EBAY_FR", currency: "EUR" },
  IT: { id: "EBAY_IT", currency: "EUR" },
  ES: { id: "EBAY_ES", currency: "EUR" },
  AT: { id: "EBAY_AT", currency: "EUR" },
  BE: { id: "EBAY_BE", currency: "EUR" },
  NL: { id: "EBAY_NL", currency: "EUR" },
  IE: { id: "EBAY_IE", currency: "EUR" },
  CH: { id: "EBAY_CH", currency: "CHF" },
  PL: { id: "EBAY_PL", currency: "PLN" },
  AU: { id: "EBAY_AU", currency: "AUD" },
  CA: { id: "EBAY_CA", currency: "CAD" },
  HK: { id: "EBAY_HK", currency: "HKD" },
  SG: { id: "EBAY_SG", currency: "SGD" },
};

const CONDITION_IDS: Record<string, string> = {
  new: "1000|1500",
  refurbished: "2000|2010|2020|2030|2500",
  used: "3000|4000|5000|6000",
};

const SORT_PARAM: Record<AuctionSort, string | undefined> = {
  best_match: undefined,
  ending_soonest: "endingSoonest",
  newly_listed: "newlyListed",
  price_asc: "price",
  price_desc: "-price",
};

export interface SearchPlan {
  q?: string;
  categoryId?: string;
  /** Aspect narrowings (brands and aspect facets); eBay needs a category for them. */
  aspects: Map<string, string[]>;
  filters: string[];
  sort?: string;
  page: number;
  pageSize: number;
  /** eBay serves at most 200 a request: a 240 page is two requests of 120. */
  requests: { limit: number; offset: number }[];
  marketplaceId: string;
  region?: string;
  currency: string;
}

/** Rounds a page size up to the auction's bucket; 1 to 240 are accepted (spec: 25, 50, 60 give 60...). */
export function bucketPageSize(value: number | undefined): number {
  if (value === undefined) return PAGE_BUCKETS[0];
  const bucket = PAGE_BUCKETS.find((b) => value <= b);
  if (!bucket)
    throw invalid("pageSize", `${value} is above the largest page the auction serves (60, 120 or 240 items)`);
  return bucket;
}

export function checkBrowseCategory(id: string): void {
  if (id.startsWith("bn_")) {
    throw new GatewayError(
      "CATEGORY_NOT_BROWSABLE",
      `categoryId: ${id} is a navigation hub with no listings; call categories with categoryId=${id} and browse one of its children`,
    );
  }
  checkCategoryId(id);
}

export function checkCategoryId(id: string): void {
  if (!/^(bn_)?\d{1,15}$/.test(id))
    throw invalid("categoryId", `${JSON.stringify(id)} is not an auction category id`);
}

export function siteFor(params: Params, defaultSite: string): { marketplaceId: string; currency: string } {
  const site = params.region ? EBAY_SITES[params.region] : undefined;
  if (site) return { marketplaceId: site.id, currency: site.currency };
  const fallback = Object.values(EBAY_SITES).find((s) => s.id === defaultSite) ?? EBAY_SITES.US!;
  return { marketplaceId: fallback.id, currency: fallback.currency };
}

export function planSearch(params: Params, browse: boolean, defaultSite: string): SearchPlan {
  if (params.categoryId !== undefined) {
    if (browse) checkBrowseCategory(params.categoryId);
    else checkCategoryId(params.categoryId);
  }
  const pageSize = bucketPageSize(params.pageSize);
  const page = params.page ?? 1;
  if (page * pageSize > MAX_OFFSET) {
    throw invalid(
      "page",
      `${page} of ${pageSize} items is past the 10,000th result, the furthest the auction serves`,
    );
  }
  const site = siteFor(params, defaultSite);
  const plan: SearchPlan = {
    aspects: new Map(),
    filters: [],
    page,
    pageSize,
    requests: [],
    marketplaceId: site.marketplaceId,
    currency: site.currency,
  };
  if (params.query !== undefined) plan.q = params.query;
  if (params.categoryId !== undefined) plan.categoryId = params.categoryId;
  if (params.region) plan.region = params.region;
  const sort = SORT_PARAM[(params.sort as AuctionSort | undefined) ?? "best_match"];
  if (sort) plan.sort = sort;

  if (params.priceMin !== undefined || params.priceMax !== undefined) {
    plan.filters.push(
      `price:[${params.priceMin ?? ""}..${params.priceMax ?? ""}]`,
      `priceCurrency:${site.currency}`,
    );
  }
  const conditions = new Set<string>();
  if (params.condition) conditions.add(CONDITION_IDS[params.condition]!);
  if (params.freeShipping) plan.filters.push("maxDeliveryCost:0");
  // An unknown buyer country still narrows to what ships there.
  if (params.region && !EBAY_SITES[params.region]) plan.filters.push(`deliveryCountry:${params.region}`);
  if (params.brands) plan.aspects.set("Brand", params.brands);
  const buying = new Set<string>();
  for (const facet of params.facets ?? []) applyFacet(plan, facet, conditions, buying);
  if (conditions.size > 0) plan.filters.push(`conditionIds:{${[...conditions].join("|")}}`);
  if (buying.size > 0) plan.filters.push(`buyingOptions:{${[...buying].join("|")}}`);

  const perRequest = pageSize > 200 ? pageSize / 2 : pageSize;
  for (let offset = (page - 1) * pageSize; offset < page * pageSize; offset += perRequest) {
    plan.requests.push({ limit: perRequest, offset });
  }
  return plan;
}

/** Facets from a result's refinements: category, condition, buyingOptions, or an aspect by its name. */
function applyFacet(
  plan: SearchPlan,
  facet: FacetFilter,
  conditions: Set<string>,
  buying: Set<string>,
): void {
  if (/[{}|]/.test(facet.value))
    throw invalid("facets", `${facet.id}:${facet.value} contains a character eBay filters cannot carry`);
  switch (facet.id) {
    case "category":
      checkCategoryId(facet.value);
      if (plan.categoryId && plan.categoryId !== facet.value)
        throw invalid("facets", "a category facet and categoryId cannot both narrow one call");
      plan.categoryId = facet.value;
      return;
    case "condition":
      if (!/^\d{4}$/.test(facet.value))
        throw invalid("facets", `condition:${facet.value} is not an eBay condition id`);
      conditions.add(facet.value);
      return;
    case "buyingOptions":
      if (!/^(AUCTION|FIXED_PRICE|BEST_OFFER|CLASSIFIED_AD)$/.test(facet.value)) {
        throw invalid("facets", `buyingOptions:${facet.value} is not an eBay buying option`);
      }
      buying.add(facet.value);
      return;
    default: {
      const values = plan.aspects.get(facet.id) ?? [];
      values.push(facet.value);
      plan.aspects.set(facet.id, values);
    }
  }
}

/** eBay item ids: RESTful `v1|<legacy>|<variation>`, or the legacy number alone. */
export function checkItemId(id: string): { kind: "rest"; id: string } | { kind: "legacy"; id: string } {
  const text = id.trim();
  if (/^v1\|\d{6,19}\|\d{1,19}$/.test(text)) return { kind: "rest", id: text };
  if (/^\d{6,19}$/.test(text)) return { kind: "legacy", id: text };
  throw new GatewayError(
    "INVALID_PRODUCT_ID",
    `productId: ${JSON.stringify(text.slice(0, 60))} is not an auction item id (v1|<number>|<number> or the item number)`,
  );
}
