import { GatewayError } from "../../../src/contract/errors.ts";
import {
  CategoryListSchema,
  type CategoryRef,
  ProductSchema,
  SearchResultSchema,
} from "../../../src/contract/marketplace.ts";
import { defineModule, type ModuleRuntime, prepared } from "../shared/module-kit.ts";
import { readParams } from "../shared/params.ts";
import type { MarketplaceModule, RawCall, UpstreamContext } from "../types.ts";
import type { CrossborderUpstream } from "../upstream-config.ts";
import { IopClient } from "./client.ts";
import {
  type CrossborderCategory,
  normalizeCategories,
  normalizeFreight,
  normalizeImageSearch,
  normalizeProduct,
  normalizeTextSearch,
  pathOf,
  readCategories,
  readImageSearch,
  readProductGet,
  readTextSearch,
} from "./normalize.ts";
import {
  BROWSE_TABLE,
  CATEGORIES_TABLE,
  checkCategory,
  checkProductId,
  DEFAULT_PAGE_SIZE,
  IMAGE_SEARCH_TABLE,
  PRODUCT_TABLE,
  type Presentment,
  presentmentOf,
  SEARCH_TABLE,
  textSearchParams,
} from "./rules.ts";

/** ds.product.get business codes (published error table). */
const PROHIBITED = 602;
const NOT_FOUND = 605;

export interface CrossborderModule extends MarketplaceModule {
  /** The signed client, shared with the deprecated unversioned endpoints (./legacy.ts). */
  legacyClient: IopClient;
}

export function createCrossborderModule(
  upstream: CrossborderUpstream,
  runtime: ModuleRuntime,
): CrossborderModule {
  const client = new IopClient(upstream, runtime);
  /** Category names and parents, learned from ds.category.get (browse needs a name, products a path). */
  let categories: Map<string, CrossborderCategory> | undefined;

  async function loadCategories(language: string, ctx: UpstreamContext): Promise<CrossborderCategory[]> {
    const response = await client.call("aliexpress.ds.category.get", { language }, ctx);
    const code = (response.resp_result as { resp_code?: unknown } | undefined)?.resp_code;
    if (code !== undefined && Number(code) !== 200) {
      throw new GatewayError("UPSTREAM_ERROR", `crossborder could not list categories (${String(code)})`, {
        upstreamCode: String(code),
      });
    }
    const list = readCategories(response);
    if (language === "EN" || !categories) categories = new Map(list.map((c) => [c.id, c]));
    return list;
  }

  const languageOf = (p: Presentment) => p.locale.split("_")[0]!.toUpperCase();

  // Names for search rows' categories; best effort at start-up, loaded again by categories and browse.
  loadCategories("EN", {
    signal: AbortSignal.timeout(runtime.timeoutMs * 3),
    requestId: "crossborder-categories",
    now: runtime.now,
  }).catch(() => {});

  const searchOrBrowse = (browse: boolean) => (call: RawCall) => {
    const params = readParams(call, browse ? BROWSE_TABLE : SEARCH_TABLE);
    const presentment = presentmentOf(params);
    if (params.categoryId) checkCategory(params.categoryId);
    const request = {
      ...(browse ? {} : { query: params.query! }),
      page: params.page ?? 1,
      pageSize: params.pageSize ?? DEFAULT_PAGE_SIZE,
    };
    return prepared(browse ? "browse" : "search", 1, SearchResultSchema, async (ctx) => {
      let keyword = params.query;
      if (browse) {
        // ds.text.search needs a keyword: a browse searches the category by its own name within it.
        let name = categories?.get(params.categoryId!)?.name;
        if (!name) {
          await loadCategories("EN", ctx);
          name = categories?.get(params.categoryId!)?.name;
        }
        if (!name)
          throw new GatewayError(
            "INVALID_PARAMS",
            `categoryId: crossborder has no category ${params.categoryId}`,
          );
        keyword = name;
      }
      const response = await client.call(
        "aliexpress.ds.text.search",
        textSearchParams(params, presentment, keyword!),
        ctx,
      );
      const search = readTextSearch(response);
      if (search.code !== "00" && search.code !== "0") {
        throw new GatewayError(
          "UPSTREAM_ERROR",
          `crossborder search failed (${search.code}): ${search.msg ?? ""}`,
          { upstreamCode: search.code },
        );
      }
      return normalizeTextSearch(search, request, (id) => categories?.get(id)?.name);
    });
  };

  function categoryPath(id: string): CategoryRef[] {
    const path = categories ? pathOf(categories, id) : [];
    return path.length > 0 ? path : [{ id, name: id }];
  }

  async function getProduct(productId: string, presentment: Presentment, ctx: UpstreamContext) {
    const response = await client.call(
      "aliexpress.ds.product.get",
      {
        product_id: productId,
        ship_to_country: presentment.country,
        target_currency: presentment.currency,
        target_language: presentment.locale.split("_")[0]!,
      },
      ctx,
    );
    const data = readProductGet(response);
    const code = data.rsp_code ?? 200;
    if (code === NOT_FOUND)
      throw new GatewayError("ITEM_NOT_FOUND", `productId: crossborder has no product ${productId}`, {
        upstreamCode: String(code),
      });
    if (code === PROHIBITED) {
      throw new GatewayError(
        "PROHIBITED_COUNTRY",
        `crossborder will not ship product ${productId} to ${presentment.country}`,
        { upstreamCode: String(code) },
      );
    }
    if (code !== 200)
      throw new GatewayError(
        "UPSTREAM_ERROR",
        `crossborder could not read product ${productId}: ${data.rsp_msg ?? code}`,
        { upstreamCode: String(code) },
      );
    // An empty result with no error is how the platform answers for a product taken off sale.
    if (!data.result?.ae_item_base_info_dto)
      throw new GatewayError("ITEM_NOT_FOUND", `productId: crossborder has no product ${productId}`);
    return data;
  }

  const module = defineModule(
    "crossborder",
    "cross-border consumer marketplace",
    {
      search: searchOrBrowse(false),
      browse: searchOrBrowse(true),
      categories(call) {
        const params = readParams(call, CATEGORIES_TABLE);
        const presentment = presentmentOf(params);
        const id = params.categoryId === undefined ? undefined : checkCategory(params.categoryId);
        return prepared("categories", 1, CategoryListSchema, async (ctx) => {
          const all = await loadCategories(languageOf(presentment), ctx);
          const list = normalizeCategories(all, id);
          if (!list)
            throw new GatewayError("INVALID_PARAMS", `categoryId: crossborder has no category ${id}`);
          // Every entry is browsable, so browsableOnly changes nothing.
          return list;
        });
      },
      product(call) {
        const params = readParams(call, PRODUCT_TABLE);
        const presentment = presentmentOf(params);
        const productId = checkProductId(params.productId!);
        return prepared("product", 1, ProductSchema, async (ctx) => {
          const data = await getProduct(productId, presentment, ctx);
          if (!categories) await loadCategories("EN", ctx);
          const product = normalizeProduct(data, categoryPath);
          if (!product)
            throw new GatewayError(
              "UPSTREAM_ERROR",
              `crossborder returned no priced SKU for product ${productId}`,
            );
          // Shipping to the buyer's country for the cheapest SKU: cost and delivery days.
          const sku = product.variants.find((v) => v.inStock) ?? product.variants[0];
          if (sku?.sku) {
            const freight = await client.call(
              "aliexpress.ds.freight.query",
              {
                queryDeliveryReq: JSON.stringify({
                  quantity: 1,
                  shipToCountry: presentment.country,
                  productId,
                  selectedSkuId: sku.sku,
                  language: presentment.locale,
                  currency: presentment.currency,
                  locale: presentment.locale,
                }),
              },
              ctx,
            );
            const options = normalizeFreight(freight, presentment.country);
            if (options.length > 0) product.shipping = options;
          }
          return product;
        });
      },
      "image-search"(call) {
        const params = readParams(call, IMAGE_SEARCH_TABLE);
        const presentment = presentmentOf(params);
        const image = params.image!;
        return prepared("image-search", 1, SearchResultSchema, async (ctx) => {
          const response = await client.call(
            "aliexpress.ds.image.searchV2",
            {
              param0: JSON.stringify({
                search_type: "similar",
                image_base64: image.data,
                currency: presentment.currency,
                lang: presentment.locale.split("_")[0],
                ship_to: presentment.country,
                sort_type: "best",
                sort_order: "desc",
              }),
            },
            ctx,
          );
          const search = readImageSearch(response);
          if (search.result.ret === false) {
            const code = search.result.code === undefined ? "" : String(search.result.code);
            throw new GatewayError(
              "UPSTREAM_ERROR",
              `crossborder image search failed (${code})`,
              code ? { upstreamCode: code } : {},
            );
          }
          return normalizeImageSearch(search);
        });
      },
    },
    { unknown: { reviews: "crossborder has no reviews operation (spec); ratings are in product.rating" } },
  );
  return { ...module, legacyClient: client };
}
