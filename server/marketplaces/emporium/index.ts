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
import type { MarketplaceModule, UpstreamContext } from "../types.ts";
import type { EmporiumUpstream } from "../upstream-config.ts";
import { PaapiClient } from "./client.ts";
import { departmentBySlug } from "./departments.ts";
import {
  departmentsList,
  emptySearch,
  normalizeBrowseNode,
  normalizeProduct,
  normalizeSearch,
  readItems,
  readVariations,
} from "./normalize.ts";
import {
  BROWSE_TABLE,
  CATEGORIES_TABLE,
  checkAsin,
  checkCategoriesId,
  checkRegion,
  MAX_PAGE,
  PRODUCT_TABLE,
  planSearch,
  REVIEWS_TABLE,
  SEARCH_TABLE,
  type SearchPlan,
} from "./rules.ts";

/** Resources a search row needs; PA-API returns only what is asked for. */
const ITEM_RESOURCES = [
  "BrowseNodeInfo.BrowseNodes",
  "BrowseNodeInfo.BrowseNodes.Ancestor",
  "CustomerReviews.Count",
  "CustomerReviews.StarRating",
  "Images.Primary.Large",
  "ItemInfo.ByLineInfo",
  "ItemInfo.Title",
  "Offers.Listings.Availability.Type",
  "Offers.Listings.Condition",
  "Offers.Listings.DeliveryInfo.IsFreeShippingEligible",
  "Offers.Listings.Price",
  "Offers.Listings.SavingBasis",
  "Offers.Summaries.LowestPrice",
  "ParentASIN",
];
const PRODUCT_RESOURCES = [...ITEM_RESOURCES, "Images.Variants.Large", "ItemInfo.Features"];
const VARIATION_RESOURCES = [...ITEM_RESOURCES, "VariationSummary.VariationDimension"];

const SORT_BY: Record<SearchPlan["sort"], string | undefined> = {
  best_match: undefined,
  price_asc: "Price:LowToHigh",
  price_desc: "Price:HighToLow",
  newly_listed: "NewestArrivals",
  avg_review: "AvgCustomerReviews",
};

export function searchItemsPayload(plan: SearchPlan): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    ItemPage: plan.page,
    Resources: plan.withRefinements ? [...ITEM_RESOURCES, "SearchRefinements"] : ITEM_RESOURCES,
  };
  if (plan.keywords !== undefined) payload.Keywords = plan.keywords;
  if (plan.browseNodeId !== undefined) payload.BrowseNodeId = plan.browseNodeId;
  if (plan.searchIndex !== undefined) payload.SearchIndex = plan.searchIndex;
  if (plan.brand !== undefined) payload.Brand = plan.brand;
  if (plan.minPriceCents !== undefined) payload.MinPrice = plan.minPriceCents;
  if (plan.maxPriceCents !== undefined) payload.MaxPrice = plan.maxPriceCents;
  if (plan.minRating !== undefined) payload.MinReviewsRating = plan.minRating;
  const sortBy = SORT_BY[plan.sort];
  if (sortBy) payload.SortBy = sortBy;
  return payload;
}

export function createEmporiumModule(upstream: EmporiumUpstream, runtime: ModuleRuntime): MarketplaceModule {
  const client = new PaapiClient(upstream, runtime);

  const search = (browse: boolean) => (call: Parameters<MarketplaceModule["prepare"]>[1]) => {
    const params = readParams(call, browse ? BROWSE_TABLE : SEARCH_TABLE);
    const plan = planSearch(params, browse, upstream);
    const request = { ...(browse ? {} : { query: plan.keywords! }), page: plan.page, maxPage: MAX_PAGE };
    return prepared(browse ? "browse" : "search", plan.units, SearchResultSchema, async (ctx) => {
      const answer = await client.call("SearchItems", searchItemsPayload(plan), ctx);
      if (answer.noResults) return emptySearch(request);
      if (answer.errors[0]?.Code === "InvalidParameterValue" && !("SearchResult" in answer.body)) {
        // The only caller-supplied value PA-API can reject here is the browse node.
        throw new GatewayError(
          "INVALID_PARAMS",
          `categoryId: emporium does not know browse node ${plan.browseNodeId ?? ""}`.trim(),
          {
            upstreamCode: "InvalidParameterValue",
          },
        );
      }
      return normalizeSearch(answer.body, request);
    });
  };

  async function getItem(asin: string, resources: string[], ctx: UpstreamContext) {
    const answer = await client.call("GetItems", { ItemIds: [asin], Resources: resources }, ctx);
    if (!("ItemsResult" in answer.body)) {
      const code = answer.errors[0]?.Code;
      throw new GatewayError(
        "PRODUCT_NOT_FOUND",
        `productId: emporium has no product ${asin}`,
        code ? { upstreamCode: code } : {},
      );
    }
    const item = readItems(answer.body).find((i) => i.ASIN === asin) ?? readItems(answer.body)[0];
    if (!item) throw new GatewayError("PRODUCT_NOT_FOUND", `productId: emporium has no product ${asin}`);
    return item;
  }

  return defineModule(
    "emporium",
    "large general online store",
    {
      search: search(false),
      browse: search(true),
      categories(call) {
        const params = readParams(call, CATEGORIES_TABLE);
        checkRegion(params, upstream);
        const target = checkCategoriesId(params.categoryId);
        const browsableOnly = params.browsableOnly === true;
        return prepared("categories", 1, CategoryListSchema, async (ctx) => {
          if (target.kind === "root") return departmentsList(browsableOnly);
          const department = target.kind === "department" ? departmentBySlug(target.slug)! : undefined;
          const nodeId = department ? department.node : (target as { id: string }).id;
          const answer = await client.call(
            "GetBrowseNodes",
            { BrowseNodeIds: [nodeId], Resources: ["BrowseNodes.Ancestor", "BrowseNodes.Children"] },
            ctx,
          );
          if (!("BrowseNodesResult" in answer.body)) {
            throw new GatewayError(
              "INVALID_PARAMS",
              `categoryId: emporium does not know browse node ${nodeId}`,
              {
                upstreamCode: answer.errors[0]?.Code ?? "InvalidParameterValue",
              },
            );
          }
          return normalizeBrowseNode(
            answer.body,
            department ? { id: department.slug, name: department.name } : undefined,
          );
        });
      },
      product(call) {
        const params = readParams(call, PRODUCT_TABLE);
        checkRegion(params, upstream);
        const asin = checkAsin(params.productId!);
        return prepared("product", 1, ProductSchema, async (ctx) => {
          // GetVariations answers NoResults for an item without variations; both calls run together.
          const [item, variations] = (await allOrNothing<unknown>(ctx, [
            (c) => getItem(asin, PRODUCT_RESOURCES, c),
            (c) => client.call("GetVariations", { ASIN: asin, Resources: VARIATION_RESOURCES }, c),
          ])) as [Awaited<ReturnType<typeof getItem>>, Awaited<ReturnType<PaapiClient["call"]>>];
          const variants =
            variations.noResults || !("VariationsResult" in variations.body)
              ? []
              : readVariations(variations.body);
          const product = normalizeProduct(item, variants);
          if (!product)
            throw new GatewayError("UPSTREAM_ERROR", `emporium returned no offer (no price) for ${asin}`);
          return product;
        });
      },
      reviews(call) {
        const params = readParams(call, REVIEWS_TABLE);
        checkRegion(params, upstream);
        const asin = checkAsin(params.productId!);
        return prepared("reviews", 1, ReviewListSchema, async (ctx) => {
          const item = await getItem(asin, ["CustomerReviews.Count", "CustomerReviews.StarRating"], ctx);
          const count = item.CustomerReviews?.Count ?? 0;
          if (count === 0)
            throw new GatewayError("REVIEWS_NOT_FOUND", `emporium product ${asin} has no reviews`);
          // PA-API publishes the aggregate only; the review texts are not part of the API.
          throw new GatewayError(
            "REVIEWS_UNREACHABLE",
            `emporium product ${asin} has ${count} ratings (average ${item.CustomerReviews?.StarRating?.Value ?? "?"}) but the marketplace publishes no review texts; the aggregate is in product.rating`,
          );
        });
      },
    },
    {
      unknown: {
        "image-search": "visual search is not offered on emporium; a keyword query is the only way to search",
      },
    },
  );
}
