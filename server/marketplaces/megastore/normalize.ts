import { z } from "zod";
import type {
  CategoryList,
  CategoryRef,
  Facet,
  Product,
  ReviewList,
  SearchItem,
  SearchResult,
  Variant,
} from "../../../src/contract/marketplace.ts";
import { lowest, money } from "../shared/money.ts";
import { decodeEntities, htmlToText } from "../shared/text.ts";
import { readShape } from "../shared/upstream.ts";

/**
 * Walmart shapes to the contract. Quirks handled: itemId is a number; `customerRating` is a string;
 * `categoryPath` is one "/"-joined string and `categoryNode` the "_"-joined ids (so ancestors are the
 * prefixes of the chain); descriptions are HTML escaped once more (`&lt;li&gt;`); `stock` is a label;
 * third-party offers carry `marketplace: true` and `sellerInfo`.
 */

const ItemShape = z.object({
  itemId: z.number().int().nonnegative(),
  parentItemId: z.number().int().optional(),
  name: z.string(),
  msrp: z.number().optional(),
  salePrice: z.number().optional(),
  categoryPath: z.string().optional(),
  categoryNode: z.string().optional(),
  shortDescription: z.string().optional(),
  longDescription: z.string().optional(),
  brandName: z.string().optional(),
  thumbnailImage: z.string().optional(),
  mediumImage: z.string().optional(),
  largeImage: z.string().optional(),
  productUrl: z.string().optional(),
  customerRating: z.string().optional(),
  numReviews: z.number().int().nonnegative().optional(),
  standardShipRate: z.number().optional(),
  marketplace: z.boolean().optional(),
  sellerInfo: z.string().optional(),
  stock: z.string().optional(),
  availableOnline: z.boolean().optional(),
  imageEntities: z
    .array(z.object({ largeImage: z.string().optional(), entityType: z.string().optional() }))
    .optional(),
  attributes: z.record(z.string(), z.string()).optional(),
  variants: z.array(z.number().int()).optional(),
});
export type WalmartItem = z.infer<typeof ItemShape>;

const SearchShape = z.object({
  query: z.string().optional(),
  totalResults: z.number().int().nonnegative().optional(),
  start: z.number().int().optional(),
  numItems: z.number().int().optional(),
  items: z.array(ItemShape).optional(),
  facets: z
    .array(
      z.object({
        name: z.string(),
        displayName: z.string().optional(),
        facetValues: z.array(
          z.object({ name: z.string(), count: z.number().int().nonnegative().optional() }),
        ),
      }),
    )
    .optional(),
});
export type WalmartSearch = z.infer<typeof SearchShape>;

const PaginatedShape = z.object({ items: z.array(ItemShape), nextPage: z.string().optional() });
const ItemsShape = z.object({ items: z.array(ItemShape) });

type TaxonomyNode = { id: string; name: string; path?: string; children?: TaxonomyNode[] };
const TaxonomyNodeShape: z.ZodType<TaxonomyNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    path: z.string().optional(),
    children: z.array(TaxonomyNodeShape).optional(),
  }),
);
const TaxonomyShape = z.object({ categories: z.array(TaxonomyNodeShape) });

const ReviewsShape = z.object({
  itemId: z.number().int().optional(),
  reviews: z
    .array(
      z.object({
        name: z.string().optional(),
        overallRating: z.object({ rating: z.string() }).optional(),
        reviewer: z.string().optional(),
        reviewText: z.string().optional(),
        submissionTime: z.string().optional(),
        title: z.string().optional(),
        upVotes: z.number().optional(),
      }),
    )
    .optional(),
  reviewStatistics: z
    .object({ averageOverallRating: z.string().optional(), totalReviewCount: z.string().optional() })
    .optional(),
  nextPage: z.string().optional(),
});

export const readSearch = (body: unknown) => readShape("megastore", SearchShape, body, "search result");
export const readItem = (body: unknown) => readShape("megastore", ItemShape, body, "item");
export const readItems = (body: unknown) => readShape("megastore", ItemsShape, body, "items").items;
export const readPaginated = (body: unknown) =>
  readShape("megastore", PaginatedShape, body, "paginated items");

/** "1105910_1231203_1231204" with "Cell Phones/Shop Phones by Operating System/Apple iOS": each prefix is an ancestor. */
export function categoryChain(node: string | undefined, path: string | undefined): CategoryRef[] {
  if (!node) return [];
  const ids = node.split("_");
  const names = path?.split("/") ?? [];
  return ids.map((_, i) => ({
    id: ids.slice(0, i + 1).join("_"),
    name: names.length === ids.length ? names[i]! : ids.slice(0, i + 1).join("_"),
  }));
}

function rating(item: WalmartItem): SearchItem["rating"] {
  const average = item.customerRating === undefined ? Number.NaN : Number(item.customerRating);
  if (!Number.isFinite(average) || item.numReviews === undefined) return undefined;
  return { average: Math.min(5, Math.max(0, average)), count: item.numReviews };
}

export function normalizeItem(item: WalmartItem): SearchItem | undefined {
  const price = money(item.salePrice ?? item.msrp, "USD");
  if (!price) return undefined;
  const out: SearchItem = {
    productId: String(item.itemId),
    title: decodeEntities(item.name),
    url: item.productUrl ?? `https://www.walmart.com/ip/${item.itemId}`,
    price,
    category: categoryChain(item.categoryNode, item.categoryPath),
  };
  const image = item.largeImage ?? item.mediumImage ?? item.thumbnailImage;
  if (image) out.imageUrl = image;
  const msrp = money(item.msrp, "USD");
  if (msrp && msrp.amount > price.amount) out.originalPrice = msrp;
  const r = rating(item);
  if (r) out.rating = r;
  if (item.brandName) out.brand = item.brandName;
  out.condition = "new";
  if (item.standardShipRate !== undefined) out.freeShipping = item.standardShipRate === 0;
  if (item.stock !== undefined) out.inStock = item.stock === "Available";
  out.seller = item.marketplace && item.sellerInfo ? { name: item.sellerInfo } : { name: "Walmart.com" };
  return out;
}

export function normalizeFacets(facets: WalmartSearch["facets"]): Facet[] {
  return (facets ?? []).map((f) => ({
    id: f.name,
    label: f.displayName ?? f.name,
    values: f.facetValues.map((v) => ({
      value: v.name,
      label: v.name,
      ...(v.count === undefined ? {} : { count: v.count }),
    })),
  }));
}

/** Two 25-item Walmart pages make one 50-item megastore page. */
export function normalizeSearch(
  pages: WalmartSearch[],
  request: { query: string; page: number; pageSize: number },
): SearchResult {
  // The two halves of a page can overlap when the catalog shifts between them; keep the first of each.
  const byId = new Map<string, SearchItem>();
  for (const item of pages.flatMap((p) => (p.items ?? []).map(normalizeItem))) {
    if (item && !byId.has(item.productId)) byId.set(item.productId, item);
  }
  const items = [...byId.values()];
  const total = pages[0]?.totalResults;
  return {
    marketplace: "megastore",
    query: request.query,
    items,
    facets: normalizeFacets(pages[0]?.facets),
    paging: {
      page: request.page,
      pageSize: items.length,
      hasMore: total !== undefined && request.page * request.pageSize < Math.min(total, 1000),
      ...(total === undefined ? {} : { totalResults: total }),
    },
  };
}

export function normalizeBrowse(items: WalmartItem[], nextCursor: string | undefined): SearchResult {
  const rows = items.map(normalizeItem).filter((i): i is SearchItem => i !== undefined);
  return {
    marketplace: "megastore",
    items: rows,
    facets: [],
    paging: {
      pageSize: rows.length,
      hasMore: nextCursor !== undefined,
      ...(nextCursor ? { nextCursor } : {}),
    },
  };
}

export function normalizeProduct(item: WalmartItem, variantItems: WalmartItem[]): Product | undefined {
  const row = normalizeItem(item);
  if (!row) return undefined;
  const images = [
    ...new Set([
      ...(row.imageUrl ? [row.imageUrl] : []),
      ...(item.imageEntities ?? []).flatMap((e) => (e.largeImage ? [e.largeImage] : [])),
    ]),
  ];
  const variants: Variant[] = variantItems.flatMap((v) => {
    const vRow = normalizeItem(v);
    if (!vRow) return [];
    const variant: Variant = {
      productId: vRow.productId,
      title: vRow.title,
      attributes: { ...(v.attributes ?? {}) },
      price: vRow.price,
      inStock: vRow.inStock ?? true,
    };
    if (vRow.originalPrice) variant.originalPrice = vRow.originalPrice;
    if (vRow.imageUrl) variant.imageUrl = vRow.imageUrl;
    return [variant];
  });
  const price = lowest([row.price, ...variants.map((v) => v.price)])!;
  const product: Product = {
    marketplace: "megastore",
    productId: row.productId,
    title: row.title,
    url: row.url,
    images,
    price,
    category: row.category,
    variants,
    condition: "new",
  };
  const description = item.longDescription
    ? htmlToText(item.longDescription)
    : item.shortDescription
      ? htmlToText(item.shortDescription)
      : undefined;
  if (description) product.description = description;
  if (row.brand) product.brand = row.brand;
  if (row.originalPrice && row.originalPrice.amount > price.amount) product.originalPrice = row.originalPrice;
  if (row.rating) product.rating = row.rating;
  if (row.inStock !== undefined) product.inStock = row.inStock || variants.some((v) => v.inStock);
  if (row.seller) product.seller = row.seller;
  if (item.standardShipRate !== undefined) {
    const cost = money(item.standardShipRate, "USD")!;
    product.shipping = [{ free: cost.amount === 0, cost, toCountry: "US" }];
  }
  return product;
}

export function readTaxonomy(body: unknown): TaxonomyNode[] {
  return readShape("megastore", TaxonomyShape, body, "taxonomy").categories;
}

/** Children of a department or chain; departments and chains do not report `browsable` (spec). */
export function normalizeCategories(roots: TaxonomyNode[], id: string | undefined): CategoryList | undefined {
  if (id === undefined) {
    return {
      marketplace: "megastore",
      path: [],
      categories: roots.map((r) => ({ id: r.id, name: r.name, hasChildren: (r.children?.length ?? 0) > 0 })),
    };
  }
  const path: CategoryRef[] = [];
  let level = roots;
  let node: TaxonomyNode | undefined;
  for (const part of id.split("_").map((_, i, all) => all.slice(0, i + 1).join("_"))) {
    node = level.find((n) => n.id === part);
    if (!node) return undefined;
    path.push({ id: node.id, name: node.name });
    level = node.children ?? [];
  }
  return {
    marketplace: "megastore",
    path,
    categories: (node?.children ?? []).map((c) => ({
      id: c.id,
      name: c.name,
      hasChildren: (c.children?.length ?? 0) > 0,
    })),
  };
}

export function normalizeReviews(body: unknown, productId: string, page: number): ReviewList {
  const data = readShape("megastore", ReviewsShape, body, "reviews");
  const reviews = (data.reviews ?? []).map((r, i) => {
    const stars = Number(r.overallRating?.rating);
    return {
      id: `${productId}-${page}-${i + 1}`,
      rating: Number.isFinite(stars) ? Math.min(5, Math.max(0, stars)) : 0,
      body: r.reviewText ? htmlToText(r.reviewText) : "",
      ...(r.title ? { title: r.title } : {}),
      ...(r.reviewer ? { author: r.reviewer } : {}),
      ...(r.submissionTime && !Number.isNaN(Date.parse(r.submissionTime))
        ? { date: new Date(r.submissionTime).toISOString() }
        : {}),
    };
  });
  const average = Number(data.reviewStatistics?.averageOverallRating);
  const count = Number(data.reviewStatistics?.totalReviewCount);
  const list: ReviewList = {
    marketplace: "megastore",
    productId,
    reviews,
    paging: {
      page,
      pageSize: reviews.length,
      hasMore: data.nextPage !== undefined,
      ...(Number.isFinite(count) ? { totalResults: count } : {}),
    },
  };
  if (Number.isFinite(average) && Number.isFinite(count))
    list.rating = { average: Math.min(5, Math.max(0, average)), count };
  return list;
}
