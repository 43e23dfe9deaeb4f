import { GatewayError } from "../../../src/contract/errors.ts";
import {
  CategoryListSchema,
  ProductSchema,
  ReviewListSchema,
  SearchResultSchema,
} from "../../../src/contract/marketplace.ts";
import { defineModule, type ModuleRuntime, prepared } from "../shared/module-kit.ts";
import { readParams } from "../shared/params.ts";
import { allOrNothing } from "../shared/upstream.ts";
import type { MarketplaceModule, RawCall, UpstreamContext } from "../types.ts";
import type { AuctionUpstream } from "../upstream-config.ts";
import { EbayClient, EbayError } from "./client.ts";
import { normalizeItem, normalizeSearch, readItem, readSearch } from "./normalize.ts";
import {
  BROWSE_TABLE,
  CATEGORIES_TABLE,
  checkCategoryId,
  checkItemId,
  PRODUCT_TABLE,
  planSearch,
  REVIEWS_TABLE,
  SEARCH_TABLE,
  type SearchPlan,
  siteFor,
} from "./rules.ts";
import { AuctionTaxonomy } from "./taxonomy-index.ts";

/** eBay's "The 'category_id' X submitted is not supported": browse met a hub (or an unknown id). */
const CATEGORY_NOT_SUPPORTED = 13022;
const ITEM_NOT_FOUND = 11001;
const INVALID_LEGACY_ID = 11006;

export interface AuctionModule extends MarketplaceModule {
  /** The category tree (loaded at creation); tests and start-up can await it. */
  taxonomy: AuctionTaxonomy;
}

export function createAuctionModule(upstream: AuctionUpstream, runtime: ModuleRuntime): AuctionModule {
  const client = new EbayClient(upstream, runtime);
  const taxonomy = new AuctionTaxonomy((ctx) => client.categoryTree(ctx), runtime.now);
  taxonomy.warm(runtime.timeoutMs * 3);

  function mapEbayError(error: unknown, plan: SearchPlan | undefined, browse: boolean): never {
    if (!(error instanceof EbayError)) throw error;
    const upstreamCode = error.errorId === undefined ? undefined : String(error.errorId);
    const options = upstreamCode ? { upstreamCode } : {};
    if (error.errorId === CATEGORY_NOT_SUPPORTED && plan?.categoryId) {
      if (browse && taxonomy.levelOf(plan.categoryId) !== undefined) {
        throw new GatewayError(
          "CATEGORY_NOT_BROWSABLE",
          `categoryId: ${plan.categoryId} is a navigation hub with no listings; call categories with categoryId=${plan.categoryId} and browse one of its children`,
          options,
        );
      }
      throw new GatewayError(
        "INVALID_PARAMS",
        `categoryId: auction does not accept category ${plan.categoryId}`,
        options,
      );
    }
    throw new GatewayError("UPSTREAM_ERROR", `auction refused the request: ${error.detail}`, options);
  }

  const search = (browse: boolean) => (call: RawCall) => {
    const params = readParams(call, browse ? BROWSE_TABLE : SEARCH_TABLE);
    const plan = planSearch(params, browse, upstream.marketplaceId);
    const request = {
      ...(params.query === undefined ? {} : { query: params.query }),
      page: plan.page,
      pageSize: plan.pageSize,
    };
    return prepared(browse ? "browse" : "search", 1, SearchResultSchema, async (ctx) => {
      try {
        let category: string | undefined;
        if (plan.aspects.size > 0 && plan.categoryId === undefined) {
          // Aspect filters (brands included) need a category: take the query's dominant one first.
          const probe = readSearch(await client.search(plan, { limit: 1, offset: 0 }, ctx));
          category = probe.refinement?.dominantCategoryId;
          if (category === undefined) return normalizeSearch([probe], request, taxonomy.levelOf);
        }
        const pages = await allOrNothing(
          ctx,
          plan.requests.map((r) => (c) => client.search(plan, r, c, category)),
        );
        return normalizeSearch(pages.map(readSearch), request, taxonomy.levelOf);
      } catch (error) {
        mapEbayError(error, plan, browse);
      }
    });
  };

  async function fetchItem(productId: string, region: string | undefined, ctx: UpstreamContext) {
    const item = checkItemId(productId);
    const site = siteFor(region ? { region } : {}, upstream.marketplaceId);
    try {
      return readItem(await client.getItem(item, site.marketplaceId, ctx));
    } catch (error) {
      if (error instanceof EbayError) {
        const options = error.errorId === undefined ? {} : { upstreamCode: String(error.errorId) };
        if (error.errorId === INVALID_LEGACY_ID)
          throw new GatewayError(
            "INVALID_PRODUCT_ID",
            `productId: auction rejects ${productId}: ${error.detail}`,
            options,
          );
        if (error.errorId === ITEM_NOT_FOUND || error.status === 404) {
          throw new GatewayError("PRODUCT_NOT_FOUND", `productId: auction has no item ${productId}`, options);
        }
      }
      mapEbayError(error, undefined, false);
    }
  }

  const module = defineModule(
    "auction",
    "auction and fixed-price listing marketplace",
    {
      search: search(false),
      browse: search(true),
      categories(call) {
        const params = readParams(call, CATEGORIES_TABLE);
        if (params.browsableOnly) {
          throw new GatewayError(
            "BROWSABLE_ONLY_UNAVAILABLE",
            "browsableOnly: auction publishes no measurement of which categories list items (hubs cannot be predicted from its taxonomy); omit the parameter",
          );
        }
        let units = 1;
        if (params.categoryId !== undefined) {
          checkCategoryId(params.categoryId);
          // Spec: 1 unit for the first three levels, 2 for a descent below level three.
          units = taxonomy.levelFor(params.categoryId, runtime.timeoutMs * 3) >= 3 ? 2 : 1;
        }
        return prepared("categories", units, CategoryListSchema, async (ctx) => {
          await taxonomy.ensure(ctx);
          return taxonomy.list(params.categoryId);
        });
      },
      product(call) {
        const params = readParams(call, PRODUCT_TABLE);
        checkItemId(params.productId!);
        return prepared("product", 1, ProductSchema, async (ctx) => {
          const item = await fetchItem(params.productId!, params.region, ctx);
          const product = normalizeItem(item, runtime.now());
          if (!product)
            throw new GatewayError("UPSTREAM_ERROR", `auction returned no price for ${params.productId}`);
          return product;
        });
      },
      reviews(call) {
        const params = readParams(call, REVIEWS_TABLE);
        checkItemId(params.productId!);
        return prepared("reviews", 1, ReviewListSchema, async (ctx) => {
          const item = await fetchItem(params.productId!, params.region, ctx);
          const rating = item.primaryProductReviewRating;
          if (!rating || rating.reviewCount === 0) {
            throw new GatewayError(
              "REVIEWS_NOT_FOUND",
              `auction item ${params.productId} has no product reviews`,
            );
          }
          // The Browse API carries the catalog product's aggregate only, never the review texts.
          throw new GatewayError(
            "REVIEWS_UNREACHABLE",
            `auction item ${params.productId} has ${rating.reviewCount} product reviews (average ${rating.averageRating}) but the marketplace API returns no review texts; the aggregate is in product.rating`,
          );
        });
      },
    },
    { unknown: { "image-search": "visual search is not offered on auction through this gateway" } },
  );
  return { ...module, taxonomy };
}
