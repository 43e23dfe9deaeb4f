import { randomBytes, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { iopSign } from "../../marketplaces/crossborder/client.ts";
import type { Credentials } from "../../marketplaces/upstream-config.ts";
import type { CatalogProduct, CatalogQuery, Variant } from "../catalog/catalog.ts";
import { ancestry } from "../catalog/taxonomy.ts";
import type { Dialect } from "../http.ts";
import { fingerprintBytes } from "../images/visual-index.ts";
import type { DialectContext } from "./context.ts";

/**
 * The crossborder as the AliExpress open platform's sync gateway speaks: POST /sync with the method
 * name and signed system parameters (sign verified with the app secret), answers wrapped in
 * `<method>_response`, lists wrapped in DTO-named objects, string prices in CNY plus the target currency,
 * and the three error layers (gateway error_response, business codes, empty results).
 */

/** Target currencies per yuan. */
const PER_CNY: Record<string, number> = {
  CNY: 1,
  USD: 0.138,
  EUR: 0.127,
  GBP: 0.109,
  CAD: 0.188,
  AUD: 0.21,
  NZD: 0.23,
  JPY: 20.8,
  KRW: 190,
  HKD: 1.08,
  SGD: 0.186,
  BRL: 0.76,
  MXN: 2.5,
  RUB: 12.6,
  PLN: 0.55,
  TRY: 4.5,
  SEK: 1.45,
  CHF: 0.122,
  INR: 11.5,
};
const ZERO_DECIMAL = new Set(["JPY", "KRW"]);

function requestId(): string {
  return `2101${randomBytes(10).toString("hex").slice(0, 21)}`;
}

function gatewayError(code: string, msg: string, type = "ISV", status = 200): Response {
  return Response.json(
    {
      error_response: {
        type,
        code,
        msg,
        request_id: requestId(),
        _trace_id_: randomBytes(15).toString("hex"),
      },
    },
    { status },
  );
}

export function createAliexpressDialect(ctx: DialectContext, creds: Credentials<"crossborder">): Dialect {
  const app = new Hono();
  app.get("/img/:index/:file", (c) => ctx.serveImage(c));

  const convert = (cnyMinor: number, currency: string) => {
    const value = (cnyMinor / 100) * (PER_CNY[currency] ?? PER_CNY.USD!);
    return ZERO_DECIMAL.has(currency) ? String(Math.round(value)) : value.toFixed(2);
  };
  const cny = (minor: number) => (minor / 100).toFixed(2);
  const ordersText = (n: number) => (n >= 5000 ? "5,000+" : n >= 1000 ? "1,000+" : String(n));

  async function params(request: Request): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    new URL(request.url).searchParams.forEach((v, k) => {
      out[k] = v;
    });
    if (request.method === "POST") {
      new URLSearchParams(await request.text()).forEach((v, k) => {
        out[k] = v;
      });
    }
    return out;
  }

  app.all("/sync", async (c) => {
    const p = await params(c.req.raw);
    if (p.app_key !== creds.appKey) return gatewayError("InvalidAppKey", "The specified app key is invalid");
    if (!p.sign) return gatewayError("MissingSignature", "The request must carry a signature");
    if (p.sign_method !== "sha256") return gatewayError("InvalidSignMethod", "sign_method must be sha256");
    const expected = Buffer.from(iopSign(p, creds.appSecret));
    const given = Buffer.from(p.sign);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return gatewayError(
        "IncompleteSignature",
        "The request signature does not conform to platform standards",
      );
    }
    const timestamp = Number(p.timestamp);
    if (!Number.isFinite(timestamp) || Math.abs(timestamp - ctx.now().getTime()) > 10 * 60_000) {
      return gatewayError("InvalidTimestamp", "The timestamp is out of the allowed window");
    }
    if (p.access_token !== creds.accessToken)
      return gatewayError("IllegalAccessToken", "The specified access token is invalid or expired");
    await ctx.delay(400);
    switch (p.method) {
      case "aliexpress.ds.text.search":
        return textSearch(p);
      case "aliexpress.ds.product.get":
        return productGet(p);
      case "aliexpress.ds.category.get":
        return categoryGet(p);
      case "aliexpress.ds.image.searchV2":
        return imageSearch(p);
      case "aliexpress.ds.freight.query":
        return freightQuery(p);
      default:
        return gatewayError("InvalidApiPath", `The specified API ${p.method ?? ""} does not exist`);
    }
  });

  function wrap(method: string, body: Record<string, unknown>): Response {
    return Response.json({
      [`${method.replace(/\./g, "_")}_response`]: {
        ...body,
        request_id: requestId(),
        _trace_id_: randomBytes(15).toString("hex"),
      },
    });
  }

  function textSearch(p: Record<string, string>): Response {
    const method = "aliexpress.ds.text.search";
    const currency = p.currency ?? "USD";
    if (!p.keyWord || !p.local || !p.countryCode || !p.currency)
      return wrap(method, { code: "400", msg: "keyWord, local, countryCode and currency are required" });
    if (!PER_CNY[currency])
      return wrap(method, { code: "400", msg: `currency ${currency} is not supported` });
    const query: CatalogQuery = {};
    const node = p.categoryId ? ctx.taxonomy.nodes.get(p.categoryId) : undefined;
    if (p.categoryId && !node)
      return wrap(method, {
        code: "00",
        data: { pageIndex: 1, pageSize: 0, totalCount: 0, products: { selection_search_product: [] } },
      });
    if (node) query.nodeId = node.id;
    // A browse sends the category's own name as the keyword: that lists the category.
    const isCategoryName =
      node && Object.values(node.words).some((w) => w.toLowerCase() === p.keyWord!.toLowerCase());
    if (!isCategoryName) query.text = p.keyWord;
    let band: { min?: number; max?: number } | undefined;
    let freeTo: string | undefined;
    if (p.searchExtend) {
      try {
        for (const e of JSON.parse(p.searchExtend) as {
          searchKey: string;
          searchValue?: string;
          min?: string;
          max?: string;
        }[]) {
          if (e.searchKey === "price_range")
            band = { ...(e.min ? { min: Number(e.min) } : {}), ...(e.max ? { max: Number(e.max) } : {}) };
          if (e.searchKey === "free_ship_to") freeTo = e.searchValue;
        }
      } catch {
        return wrap(method, { code: "400", msg: "searchExtend is not a JSON list" });
      }
    }
    if (band) {
      // The band is in the target currency; a product matches when any SKU falls inside it.
      const rate = PER_CNY[currency]!;
      if (band.min !== undefined) query.priceMinMinor = Math.ceil((band.min / rate) * 100 - 1e-6);
      if (band.max !== undefined) query.priceMaxMinor = Math.floor((band.max / rate) * 100 + 1e-6);
      query.anyVariantInBand = true;
    }
    if (freeTo) query.freeShipping = true;
    query.sort =
      (
        {
          "min_price,asc": "price_asc",
          "min_price,desc": "price_desc",
          "orders,desc": "bestseller",
          "comments,desc": "rating",
        } as const
      )[p.sortBy ?? ""] ?? "relevance";
    const matches = ctx.catalog.search(query).filter((m) => !m.prohibitedCountries.includes(p.countryCode!));
    const pageSize = Math.min(Math.max(Number(p.pageSize) || 20, 1), 50);
    const pageIndex = Math.max(Number(p.pageIndex) || 1, 1);
    const page = matches.slice((pageIndex - 1) * pageSize, pageIndex * pageSize);
    return wrap(method, {
      code: "00",
      data: {
        pageIndex,
        pageSize,
        totalCount: matches.length,
        products: {
          selection_search_product: page.map((product) => searchItem(product, currency, p.countryCode!)),
        },
      },
    });
  }

  function searchItem(product: CatalogProduct, currency: string, country: string): Record<string, unknown> {
    const list = product.listMinor ?? product.priceMinor;
    const sku = product.variants[0];
    return {
      originalPrice: cny(list),
      originalPriceCurrency: "CNY",
      salePrice: cny(product.priceMinor),
      salePriceCurrency: "CNY",
      discount: `${product.discountPct}%`,
      itemMainPic: ctx.imageUrl(product, 0),
      title: product.title,
      type: "search",
      score: product.ratingCount > 0 ? product.rating.toFixed(1) : "0.0",
      itemId: product.id,
      targetSalePrice: convert(product.priceMinor, currency),
      cateId: product.path.join(","),
      targetOriginalPriceCurrency: currency,
      originMinPrice: JSON.stringify({
        shipToCountry: country,
        cent: Math.round(Number(convert(product.priceMinor, currency)) * 100),
        currencyCode: currency,
        version: "V1",
      }),
      evaluateRate: product.ratingCount > 0 ? ((product.rating / 5) * 100).toFixed(1) : "0.0",
      salePriceFormat: `${convert(product.priceMinor, currency)} ${currency}`,
      orders: ordersText(product.ratingCount * 3),
      targetOriginalPrice: convert(list, currency),
      itemUrl: `//www.aliexpress.com/item/${product.id}.html?skuId=${sku?.id ?? ""}&pdp_ext_f=%7B%22sku_id%22%3A%22${sku?.id ?? ""}%22%7D?appkey=${creds.appKey}`,
    };
  }

  function skuOf(product: CatalogProduct, v: Variant, currency: string): Record<string, unknown> {
    const props: Record<string, unknown>[] = [];
    if (v.color) {
      props.push({
        sku_property_value: v.color.zh,
        sku_image: ctx.imageUrl(product, 0),
        sku_property_name: "颜色",
        property_value_definition_name: v.color.zh,
        property_value_id: 29,
        sku_property_id: 14,
      });
    }
    if (v.size)
      props.push({
        sku_property_value: v.size,
        sku_property_name: "尺码",
        property_value_id: 200_000_000 + v.size.length,
        sku_property_id: 5,
      });
    const attr = props
      .map(
        (x) =>
          `${x.sku_property_id}:${x.property_value_id}${x.property_value_definition_name ? `#${x.property_value_definition_name}` : ""}`,
      )
      .join(";");
    return {
      sku_attr: attr,
      offer_sale_price: convert(v.priceMinor, currency),
      sku_id: v.id,
      price_include_tax: false,
      currency_code: currency,
      sku_price: convert(v.listMinor ?? v.priceMinor, currency),
      offer_bulk_sale_price: convert(v.priceMinor, currency),
      sku_available_stock: v.stock,
      id: attr,
      ae_sku_property_dtos: { ae_sku_property_d_t_o: props },
    };
  }

  function productGet(p: Record<string, string>): Response {
    const method = "aliexpress.ds.product.get";
    if (!p.ship_to_country) return wrap(method, { rsp_code: 401, rsp_msg: "ship_to_country is required" });
    const product = ctx.catalog.byId.get(p.product_id ?? "");
    if (!product) return wrap(method, { rsp_code: 605, rsp_msg: "ITEM_ID_NOT_FOUND" });
    if (product.prohibitedCountries.includes(p.ship_to_country))
      return wrap(method, { rsp_code: 602, rsp_msg: "Item is not allowed to this country" });
    const currency = PER_CNY[p.target_currency ?? ""] ? p.target_currency! : "USD";
    return wrap(method, {
      result: {
        ae_item_sku_info_dtos: {
          ae_item_sku_info_d_t_o: product.variants.map((v) => skuOf(product, v, currency)),
        },
        ae_multimedia_info_dto: {
          image_urls: Array.from({ length: product.imageCount }, (_, n) => ctx.imageUrl(product, n)).join(
            ";",
          ),
        },
        package_info_dto: {
          package_width: 20,
          package_height: 8,
          package_length: 30,
          gross_weight: "0.350",
          package_type: false,
          product_unit: 100000015,
        },
        logistics_info_dto: { delivery_time: 7 + (product.index % 8), ship_to_country: p.ship_to_country },
        product_id_converter_result: {
          main_product_id: Number(product.id),
          sub_product_id: JSON.stringify({ US: Number(product.id) + 2_250_000_000_000_000 }),
        },
        ae_item_base_info_dto: {
          mobile_detail: JSON.stringify({ version: "2.0.0", moduleList: [] }),
          subject: product.title,
          evaluation_count: String(product.ratingCount),
          sales_count: ordersText(product.ratingCount * 3),
          product_status_type: "onSelling",
          avg_evaluation_rating: product.rating.toFixed(1),
          currency_code: "CNY",
          category_id: Number(product.leaf.id),
          product_id: Number(product.id),
          detail: `<div><p>${product.description}</p><ul>${product.features.map((f) => `<li>${f.zh}</li>`).join("")}</ul></div>`,
        },
        has_whole_sale: false,
        ae_item_properties: {
          ae_item_property: [
            { attr_name_id: 2, attr_value_id: 201512802, attr_name: "品牌名称", attr_value: product.brand },
            { attr_name_id: 219, attr_value_id: 9441741844, attr_name: "产地", attr_value: "中国大陆" },
          ],
        },
        ae_store_info: {
          store_id: 1_100_000_000 + product.index,
          shipping_speed_rating: "4.7",
          communication_rating: "4.6",
          store_name: product.seller.name,
          store_country_code: "CN",
          item_as_described_rating: "4.5",
        },
      },
      rsp_code: 200,
      rsp_msg: "Call succeeds",
    });
  }

  function categoryGet(p: Record<string, string>): Response {
    const lang = (p.language ?? "EN").toUpperCase() === "ZH" ? "zh" : "en";
    const nodes = [...ctx.taxonomy.nodes.values()];
    const wanted = p.categoryId
      ? nodes.filter((n) => n.id === p.categoryId || n.parent?.id === p.categoryId)
      : nodes;
    return wrap("aliexpress.ds.category.get", {
      resp_result: {
        resp_code: 200,
        resp_msg: "success",
        result: {
          categories: {
            category: wanted.map((n) => ({
              category_id: Number(n.id),
              category_name: n.words[lang],
              ...(n.parent ? { parent_category_id: Number(n.parent.id) } : {}),
            })),
          },
          total_result_count: wanted.length,
        },
      },
    });
  }

  async function imageSearch(p: Record<string, string>): Promise<Response> {
    const method = "aliexpress.ds.image.searchV2";
    let param0: { image_base64?: string; currency?: string; ship_to?: string };
    try {
      param0 = JSON.parse(p.param0 ?? "{}");
    } catch {
      return wrap(method, { result: { ret: false, code: "400", msg: "param0 is not JSON" } });
    }
    let fp: Awaited<ReturnType<typeof fingerprintBytes>>;
    try {
      fp = await fingerprintBytes(Buffer.from(param0.image_base64 ?? "", "base64"));
    } catch {
      return wrap(method, {
        result: { ret: false, code: "IMAGE_DECODE_FAIL", msg: "the image cannot be read" },
      });
    }
    const currency = PER_CNY[param0.currency ?? ""] ? param0.currency! : "USD";
    const minor = (cnyMinor: number) =>
      String(Math.round(Number(convert(cnyMinor, currency)) * (ZERO_DECIMAL.has(currency) ? 1 : 100)));
    const matches = ctx.visual
      .nearest(fp, 40)
      .filter((m) => !m.product.prohibitedCountries.includes(param0.ship_to ?? "US"))
      .slice(0, 20);
    return wrap(method, {
      result: {
        ret: true,
        data: {
          products: matches.map(({ product, similarity }) => {
            const chain = ancestry(product.leaf);
            return {
              volume: ordersText(product.ratingCount * 3),
              category: {
                first_level: { name: chain[0]!.words.en, id: chain[0]!.id },
                ...(chain[1] ? { second_level: { name: chain[1].words.en, id: chain[1].id } } : {}),
              },
              product_detail_url: `https://www.aliexpress.com/item/${product.id}.html`,
              // Minor units, as the published sample's prices are.
              price: {
                sale: { value: minor(product.priceMinor), currency },
                original: { value: minor(product.listMinor ?? product.priceMinor), currency },
              },
              discount: String(product.discountPct),
              image_url: ctx.imageUrl(product, 0),
              evaluate_rate: product.ratingCount > 0 ? product.rating.toFixed(1) : "",
              title: product.title,
              shop_id: 1_100_000_000 + product.index,
              product_id: product.id,
              similarity_score: similarity.toFixed(3),
            };
          }),
        },
        total_count: matches.length,
        pagination: { has_next: false, page_no: 1, page_count: 1, page_size: matches.length },
        empty: matches.length === 0,
      },
    });
  }

  function freightQuery(p: Record<string, string>): Response {
    const method = "aliexpress.ds.freight.query";
    let req: { productId?: string; shipToCountry?: string; currency?: string };
    try {
      req = JSON.parse(p.queryDeliveryReq ?? "{}");
    } catch {
      return wrap(method, { result: { code: 400, success: false, msg: "queryDeliveryReq is not JSON" } });
    }
    const product = ctx.catalog.byId.get(String(req.productId ?? ""));
    if (!product) return wrap(method, { result: { code: 605, success: false, msg: "ITEM_ID_NOT_FOUND" } });
    const currency = PER_CNY[req.currency ?? ""] ? req.currency! : "USD";
    const fee = product.freeShipping ? "0.00" : convert(product.shippingMinor, currency);
    return wrap(method, {
      result: {
        msg: "Call succeeds",
        code: 200,
        success: true,
        delivery_options: {
          delivery_option_d_t_o: [
            {
              code: "CAINIAO_FULFILLMENT_STD",
              shipping_fee_currency: currency,
              shipping_fee_cent: fee,
              shipping_fee_format: `${fee} ${currency}`,
              free_shipping: product.freeShipping,
              min_delivery_days: 6 + (product.index % 4),
              max_delivery_days: 10 + (product.index % 6),
              guaranteed_delivery_days: "60",
              company: "AliExpress Selection Standard",
              ship_from_country: "CN",
              tracking: true,
              available_stock: String(product.stock),
            },
          ],
        },
      },
    });
  }

  return {
    marketplace: "crossborder",
    handle: async (request) => app.fetch(request),
    fault(kind, status) {
      if (kind === "throttle")
        return gatewayError(
          "ApiCallLimit",
          "Api access frequency exceeds the limit. this ban will last 1 seconds",
        );
      if (kind === "token-expired")
        return gatewayError("IllegalAccessToken", "The specified access token is invalid or expired");
      return gatewayError(
        status === 503 ? "ServiceUnavailable" : "isp.remote-service-error",
        "The service is temporarily unavailable",
        "SYSTEM",
        status,
      );
    },
  };
}
