import { GatewayError } from "../../../src/contract/errors.ts";
import { type FacetFilter, invalid, type OperationTable, type Params } from "../shared/params.ts";

/**
 * The megastore's tables (spec: /v1/megastore/search, categories; the browse rules) and what each call
 * sends to Walmart's affiliate API, decided before any I/O.
 */

const SORTS = ["best_match", "price_asc", "price_desc", "newly_listed", "best_seller"] as const;
export type MegastoreSort = (typeof SORTS)[number];

/** Items on a search page (spec: about 50, fixed); Walmart serves 25 a request, so a page is two. */
export const PAGE_SIZE = 50;
export const PER_REQUEST = 25;
/** Walmart's search reaches its first 1,000 results. */
export const MAX_PAGE = 20;
const PRICE = { kind: "number", min: 0, max: 10_000_000 } as const;

const NOT_ACCEPTED = {
  pageSize: { reason: "a megastore page holds about 50 items, fixed" },
  cursor: { reason: "megastore search pages by page number" },
  condition: { reason: "megastore sells new items only" },
  freeShipping: { reason: "megastore search does not filter by shipping" },
  inStock: { reason: "megastore search does not filter by availability" },
};

export const SEARCH_TABLE: OperationTable = {
  label: "megastore search",
  accepted: {
    query: { kind: "string", maxLength: 300 },
    brands: { kind: "list", maxItems: 10, maxLength: 100 },
    categoryId: { kind: "string", maxLength: 80 },
    facets: { kind: "facets", maxItems: 10 },
    page: { kind: "integer", min: 1, max: MAX_PAGE },
    priceMin: PRICE,
    priceMax: PRICE,
    ratingMin: { kind: "number", min: 0, max: 5 },
    region: { kind: "country" },
    sort: { kind: "enum", values: SORTS },
  },
  refused: NOT_ACCEPTED,
  required: { name: "query", code: "QUERY_REQUIRED" },
};

/** Browse walks a category with Walmart's paginated items: one brand, availability, and a cursor. */
export const BROWSE_TABLE: OperationTable = {
  label: "megastore browse",
  accepted: {
    categoryId: { kind: "string", maxLength: 80 },
    brands: { kind: "list", maxItems: 1, maxLength: 100 },
    inStock: { kind: "flag" },
    cursor: { kind: "cursor", maxLength: 600 },
    region: { kind: "country" },
  },
  refused: {
    query: { reason: "browse lists a category without keywords; use search for a keyword query" },
    page: {
      reason: "megastore browse pages by cursor: pass the nextCursor of the previous page",
      code: "PAGE_NOT_SUPPORTED",
    },
    pageSize: { reason: "a megastore page holds about 50 items, fixed" },
    sort: { reason: "megastore lists a category in its own order" },
    priceMin: { reason: "megastore browse does not filter by price; use search with categoryId" },
    priceMax: { reason: "megastore browse does not filter by price; use search with categoryId" },
    ratingMin: { reason: "megastore browse does not filter by rating; use search with categoryId" },
    facets: { reason: "megastore browse takes no facets; use search with categoryId" },
  },
  required: { name: "categoryId", code: "CATEGORY_REQUIRED" },
};

export const CATEGORIES_TABLE: OperationTable = {
  label: "megastore categories",
  accepted: {
    categoryId: { kind: "string", maxLength: 80 },
    region: { kind: "country" },
    browsableOnly: { kind: "flag" },
  },
};

export const PRODUCT_TABLE: OperationTable = {
  label: "megastore product",
  accepted: { productId: { kind: "string", maxLength: 20 }, region: { kind: "country" } },
  required: { name: "productId", code: "INVALID_PARAMS" },
};

export const REVIEWS_TABLE: OperationTable = {
  label: "megastore reviews",
  accepted: {
    productId: { kind: "string", maxLength: 20 },
    page: { kind: "integer", min: 1, max: 100 },
    region: { kind: "country" },
  },
  required: { name: "productId", code: "INVALID_PARAMS" },
};

/** A bare department id ("976759") or an underscore chain ("976759_1071964_1001320"). */
const CATEGORY = /^\d{1,12}(_\d{1,12}){0,6}$/;

export function checkCategory(id: string): { id: string; bare: boolean } {
  if (!CATEGORY.test(id))
    throw invalid(
      "categoryId",
      `${JSON.stringify(id)} is not a megastore category (a department id or an underscore chain)`,
    );
  return { id, bare: !id.includes("_") };
}

export function checkRegion(params: Params): void {
  if (params.region && params.region !== "US") {
    throw new GatewayError(
      "OPERATION_UNSUPPORTED",
      `region: megastore sells to the US only; ${params.region} is not served`,
    );
  }
}

export function checkItemId(id: string): string {
  const text = id.trim();
  if (!/^\d{1,15}$/.test(text))
    throw new GatewayError(
      "INVALID_PRODUCT_ID",
      `productId: ${JSON.stringify(text.slice(0, 20))} is not a megastore item id (digits)`,
    );
  return text;
}

/**
 * Spec: ratingMin snaps up to a rating band: 3.5 selects the 4 to 5 band; 4.5 sends no rating filter
 * (there is no band above 4). 0 asks for nothing either.
 */
export function ratingBand(ratingMin: number | undefined): number | undefined {
  if (ratingMin === undefined) return undefined;
  const band = Math.ceil(ratingMin);
  return band >= 1 && band <= 4 ? band : undefined;
}

export interface SearchPlan {
  query: string;
  categoryId?: string;
  facetFilters: string[];
  priceRange?: string;
  sort?: string;
  order?: "asc" | "desc";
  page: number;
  starts: number[];
}

const SORT_PARAMS: Record<MegastoreSort, { sort?: string; order?: "asc" | "desc" }> = {
  best_match: { sort: "relevance" },
  price_asc: { sort: "price", order: "asc" },
  price_desc: { sort: "price", order: "desc" },
  newly_listed: { sort: "new" },
  best_seller: { sort: "bestseller" },
};

export function planSearch(params: Params): SearchPlan {
  checkRegion(params);
  const page = params.page ?? 1;
  const first = (page - 1) * PAGE_SIZE + 1;
  const plan: SearchPlan = {
    query: params.query!,
    facetFilters: [],
    page,
    starts: [first, first + PER_REQUEST],
  };
  if (params.categoryId !== undefined) plan.categoryId = checkCategory(params.categoryId).id;
  for (const brand of params.brands ?? []) plan.facetFilters.push(`brand:${brand}`);
  const band = ratingBand(params.ratingMin);
  if (band !== undefined) plan.facetFilters.push(`customerRating:${band} - 5 Stars`);
  for (const facet of params.facets ?? []) applyFacet(plan, facet);
  if (params.priceMin !== undefined || params.priceMax !== undefined) {
    plan.priceRange = `price:[${params.priceMin ?? 0} TO ${params.priceMax ?? "*"}]`;
  }
  const sort = SORT_PARAMS[(params.sort as MegastoreSort | undefined) ?? "best_match"];
  if (sort.sort) plan.sort = sort.sort;
  if (sort.order) plan.order = sort.order;
  return plan;
}

/** Facets from a result's rail; `cat_id` narrows the category, anything else is a facet.filter. */
function applyFacet(plan: SearchPlan, facet: FacetFilter): void {
  if (facet.id === "cat_id") {
    if (plan.categoryId && plan.categoryId !== facet.value)
      throw invalid("facets", "a cat_id facet and categoryId cannot both narrow one call");
    plan.categoryId = checkCategory(facet.value).id;
    return;
  }
  if (!/^[A-Za-z][A-Za-z0-9_ ]{0,40}$/.test(facet.id))
    throw invalid("facets", `${facet.id} is not a megastore facet name`);
  plan.facetFilters.push(`${facet.id}:${facet.value}`);
}
