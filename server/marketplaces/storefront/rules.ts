import { GatewayError } from "../../../src/contract/errors.ts";
import { type FacetFilter, invalid, type OperationTable, type Params } from "../shared/params.ts";

/**
 * The storefront's tables: the spec's image-search table, and our design for search, browse,
 * categories, product and reviews (docs/marketplaces.md). A Shopify storefront pages only by cursor,
 * so `page` is refused by name everywhere (PAGE_NOT_SUPPORTED), and it sells new and used goods only.
 */

/** Items a page; the Storefront API allows up to 250, a shop grid shows about two dozen. */
export const PAGE_SIZE = 24;
/** Spec: image search accepts about 6 MB of base64. */
export const MAX_IMAGE_BASE64 = 6 * 1024 * 1024;
const PRICE = { kind: "number", min: 0, max: 100_000_000 } as const;

const PAGE_REFUSAL = {
  page: {
    reason: "the storefront pages by cursor: pass the nextCursor of the previous page",
    code: "PAGE_NOT_SUPPORTED" as const,
  },
  pageSize: { reason: `a storefront page holds ${PAGE_SIZE} items` },
};

const FILTERS: OperationTable["accepted"] = {
  condition: { kind: "enum", values: ["new", "used", "refurbished"] },
  cursor: { kind: "cursor", maxLength: 1000 },
  inStock: { kind: "flag" },
  priceMin: PRICE,
  priceMax: PRICE,
  ratingMin: { kind: "number", min: 0, max: 5 },
  region: { kind: "country" },
  language: { kind: "language" },
};

const SORTS = ["best_match", "price_asc", "price_desc"] as const;
const BROWSE_SORTS = ["best_match", "price_asc", "price_desc", "newly_listed", "best_seller"] as const;

export const SEARCH_TABLE: OperationTable = {
  label: "storefront search",
  accepted: {
    query: { kind: "string", maxLength: 300 },
    brands: { kind: "list", maxItems: 10, maxLength: 100 },
    facets: { kind: "facets", maxItems: 10 },
    sort: { kind: "enum", values: SORTS },
    ...FILTERS,
  },
  refused: {
    ...PAGE_REFUSAL,
    categoryId: {
      reason: "a storefront search cannot be narrowed to a collection; use browse with the collection",
    },
  },
  required: { name: "query", code: "QUERY_REQUIRED" },
};

export const BROWSE_TABLE: OperationTable = {
  label: "storefront browse",
  accepted: {
    categoryId: { kind: "string", maxLength: 80 },
    brands: { kind: "list", maxItems: 10, maxLength: 100 },
    facets: { kind: "facets", maxItems: 10 },
    sort: { kind: "enum", values: BROWSE_SORTS },
    ...FILTERS,
  },
  refused: {
    ...PAGE_REFUSAL,
    query: { reason: "browse lists a collection without keywords; use search for a keyword query" },
  },
  required: { name: "categoryId", code: "CATEGORY_REQUIRED" },
};

/** Spec: /v1/storefront/image-search. */
export const IMAGE_SEARCH_TABLE: OperationTable = {
  label: "storefront image-search",
  accepted: {
    image: { kind: "image", maxBase64Length: MAX_IMAGE_BASE64 },
    query: { kind: "string", maxLength: 300 },
    categoryId: { kind: "string", maxLength: 80 },
    ...FILTERS,
  },
  refused: PAGE_REFUSAL,
  required: { name: "image", code: "IMAGE_REQUIRED" },
};

export const CATEGORIES_TABLE: OperationTable = {
  label: "storefront categories",
  accepted: {
    categoryId: { kind: "string", maxLength: 80 },
    region: { kind: "country" },
    language: { kind: "language" },
    browsableOnly: { kind: "flag" },
  },
};

export const PRODUCT_TABLE: OperationTable = {
  label: "storefront product",
  accepted: {
    productId: { kind: "string", maxLength: 80 },
    region: { kind: "country" },
    language: { kind: "language" },
  },
  required: { name: "productId", code: "INVALID_PARAMS" },
};

export const REVIEWS_TABLE: OperationTable = {
  label: "storefront reviews",
  accepted: { productId: { kind: "string", maxLength: 80 } },
  required: { name: "productId", code: "INVALID_PARAMS" },
};

function gid(
  kind: "Product" | "Collection",
  id: string,
  name: string,
  code: "INVALID_PRODUCT_ID" | "INVALID_PARAMS",
): string {
  const text = id.trim();
  if (/^\d{1,20}$/.test(text)) return `gid://shopify/${kind}/${text}`;
  if (new RegExp(`^gid://shopify/${kind}/\\d{1,20}$`).test(text)) return text;
  const message = `${name}: ${JSON.stringify(text.slice(0, 60))} is not a storefront ${kind.toLowerCase()} id (gid://shopify/${kind}/<number> or the number)`;
  throw code === "INVALID_PRODUCT_ID"
    ? new GatewayError(code, message)
    : invalid(name, message.slice(name.length + 2));
}

export const productGid = (id: string) => gid("Product", id, "productId", "INVALID_PRODUCT_ID");
export const collectionGid = (id: string) => gid("Collection", id, "categoryId", "INVALID_PARAMS");

/** A Shopify ProductFilter input (one key each). */
export type ProductFilterInput =
  | { available: boolean }
  | { price: { min?: number; max?: number } }
  | { productVendor: string }
  | { productType: string }
  | { tag: string }
  | { variantOption: { name: string; value: string } };

/**
 * Filters of a call: `condition` is a product tag (`condition:used`), the storefront's convention;
 * `refurbished` is refused by name (spec). Facet values are the filter inputs Shopify returned, carried
 * base64url-encoded so they survive a comma-separated query string.
 */
export function filtersOf(params: Params): ProductFilterInput[] {
  const filters: ProductFilterInput[] = [];
  if (params.condition === "refurbished") {
    throw invalid("condition", "refurbished is not sold on the storefront (new or used only)");
  }
  if (params.condition) filters.push({ tag: `condition:${params.condition}` });
  if (params.inStock) filters.push({ available: true });
  if (params.priceMin !== undefined || params.priceMax !== undefined) {
    filters.push({
      price: {
        ...(params.priceMin === undefined ? {} : { min: params.priceMin }),
        ...(params.priceMax === undefined ? {} : { max: params.priceMax }),
      },
    });
  }
  for (const brand of params.brands ?? []) filters.push({ productVendor: brand });
  for (const facet of params.facets ?? []) filters.push(facetFilter(facet));
  return filters;
}

export function encodeFacetValue(input: string): string {
  return Buffer.from(input, "utf8").toString("base64url");
}

function facetFilter(facet: FacetFilter): ProductFilterInput {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(facet.value, "base64url").toString("utf8"));
  } catch {
    throw invalid("facets", `${facet.id}: the value is not one a storefront result offered`);
  }
  const allowed = ["available", "price", "productVendor", "productType", "tag", "variantOption"];
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
    throw invalid("facets", `${facet.id}: not a storefront filter`);
  const keys = Object.keys(parsed);
  if (keys.length !== 1 || !allowed.includes(keys[0]!))
    throw invalid("facets", `${facet.id}: not a storefront filter`);
  const value = (parsed as Record<string, unknown>)[keys[0]!];
  const ok =
    keys[0] === "available"
      ? typeof value === "boolean"
      : keys[0] === "price"
        ? value !== null &&
          typeof value === "object" &&
          Object.values(value).every((v) => typeof v === "number" && v >= 0)
        : keys[0] === "variantOption"
          ? value !== null &&
            typeof value === "object" &&
            typeof (value as Record<string, unknown>).name === "string" &&
            typeof (value as Record<string, unknown>).value === "string"
          : typeof value === "string" && value.length <= 200;
  if (!ok) throw invalid("facets", `${facet.id}: not a storefront filter`);
  return parsed as ProductFilterInput;
}
