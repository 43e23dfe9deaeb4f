import { GatewayError } from "../../../src/contract/errors.ts";
import { INCLUDE_VALUES } from "../../../src/contract/params.ts";
import { type FacetFilter, invalid, type OperationTable, type Params } from "../shared/params.ts";
import type { EmporiumUpstream } from "../upstream-config.ts";
import { departmentBySlug } from "./departments.ts";

/**
 * The emporium's tables (spec: /v1/emporium/search, browse, categories) and the price of each call:
 * 1 unit, 2 when `brands`, `facets` or the filter rail (`include=facets`) is used.
 */

const SORTS = ["best_match", "price_asc", "price_desc", "newly_listed", "avg_review"] as const;
/** PA-API reaches at most 10 pages of any query (ItemPage 1-10). */
export const MAX_PAGE = 10;
const PRICE = { kind: "number", min: 0, max: 10_000_000 } as const;

const SHARED: OperationTable["accepted"] = {
  // PA-API filters by one brand per request; more than one is refused rather than silently dropped.
  brands: { kind: "list", maxItems: 1, maxLength: 100 },
  facets: { kind: "facets", maxItems: 3 },
  include: { kind: "enumList", values: INCLUDE_VALUES },
  page: { kind: "integer", min: 1, max: MAX_PAGE },
  priceMin: PRICE,
  priceMax: PRICE,
  ratingMin: { kind: "number", min: 0, max: 5 },
  region: { kind: "country" },
  sort: { kind: "enum", values: SORTS },
};

const NOT_ACCEPTED = {
  pageSize: { reason: "the number of items per page is set by the marketplace (13 to 47, by keyword)" },
  cursor: { reason: "emporium pages by page number" },
  condition: { reason: "emporium search does not filter by condition" },
  freeShipping: { reason: "emporium search does not filter by shipping" },
  inStock: { reason: "emporium search does not filter by availability" },
};

export const SEARCH_TABLE: OperationTable = {
  label: "emporium search",
  accepted: {
    query: { kind: "string", maxLength: 500 },
    categoryId: { kind: "string", maxLength: 40 },
    ...SHARED,
  },
  refused: NOT_ACCEPTED,
  required: { name: "query", code: "QUERY_REQUIRED" },
};

export const BROWSE_TABLE: OperationTable = {
  label: "emporium browse",
  accepted: { categoryId: { kind: "string", maxLength: 40 }, ...SHARED },
  refused: {
    ...NOT_ACCEPTED,
    query: { reason: "browse lists a browse node without keywords; use search for a keyword query" },
  },
  required: { name: "categoryId", code: "CATEGORY_REQUIRED" },
};

export const CATEGORIES_TABLE: OperationTable = {
  label: "emporium categories",
  accepted: {
    categoryId: { kind: "string", maxLength: 40 },
    region: { kind: "country" },
    browsableOnly: { kind: "flag" },
  },
};

export const PRODUCT_TABLE: OperationTable = {
  label: "emporium product",
  accepted: { productId: { kind: "string", maxLength: 40 }, region: { kind: "country" } },
  required: { name: "productId", code: "INVALID_PARAMS" },
};

export const REVIEWS_TABLE: OperationTable = { ...PRODUCT_TABLE, label: "emporium reviews" };

export type EmporiumSort = (typeof SORTS)[number];

/** What a search or browse sends to SearchItems, decided before any I/O. */
export interface SearchPlan {
  keywords?: string;
  browseNodeId?: string;
  searchIndex?: string;
  brand?: string;
  page: number;
  minPriceCents?: number;
  maxPriceCents?: number;
  minRating?: number;
  sort: EmporiumSort;
  withRefinements: boolean;
  units: number;
}

const NODE = /^\d{1,20}$/;

export function checkRegion(params: Params, upstream: Pick<EmporiumUpstream, "country">): void {
  if (params.region && params.region !== upstream.country) {
    throw new GatewayError(
      "OPERATION_UNSUPPORTED",
      `region: emporium is connected to the ${upstream.country} store; ${params.region} is not served by this gateway`,
    );
  }
}

export function planSearch(
  params: Params,
  browse: boolean,
  upstream: Pick<EmporiumUpstream, "country">,
): SearchPlan {
  checkRegion(params, upstream);
  if (params.ratingMin !== undefined && params.ratingMin !== 4) {
    throw invalid(
      "ratingMin",
      `emporium filters only by "4 stars and up"; send 4 or leave it out (got ${params.ratingMin})`,
    );
  }
  const plan: SearchPlan = {
    page: params.page ?? 1,
    sort: (params.sort as EmporiumSort | undefined) ?? "best_match",
    withRefinements: params.include?.includes("facets") ?? false,
    units: 1,
  };
  if (params.query !== undefined) plan.keywords = params.query;
  if (params.ratingMin !== undefined) plan.minRating = params.ratingMin;
  if (params.brands) plan.brand = params.brands[0];
  // Price bounds go to PA-API in the lowest denomination (cents).
  if (params.priceMin !== undefined) plan.minPriceCents = Math.round(params.priceMin * 100);
  if (params.priceMax !== undefined) plan.maxPriceCents = Math.round(params.priceMax * 100);

  if (params.categoryId !== undefined) {
    const id = params.categoryId;
    if (NODE.test(id)) plan.browseNodeId = id;
    else {
      const department = departmentBySlug(id);
      if (department && browse) {
        throw new GatewayError(
          "CATEGORY_NOT_BROWSABLE",
          `categoryId: ${id} is a department; call categories with categoryId=${id} and browse one of its browse nodes`,
        );
      }
      if (!department)
        throw invalid(
          "categoryId",
          `${JSON.stringify(id)} is neither a browse node (digits) nor a department slug`,
        );
      // Search accepts a department slug: it narrows to the department's search index and root node.
      plan.searchIndex = department.searchIndex;
      plan.browseNodeId = department.node;
    }
  }
  for (const facet of params.facets ?? []) applyFacet(plan, facet, params.categoryId !== undefined);

  plan.units = params.brands || params.facets || plan.withRefinements ? 2 : 1;
  return plan;
}

/** Facets fed back from a result's rail: `category` (a browse node), `department` (a search index), `brand`. */
function applyFacet(plan: SearchPlan, facet: FacetFilter, hasCategory: boolean): void {
  switch (facet.id) {
    case "category":
      if (!NODE.test(facet.value)) throw invalid("facets", `category:${facet.value} is not a browse node id`);
      if (hasCategory || plan.browseNodeId)
        throw invalid("facets", "a category facet and categoryId cannot both narrow one call");
      plan.browseNodeId = facet.value;
      return;
    case "department":
      if (!/^[A-Za-z]{2,40}$/.test(facet.value))
        throw invalid("facets", `department:${facet.value} is not a search index`);
      plan.searchIndex = facet.value;
      return;
    case "brand":
      if (plan.brand && plan.brand !== facet.value)
        throw invalid("facets", "emporium filters by one brand per call");
      plan.brand = facet.value;
      return;
    default:
      throw invalid(
        "facets",
        `${facet.id} is not a narrowing emporium accepts (category, department, brand)`,
      );
  }
}

/** ASINs: ten letters and digits (ISBN-10s included). */
export function checkAsin(id: string): string {
  const asin = id.trim().toUpperCase();
  if (!/^[A-Z0-9]{10}$/.test(asin)) {
    throw new GatewayError(
      "INVALID_PRODUCT_ID",
      `productId: ${JSON.stringify(id.slice(0, 40))} is not an ASIN (10 letters and digits)`,
    );
  }
  return asin;
}

export function checkCategoriesId(
  id: string | undefined,
): { kind: "root" } | { kind: "department"; slug: string } | { kind: "node"; id: string } {
  if (id === undefined) return { kind: "root" };
  if (NODE.test(id)) return { kind: "node", id };
  if (departmentBySlug(id)) return { kind: "department", slug: id };
  throw invalid(
    "categoryId",
    `${JSON.stringify(id)} is neither a browse node (digits) nor a department slug`,
  );
}
