import { z } from "zod";
import type {
  CategoryEntry,
  CategoryList,
  Facet,
  Money,
  Product,
  Rating,
  Review,
  ReviewList,
  SearchItem,
  SearchResult,
  Variant,
} from "../../../src/contract/marketplace.ts";
import { lowest, money } from "../shared/money.ts";
import { readShape } from "../shared/upstream.ts";
import { encodeFacetValue } from "./rules.ts";

/**
 * Storefront API shapes to the contract. Quirks handled: money is `{amount: "25.0", currencyCode}`; ids
 * are gids; connections come as `edges[].node` or `nodes`; documentation samples omit the `data`
 * envelope; a product may lack `priceRange` when the query did not ask for it (then its variants say);
 * the rating lives in the standard `reviews.rating` metafield as JSON.
 */

const MoneyShape = z.object({ amount: z.string(), currencyCode: z.string() });
const MetafieldShape = z
  .object({ namespace: z.string(), key: z.string(), value: z.string(), type: z.string().optional() })
  .nullable();
const VariantShape = z.object({
  id: z.string(),
  title: z.string().optional(),
  sku: z.string().nullable().optional(),
  availableForSale: z.boolean().optional(),
  quantityAvailable: z.number().int().nullable().optional(),
  price: MoneyShape,
  compareAtPrice: MoneyShape.nullable().optional(),
  selectedOptions: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
  image: z.object({ url: z.string() }).nullable().optional(),
});
const connection = <T extends z.ZodType>(node: T) =>
  z.object({
    edges: z.array(z.object({ cursor: z.string().optional(), node })).optional(),
    nodes: z.array(node).optional(),
  });

const ProductShape = z.object({
  id: z.string().optional(),
  handle: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  vendor: z.string().optional(),
  tags: z.array(z.string()).optional(),
  availableForSale: z.boolean().optional(),
  onlineStoreUrl: z.string().nullable().optional(),
  featuredImage: z.object({ url: z.string() }).nullable().optional(),
  images: connection(z.object({ url: z.string() })).optional(),
  priceRange: z.object({ minVariantPrice: MoneyShape }).optional(),
  compareAtPriceRange: z.object({ minVariantPrice: MoneyShape }).optional(),
  collections: connection(z.object({ id: z.string(), title: z.string() })).optional(),
  metafields: z.array(MetafieldShape).optional(),
  variants: connection(VariantShape).optional(),
});
export type ShopifyProduct = z.infer<typeof ProductShape>;

const FilterShape = z.object({
  id: z.string(),
  label: z.string(),
  type: z.string().optional(),
  values: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      count: z.number().int().nonnegative().optional(),
      input: z.string(),
    }),
  ),
});

const ProductConnection = connection(ProductShape).extend({
  pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable().optional() }).optional(),
  filters: z.array(FilterShape).optional(),
  productFilters: z.array(FilterShape).optional(),
  totalCount: z.number().int().nonnegative().optional(),
});
export type ShopifyConnection = z.infer<typeof ProductConnection>;

/** Documentation samples have no `data` envelope; live answers do. */
function unwrap(body: unknown): Record<string, unknown> {
  if (
    body &&
    typeof body === "object" &&
    "data" in body &&
    (body as { data: unknown }).data &&
    typeof (body as { data: unknown }).data === "object"
  ) {
    return (body as { data: Record<string, unknown> }).data;
  }
  return (body ?? {}) as Record<string, unknown>;
}

export function readConnection(
  body: unknown,
  field: "search" | "products" | "visualSearch",
): ShopifyConnection {
  return readShape("storefront", ProductConnection, unwrap(body)[field], `${field} connection`);
}

export function readCollectionProducts(body: unknown): {
  collection: { id: string; title: string } | null;
  products?: ShopifyConnection;
} {
  const collection = unwrap(body).collection;
  if (collection === null || collection === undefined) return { collection: null };
  const shape = z.object({ id: z.string(), title: z.string(), products: ProductConnection });
  const parsed = readShape("storefront", shape, collection, "collection");
  return { collection: { id: parsed.id, title: parsed.title }, products: parsed.products };
}

export function readProduct(body: unknown): ShopifyProduct | null {
  const product = unwrap(body).product;
  return product === null || product === undefined
    ? null
    : readShape("storefront", ProductShape, product, "product");
}

function nodesOf<T>(c: { edges?: { node: T }[]; nodes?: T[] } | undefined): T[] {
  return c?.nodes ?? c?.edges?.map((e) => e.node) ?? [];
}

function moneyOf(m: z.infer<typeof MoneyShape> | null | undefined): Money | undefined {
  return m ? money(m.amount, m.currencyCode) : undefined;
}

export function metafield(
  product: Pick<ShopifyProduct, "metafields">,
  namespace: string,
  key: string,
): string | undefined {
  return product.metafields?.find((m) => m?.namespace === namespace && m.key === key)?.value;
}

/** reviews.rating is `{"scale_min":"1.0","scale_max":"5.0","value":"4.6"}`; rescaled to 0-5 stars. */
export function ratingOf(product: Pick<ShopifyProduct, "metafields">): Rating | undefined {
  const raw = metafield(product, "reviews", "rating");
  const count = Number(metafield(product, "reviews", "rating_count"));
  if (!raw || !Number.isInteger(count) || count < 0) return undefined;
  try {
    const r = JSON.parse(raw) as { value?: string; scale_max?: string; scale_min?: string };
    const value = Number(r.value);
    const max = Number(r.scale_max ?? "5");
    if (!Number.isFinite(value) || !Number.isFinite(max) || max <= 0) return undefined;
    return { average: Math.round(Math.min(5, Math.max(0, (value / max) * 5)) * 100) / 100, count };
  } catch {
    return undefined;
  }
}

function productUrl(product: ShopifyProduct, storeUrl: string): string {
  if (product.onlineStoreUrl) return product.onlineStoreUrl;
  const base = storeUrl.replace(/\/+$/, "");
  return product.handle
    ? `${base}/products/${product.handle}`
    : `${base}/products/${product.id?.split("/").pop() ?? ""}`;
}

function priceOf(product: ShopifyProduct): Money | undefined {
  const fromRange = moneyOf(product.priceRange?.minVariantPrice);
  if (fromRange) return fromRange;
  // The query did not ask for priceRange: the lowest variant price is the "from" price.
  return lowest(nodesOf(product.variants).flatMap((v) => moneyOf(v.price) ?? []));
}

export function normalizeCard(product: ShopifyProduct, storeUrl: string): SearchItem | undefined {
  const price = priceOf(product);
  if (!product.id || product.title === undefined || !price) return undefined;
  const out: SearchItem = {
    productId: product.id,
    title: product.title,
    url: productUrl(product, storeUrl),
    price,
    category: nodesOf(product.collections).map((c) => ({ id: c.id, name: c.title })),
  };
  const image = product.featuredImage?.url ?? nodesOf(product.variants)[0]?.image?.url;
  if (image) out.imageUrl = image;
  const original = moneyOf(product.compareAtPriceRange?.minVariantPrice);
  if (original && original.currency === price.currency && original.amount > price.amount)
    out.originalPrice = original;
  const rating = ratingOf(product);
  if (rating) out.rating = rating;
  if (product.vendor) out.brand = product.vendor;
  const condition = product.tags?.find((t) => t.startsWith("condition:"))?.slice("condition:".length);
  if (condition === "new" || condition === "used") out.condition = condition;
  else if (product.tags) out.condition = "new";
  if (product.availableForSale !== undefined) out.inStock = product.availableForSale;
  return out;
}

export function normalizeFilters(filters: z.infer<typeof FilterShape>[] | undefined): Facet[] {
  return (filters ?? []).map((f) => ({
    id: f.id,
    label: f.label,
    values: f.values.map((v) => ({
      value: encodeFacetValue(v.input),
      label: v.label,
      ...(v.count === undefined ? {} : { count: v.count }),
    })),
  }));
}

/**
 * A product connection as a page. The continuation is Shopify's endCursor (or the last edge's cursor
 * when pageInfo was not asked for); the caller wraps it in a tamper-evident cursor.
 */
export function normalizeConnection(
  conn: ShopifyConnection,
  storeUrl: string,
  options: { query?: string; ratingMin?: number },
): {
  result: Omit<SearchResult, "paging"> & { paging: Omit<SearchResult["paging"], "nextCursor"> };
  endCursor: string | undefined;
} {
  const items = nodesOf(conn)
    .map((p) => normalizeCard(p, storeUrl))
    .filter((i): i is SearchItem => i !== undefined)
    // Shopify has no rating filter: ratingMin narrows the page here (documented).
    .filter(
      (i) =>
        options.ratingMin === undefined ||
        (i.rating !== undefined && i.rating.count > 0 && i.rating.average >= options.ratingMin),
    );
  const endCursor = conn.pageInfo?.endCursor ?? conn.edges?.at(-1)?.cursor ?? undefined;
  const hasMore = conn.pageInfo ? conn.pageInfo.hasNextPage : endCursor !== undefined;
  return {
    result: {
      marketplace: "storefront",
      ...(options.query === undefined ? {} : { query: options.query }),
      items,
      facets: normalizeFilters(conn.productFilters ?? conn.filters),
      paging: {
        pageSize: items.length,
        hasMore,
        ...(conn.totalCount === undefined ? {} : { totalResults: conn.totalCount }),
      },
    },
    endCursor: hasMore ? endCursor : undefined,
  };
}

export function normalizeProduct(product: ShopifyProduct, storeUrl: string): Product | undefined {
  const card = normalizeCard(product, storeUrl);
  if (!card) return undefined;
  const variants: Variant[] = nodesOf(product.variants).flatMap((v) => {
    const price = moneyOf(v.price);
    if (!price) return [];
    const attributes: Record<string, string> = {};
    for (const o of v.selectedOptions ?? [])
      if (o.name !== "Title" || o.value !== "Default Title") attributes[o.name.toLowerCase()] = o.value;
    const variant: Variant = { productId: v.id, attributes, price, inStock: v.availableForSale ?? true };
    if (v.title && v.title !== "Default Title") variant.title = v.title;
    if (v.sku) variant.sku = v.sku;
    const original = moneyOf(v.compareAtPrice);
    if (original && original.amount > price.amount) variant.originalPrice = original;
    if (typeof v.quantityAvailable === "number" && v.quantityAvailable >= 0)
      variant.quantity = v.quantityAvailable;
    if (v.image?.url) variant.imageUrl = v.image.url;
    return [variant];
  });
  const price = lowest([
    card.price,
    ...variants.map((v) => v.price).filter((p) => p.currency === card.price.currency),
  ])!;
  const images = [
    ...new Set([...(card.imageUrl ? [card.imageUrl] : []), ...nodesOf(product.images).map((i) => i.url)]),
  ];
  const out: Product = {
    marketplace: "storefront",
    productId: card.productId,
    title: card.title,
    url: card.url,
    images,
    price,
    category: card.category,
    variants,
  };
  if (product.description) out.description = product.description;
  if (card.brand) out.brand = card.brand;
  if (card.originalPrice && card.originalPrice.amount > price.amount) out.originalPrice = card.originalPrice;
  if (card.rating) out.rating = card.rating;
  if (card.condition) out.condition = card.condition;
  if (card.inStock !== undefined) out.inStock = card.inStock;
  return out;
}

const CollectionsShape = z.object({
  collections: connection(
    z.object({ id: z.string(), title: z.string().optional(), handle: z.string().optional() }),
  ).extend({
    pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable().optional() }).optional(),
  }),
});

/** Collections are flat: every one is browsable and none has children. */
export function normalizeCollections(body: unknown): CategoryList {
  const data = readShape("storefront", CollectionsShape, unwrap(body), "collections");
  const categories: CategoryEntry[] = nodesOf(data.collections).map((c) => ({
    id: c.id,
    name: c.title ?? c.handle ?? c.id,
    browsable: true,
    hasChildren: false,
  }));
  return { marketplace: "storefront", path: [], categories };
}

const ReviewItem = z.object({
  id: z.union([z.string(), z.number()]),
  rating: z.number().min(0).max(5),
  title: z.string().optional(),
  body: z.string(),
  author: z.string().optional(),
  created_at: z.string().optional(),
  verified: z.boolean().optional(),
});

/** The `marketlens.reviews` JSON metafield: a list of {id, rating, title, body, author, created_at, verified}. */
export function normalizeReviewList(raw: string, productId: string, rating: Rating | undefined): ReviewList {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const list = readShape("storefront", z.array(ReviewItem), parsed, "reviews metafield");
  const reviews: Review[] = list.map((r) => ({
    id: String(r.id),
    rating: r.rating,
    body: r.body,
    ...(r.title ? { title: r.title } : {}),
    ...(r.author ? { author: r.author } : {}),
    ...(r.created_at && !Number.isNaN(Date.parse(r.created_at))
      ? { date: new Date(r.created_at).toISOString() }
      : {}),
    ...(r.verified === undefined ? {} : { verifiedPurchase: r.verified }),
  }));
  return {
    marketplace: "storefront",
    productId,
    ...(rating ? { rating } : {}),
    reviews,
    paging: {
      page: 1,
      pageSize: reviews.length,
      totalResults: rating?.count ?? reviews.length,
      hasMore: false,
    },
  };
}
