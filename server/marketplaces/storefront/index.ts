import { GatewayError } from "../../../src/contract/errors.ts";
import {
  CategoryListSchema,
  ProductSchema,
  ReviewListSchema,
  type SearchResult,
  SearchResultSchema,
} from "../../../src/contract/marketplace.ts";
import { type CursorScope, fingerprint } from "../shared/cursor.ts";
import { defineModule, type ModuleRuntime, prepared } from "../shared/module-kit.ts";
import { type Params, readParams } from "../shared/params.ts";
import type { MarketplaceModule, RawCall } from "../types.ts";
import type { StorefrontUpstream } from "../upstream-config.ts";
import { ShopifyClient } from "./client.ts";
import {
  metafield,
  normalizeCollections,
  normalizeConnection,
  normalizeProduct,
  normalizeReviewList,
  ratingOf,
  readCollectionProducts,
  readConnection,
  readProduct,
  type ShopifyConnection,
} from "./normalize.ts";
import {
  BROWSE_QUERY,
  COLLECTION_QUERY,
  COLLECTIONS_QUERY,
  PRODUCT_QUERY,
  REVIEW_APP_NAMESPACES,
  REVIEWS_QUERY,
  SEARCH_QUERY,
  VISUAL_SEARCH_QUERY,
} from "./queries.ts";
import {
  BROWSE_TABLE,
  CATEGORIES_TABLE,
  collectionGid,
  filtersOf,
  IMAGE_SEARCH_TABLE,
  PAGE_SIZE,
  PRODUCT_TABLE,
  productGid,
  REVIEWS_TABLE,
  SEARCH_TABLE,
} from "./rules.ts";

const SEARCH_SORT: Record<string, { sortKey: string; reverse: boolean }> = {
  best_match: { sortKey: "RELEVANCE", reverse: false },
  price_asc: { sortKey: "PRICE", reverse: false },
  price_desc: { sortKey: "PRICE", reverse: true },
};
const COLLECTION_SORT: Record<string, { sortKey: string; reverse: boolean }> = {
  best_match: { sortKey: "COLLECTION_DEFAULT", reverse: false },
  price_asc: { sortKey: "PRICE", reverse: false },
  price_desc: { sortKey: "PRICE", reverse: true },
  newly_listed: { sortKey: "CREATED", reverse: true },
  best_seller: { sortKey: "BEST_SELLING", reverse: false },
};

/** @inContext variables: Shopify's CountryCode and LanguageCode enums are upper case. */
function contextOf(params: Params): Record<string, string> {
  const out: Record<string, string> = {};
  if (params.region) out.country = params.region;
  if (params.language) out.language = params.language.split(/[-_]/)[0]!.toUpperCase();
  return out;
}

export function createStorefrontModule(
  upstream: StorefrontUpstream,
  runtime: ModuleRuntime,
): MarketplaceModule {
  const client = new ShopifyClient(upstream, runtime);

  /** Decodes an incoming cursor into Shopify's `after`; the cursor is bound to operation and parameters. */
  function pagingOf(operation: string, params: Params): { scope: CursorScope; after: string | undefined } {
    const scope: CursorScope = {
      marketplace: "storefront",
      operation,
      fingerprint: fingerprint({ ...params }),
    };
    if (!params.cursor) return { scope, after: undefined };
    const state = runtime.cursors.decode(scope, params.cursor);
    if (typeof state.after !== "string" || state.after.length === 0 || state.after.length > 2000) {
      throw new GatewayError(
        "INVALID_CURSOR",
        `cursor: not issued by storefront ${operation}; start again without it`,
      );
    }
    return { scope, after: state.after };
  }

  function page(
    conn: ShopifyConnection,
    scope: CursorScope,
    options: { query?: string; ratingMin?: number },
  ): SearchResult {
    const { result, endCursor } = normalizeConnection(conn, upstream.url, options);
    return {
      ...result,
      paging: {
        ...result.paging,
        ...(endCursor ? { nextCursor: runtime.cursors.encode(scope, { after: endCursor }) } : {}),
      },
    };
  }

  return defineModule("storefront", "hosted-storefront catalog", {
    search(call: RawCall) {
      const params = readParams(call, SEARCH_TABLE);
      const filters = filtersOf(params);
      const { scope, after } = pagingOf("search", params);
      const sort = SEARCH_SORT[params.sort ?? "best_match"]!;
      return prepared("search", 1, SearchResultSchema, async (ctx) => {
        const data = await client.query(
          SEARCH_QUERY,
          { query: params.query, first: PAGE_SIZE, after, filters, ...sort, ...contextOf(params) },
          ctx,
        );
        return page(readConnection(data, "search"), scope, {
          query: params.query!,
          ...(params.ratingMin === undefined ? {} : { ratingMin: params.ratingMin }),
        });
      });
    },
    browse(call: RawCall) {
      const params = readParams(call, BROWSE_TABLE);
      const id = collectionGid(params.categoryId!);
      const filters = filtersOf(params);
      const { scope, after } = pagingOf("browse", params);
      const sort = COLLECTION_SORT[params.sort ?? "best_match"]!;
      return prepared("browse", 1, SearchResultSchema, async (ctx) => {
        const data = await client.query(
          BROWSE_QUERY,
          { id, first: PAGE_SIZE, after, filters, ...sort, ...contextOf(params) },
          ctx,
        );
        const { collection, products } = readCollectionProducts(data);
        if (!collection || !products)
          throw new GatewayError("INVALID_PARAMS", `categoryId: storefront has no collection ${id}`);
        return page(products, scope, params.ratingMin === undefined ? {} : { ratingMin: params.ratingMin });
      });
    },
    "image-search"(call: RawCall) {
      const params = readParams(call, IMAGE_SEARCH_TABLE);
      const filters = filtersOf(params);
      const collection = params.categoryId === undefined ? undefined : collectionGid(params.categoryId);
      const { scope, after } = pagingOf("image-search", params);
      const image = params.image!;
      return prepared("image-search", 1, SearchResultSchema, async (ctx) => {
        const data = await client.query(
          VISUAL_SEARCH_QUERY,
          {
            image: { contentType: image.contentType, data: image.data },
            ...(params.query === undefined ? {} : { query: params.query }),
            ...(collection === undefined ? {} : { collectionId: collection }),
            first: PAGE_SIZE,
            after,
            filters,
            ...contextOf(params),
          },
          ctx,
        );
        return page(readConnection(data, "visualSearch"), scope, {
          ...(params.query === undefined ? {} : { query: params.query }),
          ...(params.ratingMin === undefined ? {} : { ratingMin: params.ratingMin }),
        });
      });
    },
    categories(call: RawCall) {
      const params = readParams(call, CATEGORIES_TABLE);
      const id = params.categoryId === undefined ? undefined : collectionGid(params.categoryId);
      return prepared("categories", 1, CategoryListSchema, async (ctx) => {
        if (id === undefined) {
          // Every collection is browsable, so browsableOnly changes nothing here.
          return normalizeCollections(
            await client.query(COLLECTIONS_QUERY, { first: 250, ...contextOf(params) }, ctx),
          );
        }
        const data = await client.query(COLLECTION_QUERY, { id, ...contextOf(params) }, ctx);
        const collection = data.collection as { id?: string; title?: string } | null | undefined;
        if (!collection?.id)
          throw new GatewayError("INVALID_PARAMS", `categoryId: storefront has no collection ${id}`);
        // Collections do not nest: a collection has no children, which is an answer, not an error.
        return {
          marketplace: "storefront" as const,
          path: [{ id: collection.id, name: collection.title ?? collection.id }],
          categories: [],
        };
      });
    },
    product(call: RawCall) {
      const params = readParams(call, PRODUCT_TABLE);
      const id = productGid(params.productId!);
      return prepared("product", 1, ProductSchema, async (ctx) => {
        const product = readProduct(await client.query(PRODUCT_QUERY, { id, ...contextOf(params) }, ctx));
        if (!product)
          throw new GatewayError("PRODUCT_NOT_FOUND", `productId: storefront has no product ${id}`);
        const normalized = normalizeProduct(product, upstream.url);
        if (!normalized) throw new GatewayError("UPSTREAM_ERROR", `storefront returned no price for ${id}`);
        return normalized;
      });
    },
    reviews(call: RawCall) {
      const params = readParams(call, REVIEWS_TABLE);
      const id = productGid(params.productId!);
      return prepared("reviews", 1, ReviewListSchema, async (ctx) => {
        const product = readProduct(await client.query(REVIEWS_QUERY, { id }, ctx));
        if (!product)
          throw new GatewayError("PRODUCT_NOT_FOUND", `productId: storefront has no product ${id}`);
        const rating = ratingOf(product);
        const published = metafield(product, "marketlens", "reviews");
        if (published !== undefined) {
          const list = normalizeReviewList(published, id, rating);
          if (list.reviews.length > 0) return list;
        }
        const app = REVIEW_APP_NAMESPACES.find((ns) => metafield(product, ns, "reviews") !== undefined);
        if (app) {
          throw new GatewayError(
            "REVIEW_APP_UNSUPPORTED",
            `storefront product ${id} publishes its reviews through ${app}, which the gateway cannot read`,
          );
        }
        if ((rating?.count ?? 0) > 0) {
          throw new GatewayError(
            "REVIEWS_UNREACHABLE",
            `storefront product ${id} has ${rating?.count} ratings but its reviews are not published to the Storefront API`,
          );
        }
        throw new GatewayError("REVIEWS_NOT_FOUND", `storefront product ${id} has no reviews`);
      });
    },
  });
}
