import { GatewayError } from "../../../src/contract/errors.ts";
import {
  CategoryListSchema,
  ProductSchema,
  ReviewListSchema,
  SearchResultSchema,
} from "../../../src/contract/marketplace.ts";
import { fingerprint } from "../shared/cursor.ts";
import { defineModule, type ModuleRuntime, prepared } from "../shared/module-kit.ts";
import { readParams } from "../shared/params.ts";
import { allOrNothing } from "../shared/upstream.ts";
import type { MarketplaceModule } from "../types.ts";
import type { MegastoreUpstream } from "../upstream-config.ts";
import { WalmartClient, WalmartError } from "./client.ts";
import {
  normalizeBrowse,
  normalizeCategories,
  normalizeProduct,
  normalizeReviews,
  normalizeSearch,
  readItem,
  readItems,
  readPaginated,
  readSearch,
  readTaxonomy,
} from "./normalize.ts";
import {
  BROWSE_TABLE,
  CATEGORIES_TABLE,
  checkCategory,
  checkItemId,
  checkRegion,
  PAGE_SIZE,
  PER_REQUEST,
  PRODUCT_TABLE,
  planSearch,
  REVIEWS_TABLE,
  SEARCH_TABLE,
  type SearchPlan,
} from "./rules.ts";

/** Walmart's answer when paginated items is asked for a department that holds no items of its own. */
const CATEGORY_HUB = "4008";
const INVALID_CATEGORY = "4003";
const INVALID_ITEM = "4002";

export function searchQuery(plan: SearchPlan, start: number): URLSearchParams {
  const q = new URLSearchParams({
    query: plan.query,
    start: String(start),
    numItems: String(PER_REQUEST),
    format: "json",
    facet: "on",
  });
  if (plan.categoryId) q.set("categoryId", plan.categoryId);
  for (const filter of plan.facetFilters) q.append("facet.filter", filter);
  if (plan.priceRange) q.set("facet.range", plan.priceRange);
  if (plan.sort) q.set("sort", plan.sort);
  if (plan.order) q.set("order", plan.order);
  return q;
}

export function createMegastoreModule(
  upstream: MegastoreUpstream,
  runtime: ModuleRuntime,
): MarketplaceModule {
  const client = new WalmartClient(upstream, runtime);

  function mapError(error: unknown, what: string): never {
    if (error instanceof WalmartError) {
      throw new GatewayError(
        "UPSTREAM_ERROR",
        `megastore refused ${what}: ${error.detail}`,
        error.code ? { upstreamCode: error.code } : {},
      );
    }
    throw error;
  }

  return defineModule(
    "megastore",
    "big-box retailer marketplace",
    {
      search(call) {
        const params = readParams(call, SEARCH_TABLE);
        const plan = planSearch(params);
        return prepared("search", 1, SearchResultSchema, async (ctx) => {
          try {
            const pages = await allOrNothing(
              ctx,
              plan.starts.map((start) => (c) => client.get("/search", searchQuery(plan, start), c)),
            );
            return normalizeSearch(pages.map(readSearch), {
              query: plan.query,
              page: plan.page,
              pageSize: PAGE_SIZE,
            });
          } catch (error) {
            if (error instanceof WalmartError && error.code === INVALID_CATEGORY) {
              throw new GatewayError(
                "INVALID_PARAMS",
                `categoryId: megastore does not know category ${plan.categoryId}`,
                { upstreamCode: error.code },
              );
            }
            mapError(error, "the search");
          }
        });
      },
      browse(call) {
        const params = readParams(call, BROWSE_TABLE);
        checkRegion(params);
        const category = checkCategory(params.categoryId!);
        const scope = {
          marketplace: "megastore",
          operation: "browse",
          fingerprint: fingerprint({ ...params }),
        };
        // The cursor carries Walmart's continuation (maxId), never the nextPage URL itself.
        const state = params.cursor ? runtime.cursors.decode(scope, params.cursor) : {};
        const maxId = state.maxId;
        if (maxId !== undefined && (typeof maxId !== "string" || !/^\d{1,20}$/.test(maxId))) {
          throw new GatewayError(
            "INVALID_CURSOR",
            "cursor: not issued by megastore browse; start again without it",
          );
        }
        return prepared("browse", 1, SearchResultSchema, async (ctx) => {
          const q = new URLSearchParams({ category: category.id, count: String(PAGE_SIZE) });
          if (params.brands) q.set("brand", params.brands[0]!);
          if (params.inStock) q.set("available", "true");
          if (typeof maxId === "string") q.set("maxId", maxId);
          try {
            const page = readPaginated(await client.get("/paginated/items", q, ctx));
            const next = page.nextPage
              ? new URL(page.nextPage, "http://walmart.invalid").searchParams.get("maxId")
              : null;
            const nextCursor =
              next && page.items.length > 0 ? runtime.cursors.encode(scope, { maxId: next }) : undefined;
            return normalizeBrowse(page.items, nextCursor);
          } catch (error) {
            if (error instanceof WalmartError && error.code === CATEGORY_HUB) {
              throw new GatewayError(
                "CATEGORY_NOT_BROWSABLE",
                `categoryId: ${category.id} is a department hub with no items of its own; call categories with categoryId=${category.id} and browse one of its children`,
                { upstreamCode: error.code },
              );
            }
            if (error instanceof WalmartError && error.code === INVALID_CATEGORY) {
              throw new GatewayError(
                "INVALID_PARAMS",
                `categoryId: megastore does not know category ${category.id}`,
                { upstreamCode: error.code },
              );
            }
            mapError(error, "the category listing");
          }
        });
      },
      categories(call) {
        const params = readParams(call, CATEGORIES_TABLE);
        checkRegion(params);
        if (params.browsableOnly) {
          throw new GatewayError(
            "BROWSABLE_ONLY_UNAVAILABLE",
            "browsableOnly: megastore does not report which departments list items of their own; omit the parameter",
          );
        }
        const id = params.categoryId === undefined ? undefined : checkCategory(params.categoryId).id;
        return prepared("categories", 1, CategoryListSchema, async (ctx) => {
          let roots: ReturnType<typeof readTaxonomy>;
          try {
            roots = readTaxonomy(await client.get("/taxonomy", undefined, ctx));
          } catch (error) {
            mapError(error, "the taxonomy");
          }
          const list = normalizeCategories(roots, id);
          if (!list) throw new GatewayError("INVALID_PARAMS", `categoryId: megastore has no category ${id}`);
          return list;
        });
      },
      product(call) {
        const params = readParams(call, PRODUCT_TABLE);
        checkRegion(params);
        const itemId = checkItemId(params.productId!);
        return prepared("product", 1, ProductSchema, async (ctx) => {
          try {
            const item = readItem(await client.get(`/items/${itemId}`, undefined, ctx));
            const ids = (item.variants ?? []).filter((v) => v !== item.itemId).slice(0, 20);
            const variants =
              ids.length > 0
                ? readItems(await client.get("/items", new URLSearchParams({ ids: ids.join(",") }), ctx))
                : [];
            // The item itself is one of its variants when it has any.
            const all = variants.length > 0 && item.attributes ? [item, ...variants] : variants;
            const product = normalizeProduct(item, all);
            if (!product)
              throw new GatewayError("UPSTREAM_ERROR", `megastore returned no price for item ${itemId}`);
            return product;
          } catch (error) {
            if (error instanceof WalmartError && (error.code === INVALID_ITEM || error.status === 404)) {
              throw new GatewayError(
                "PRODUCT_NOT_FOUND",
                `productId: megastore has no item ${itemId}`,
                error.code ? { upstreamCode: error.code } : {},
              );
            }
            mapError(error, "the item lookup");
          }
        });
      },
      reviews(call) {
        const params = readParams(call, REVIEWS_TABLE);
        checkRegion(params);
        const itemId = checkItemId(params.productId!);
        const page = params.page ?? 1;
        return prepared("reviews", 1, ReviewListSchema, async (ctx) => {
          let list: ReturnType<typeof normalizeReviews>;
          try {
            const q = page > 1 ? new URLSearchParams({ page: String(page) }) : undefined;
            list = normalizeReviews(await client.get(`/reviews/${itemId}`, q, ctx), itemId, page);
          } catch (error) {
            if (error instanceof WalmartError && (error.code === INVALID_ITEM || error.status === 404)) {
              throw new GatewayError(
                "PRODUCT_NOT_FOUND",
                `productId: megastore has no item ${itemId}`,
                error.code ? { upstreamCode: error.code } : {},
              );
            }
            mapError(error, "the reviews");
          }
          if (list.reviews.length === 0 && page === 1) {
            if ((list.rating?.count ?? 0) > 0) {
              throw new GatewayError(
                "REVIEWS_UNREACHABLE",
                `megastore item ${itemId} reports ${list.rating?.count} reviews but returned none`,
              );
            }
            throw new GatewayError("REVIEWS_NOT_FOUND", `megastore item ${itemId} has no reviews`);
          }
          return list;
        });
      },
    },
    {
      unknown: {
        "image-search":
          "visual search is not offered on megastore; a keyword query is the only way to search",
      },
    },
  );
}
