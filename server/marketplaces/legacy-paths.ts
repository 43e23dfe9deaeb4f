import { MARKETPLACES, type Marketplace } from "../../src/contract/marketplace.ts";

/**
 * Old unversioned marketplace paths and the /v1 paths that replace them (spec: Versioning; the table is
 * "not shown" there, this is ours, documented in docs/marketplaces.md). Three crossborder endpoints still
 * answer until their sunset (`live`); every other old path answers 404 NOT_IN_V1 naming its successor.
 * Outside /v1 the normalized visual search was called `visual-search`; inside /v1 it is `image-search`.
 */

export interface LegacyPath {
  path: string;
  successor: string;
  /** Still answered (deprecated, with Deprecation/Sunset headers) until the sunset date. */
  live: boolean;
}

const IMAGE_SEARCH: ReadonlySet<Marketplace> = new Set(["crossborder", "storefront"]);
const HAS_REVIEWS: ReadonlySet<Marketplace> = new Set(["emporium", "auction", "megastore", "storefront"]);

function forMarketplace(m: Marketplace): LegacyPath[] {
  const v1 = (op: string) => `/v1/${m}/${op}`;
  // Where a marketplace has no visual search, a keyword query is the way to search it.
  const imageSuccessor = IMAGE_SEARCH.has(m) ? v1("image-search") : v1("search");
  const crossborder = m === "crossborder";
  return [
    { path: `/${m}/search`, successor: v1("search"), live: false },
    { path: `/${m}/keyword-search`, successor: v1("search"), live: crossborder },
    { path: `/${m}/browse`, successor: v1("browse"), live: false },
    { path: `/${m}/category-products`, successor: v1("browse"), live: false },
    { path: `/${m}/categories`, successor: v1("categories"), live: false },
    { path: `/${m}/category-list`, successor: v1("categories"), live: false },
    { path: `/${m}/product`, successor: v1("product"), live: false },
    { path: `/${m}/product-details`, successor: v1("product"), live: crossborder },
    { path: `/${m}/image-search`, successor: imageSuccessor, live: crossborder },
    { path: `/${m}/visual-search`, successor: imageSuccessor, live: false },
    // Crossborder has no reviews; its ratings are part of the product.
    ...["reviews", "product-reviews"].map((op) => ({
      path: `/${m}/${op}`,
      successor: HAS_REVIEWS.has(m) ? v1("reviews") : v1("product"),
      live: false,
    })),
  ];
}

export const LEGACY_PATHS: readonly LegacyPath[] = [
  { path: "/marketplaces", successor: "/v1/marketplaces", live: false },
  ...MARKETPLACES.flatMap(forMarketplace),
];

const BY_PATH = new Map(LEGACY_PATHS.map((entry) => [entry.path, entry]));

/** The entry for an old path (trailing slashes and case ignored), or undefined for a path that never existed. */
export function legacyEntry(path: string): LegacyPath | undefined {
  const normalized = `/${path
    .toLowerCase()
    .split(/[?#]/)[0]!
    .replace(/^\/+|\/+$/g, "")}`;
  return BY_PATH.get(normalized);
}

/** The /v1 successor of an old path, for NOT_IN_V1. */
export function legacySuccessor(path: string): string | undefined {
  return legacyEntry(path)?.successor;
}
