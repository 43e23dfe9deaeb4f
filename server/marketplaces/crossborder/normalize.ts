import { z } from "zod";
import type {
  CategoryEntry,
  CategoryList,
  CategoryRef,
  Money,
  Product,
  SearchItem,
  SearchResult,
  Variant,
} from "../../../src/contract/marketplace.ts";
import { fromMinor, lowest, money } from "../shared/money.ts";
import { htmlToText } from "../shared/text.ts";
import { readShape } from "../shared/upstream.ts";

/**
 * AliExpress shapes to the contract. Quirks handled: lists wrapped in objects named after the DTO
 * (`ae_item_sku_info_dtos.ae_item_sku_info_d_t_o[]`, `products.selection_search_product[]`); camelCase in
 * ds.text.search and snake_case in ds.product.get; prices as strings; `targetSalePrice` in the currency
 * named by `targetOriginalPriceCurrency`; protocol-relative `itemUrl` with a second `?`; `image_urls` as one
 * `;`-joined string; counts such as "5,000+"; `cateId` a comma list, top level first; image-search prices
 * in minor units; `shipping_fee_cent` holding a decimal amount.
 */

/** `{x_d_t_o: [...]}` or a bare array, as the platform wraps lists either way. */
function wrapped<T extends z.ZodType>(item: T) {
  return z
    .union([z.array(item), z.record(z.string(), z.array(item))])
    .transform((v) => (Array.isArray(v) ? v : (Object.values(v)[0] ?? [])));
}

/** "5,000+", "1446", 12 → a count (the lower bound of a range). */
export function count(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return Math.max(0, Math.floor(value));
  if (typeof value !== "string") return undefined;
  const digits = value.replace(/[,\s]/g, "").replace(/\+$/, "");
  return /^\d+$/.test(digits) ? Number(digits) : undefined;
}

/** "//www.aliexpress.com/item/1.html?skuId=1&pdp=...?appkey=5" → an absolute URL with one `?`. */
export function itemUrl(raw: string): string {
  const absolute = raw.startsWith("//") ? `https:${raw}` : raw;
  const first = absolute.indexOf("?");
  return first < 0 ? absolute : absolute.slice(0, first + 1) + absolute.slice(first + 1).replace(/\?/g, "&");
}

const TextProduct = z.object({
  itemId: z.string(),
  title: z.string(),
  itemUrl: z.string().optional(),
  itemMainPic: z.string().optional(),
  salePrice: z.string().optional(),
  salePriceCurrency: z.string().optional(),
  originalPrice: z.string().optional(),
  originalPriceCurrency: z.string().optional(),
  targetSalePrice: z.string().optional(),
  targetOriginalPrice: z.string().optional(),
  targetOriginalPriceCurrency: z.string().optional(),
  score: z.string().optional(),
  orders: z.string().optional(),
  cateId: z.string().optional(),
});
const TextSearchShape = z.object({
  code: z.string(),
  msg: z.string().optional(),
  data: z
    .object({
      pageIndex: z.coerce.number().int().optional(),
      pageSize: z.coerce.number().int().optional(),
      totalCount: z.coerce.number().int().nonnegative().optional(),
      products: wrapped(TextProduct).optional(),
    })
    .optional(),
});
export type TextSearch = z.infer<typeof TextSearchShape>;

export function readTextSearch(response: unknown): TextSearch {
  return readShape("crossborder", TextSearchShape, response, "ds.text.search answer");
}

function textItem(
  p: z.infer<typeof TextProduct>,
  names: (id: string) => string | undefined,
): SearchItem | undefined {
  // The target currency prices are the ones the caller asked for; the base ones are the seller's (CNY).
  const currency = p.targetOriginalPriceCurrency;
  const price = (currency && money(p.targetSalePrice, currency)) || money(p.salePrice, p.salePriceCurrency);
  if (!price) return undefined;
  const out: SearchItem = {
    productId: p.itemId,
    title: p.title,
    url: p.itemUrl ? itemUrl(p.itemUrl) : `https://www.aliexpress.com/item/${p.itemId}.html`,
    price,
    category: (p.cateId ?? "")
      .split(",")
      .map((id) => id.trim())
      .filter(Boolean)
      .map((id) => ({ id, name: names(id) ?? id })),
  };
  if (p.itemMainPic) out.imageUrl = p.itemMainPic;
  const original =
    (currency && money(p.targetOriginalPrice, currency)) || money(p.originalPrice, p.originalPriceCurrency);
  if (original && original.currency === price.currency && original.amount > price.amount)
    out.originalPrice = original;
  out.condition = "new";
  return out;
}

export function normalizeTextSearch(
  search: TextSearch,
  request: { query?: string; page: number; pageSize: number },
  names: (id: string) => string | undefined = () => undefined,
): SearchResult {
  const items = (search.data?.products ?? [])
    .map((p) => textItem(p, names))
    .filter((i): i is SearchItem => i !== undefined);
  const total = search.data?.totalCount;
  const page = search.data?.pageIndex ?? request.page;
  const size = search.data?.pageSize ?? request.pageSize;
  return {
    marketplace: "crossborder",
    ...(request.query === undefined ? {} : { query: request.query }),
    items,
    facets: [],
    paging: {
      page,
      pageSize: items.length,
      hasMore: total !== undefined && page * size < total,
      ...(total === undefined ? {} : { totalResults: total }),
    },
  };
}

const SkuProperty = z.object({
  sku_property_id: z.coerce.number().optional(),
  sku_property_name: z.string().optional(),
  sku_property_value: z.string().optional(),
  property_value_definition_name: z.string().optional(),
  sku_image: z.string().optional(),
});
const Sku = z.object({
  sku_id: z.coerce.string(),
  sku_attr: z.string().optional(),
  sku_price: z.string().optional(),
  offer_sale_price: z.string().optional(),
  currency_code: z.string().optional(),
  sku_available_stock: z.coerce.number().int().optional(),
  ae_sku_property_dtos: wrapped(SkuProperty).optional(),
});
const ProductGetShape = z.object({
  rsp_code: z.coerce.number().int().optional(),
  rsp_msg: z.string().optional(),
  result: z
    .object({
      ae_item_base_info_dto: z
        .object({
          product_id: z.coerce.string(),
          subject: z.string(),
          detail: z.string().optional(),
          category_id: z.coerce.string().optional(),
          currency_code: z.string().optional(),
          avg_evaluation_rating: z.string().optional(),
          evaluation_count: z.union([z.string(), z.number()]).optional(),
          sales_count: z.union([z.string(), z.number()]).optional(),
          product_status_type: z.string().optional(),
        })
        .optional(),
      ae_item_sku_info_dtos: wrapped(Sku).optional(),
      ae_multimedia_info_dto: z.object({ image_urls: z.string().optional() }).optional(),
      ae_item_properties: wrapped(
        z.object({
          attr_name_id: z.coerce.number().optional(),
          attr_name: z.string().optional(),
          attr_value: z.string().optional(),
        }),
      ).optional(),
      ae_store_info: z
        .object({ store_id: z.coerce.string().optional(), store_name: z.string().optional() })
        .optional(),
      logistics_info_dto: z
        .object({ delivery_time: z.coerce.number().optional(), ship_to_country: z.string().optional() })
        .optional(),
    })
    .optional(),
});
export type ProductGet = z.infer<typeof ProductGetShape>;

export function readProductGet(response: unknown): ProductGet {
  return readShape("crossborder", ProductGetShape, response, "ds.product.get answer");
}

/** The whole variation matrix as SKUs of one product (no per-variant product ids on crossborder). */
export function normalizeSkus(skus: z.infer<typeof Sku>[]): Variant[] {
  return skus.flatMap((sku) => {
    const currency = sku.currency_code ?? "USD";
    const sale = money(sku.offer_sale_price, currency);
    const list = money(sku.sku_price, currency);
    const price = sale ?? list;
    if (!price) return [];
    const attributes: Record<string, string> = {};
    let imageUrl: string | undefined;
    for (const prop of sku.ae_sku_property_dtos ?? []) {
      const name = prop.sku_property_name ?? String(prop.sku_property_id ?? "option");
      attributes[name] = prop.property_value_definition_name || prop.sku_property_value || "";
      imageUrl ??= prop.sku_image;
    }
    const variant: Variant = {
      sku: sku.sku_id,
      attributes,
      price,
      inStock: (sku.sku_available_stock ?? 0) > 0,
    };
    if (list && sale && list.amount > sale.amount) variant.originalPrice = list;
    if (sku.sku_available_stock !== undefined && sku.sku_available_stock >= 0)
      variant.quantity = sku.sku_available_stock;
    if (imageUrl) variant.imageUrl = imageUrl;
    return [variant];
  });
}

export function normalizeProduct(
  data: ProductGet,
  categoryPath: (id: string) => CategoryRef[],
): Product | undefined {
  const result = data.result;
  const base = result?.ae_item_base_info_dto;
  if (!result || !base) return undefined;
  const variants = normalizeSkus(result.ae_item_sku_info_dtos ?? []);
  const price = lowest(variants.map((v) => v.price));
  if (!price) return undefined;
  const images = (result.ae_multimedia_info_dto?.image_urls ?? "")
    .split(";")
    .map((u) => u.trim())
    .filter(Boolean);
  const product: Product = {
    marketplace: "crossborder",
    productId: base.product_id,
    title: base.subject,
    url: `https://www.aliexpress.com/item/${base.product_id}.html`,
    images,
    price,
    category: base.category_id ? categoryPath(base.category_id) : [],
    variants,
    condition: "new",
    inStock: variants.some((v) => v.inStock),
  };
  const originals = variants.flatMap((v) => (v.originalPrice ? [v.originalPrice] : []));
  const original = lowest(originals);
  if (original && original.amount > price.amount) product.originalPrice = original;
  if (base.detail) {
    const text = htmlToText(base.detail);
    if (text) product.description = text;
  }
  const brand = (result.ae_item_properties ?? []).find((p) => p.attr_name_id === 2)?.attr_value;
  if (brand && !/^(none|other|no brand)$/i.test(brand)) product.brand = brand;
  const average = Number(base.avg_evaluation_rating);
  const ratings = count(base.evaluation_count);
  if (Number.isFinite(average) && ratings !== undefined)
    product.rating = { average: Math.min(5, Math.max(0, average)), count: ratings };
  const store = result.ae_store_info;
  if (store?.store_name)
    product.seller = { name: store.store_name, ...(store.store_id ? { id: store.store_id } : {}) };
  const logistics = result.logistics_info_dto;
  if (logistics?.ship_to_country) {
    product.shipping = [
      {
        toCountry: logistics.ship_to_country,
        ...(logistics.delivery_time ? { maxDays: logistics.delivery_time } : {}),
      },
    ];
  }
  return product;
}

const FreightShape = z.object({
  result: z.object({
    code: z.coerce.number().optional(),
    success: z.boolean().optional(),
    msg: z.string().optional(),
    delivery_options: wrapped(
      z.object({
        code: z.string().optional(),
        company: z.string().optional(),
        shipping_fee_currency: z.string().optional(),
        shipping_fee_cent: z.string().optional(),
        free_shipping: z.boolean().optional(),
        min_delivery_days: z.coerce.number().int().optional(),
        max_delivery_days: z.coerce.number().int().optional(),
      }),
    ).optional(),
  }),
});

/** ds.freight.query delivery options as shipping entries. `shipping_fee_cent` holds a decimal amount. */
export function normalizeFreight(response: unknown, toCountry: string): NonNullable<Product["shipping"]> {
  const data = readShape("crossborder", FreightShape, response, "ds.freight.query answer");
  return (data.result.delivery_options ?? []).map((o) => {
    const cost: Money | undefined = o.shipping_fee_currency
      ? money(o.shipping_fee_cent, o.shipping_fee_currency)
      : undefined;
    return {
      toCountry,
      ...(o.free_shipping !== undefined ? { free: o.free_shipping || cost?.amount === 0 } : {}),
      ...(cost ? { cost } : {}),
      ...(o.min_delivery_days !== undefined ? { minDays: o.min_delivery_days } : {}),
      ...(o.max_delivery_days !== undefined ? { maxDays: o.max_delivery_days } : {}),
    };
  });
}

const CategoryShape = z.object({
  resp_result: z.object({
    resp_code: z.coerce.number().int().optional(),
    resp_msg: z.string().optional(),
    result: z
      .object({
        categories: wrapped(
          z.object({
            category_id: z.coerce.string(),
            category_name: z.string(),
            parent_category_id: z.coerce.string().optional(),
          }),
        ),
      })
      .optional(),
  }),
});

export interface CrossborderCategory {
  id: string;
  name: string;
  parent: string | undefined;
}

export function readCategories(response: unknown): CrossborderCategory[] {
  const data = readShape("crossborder", CategoryShape, response, "ds.category.get answer");
  return (data.resp_result.result?.categories ?? []).map((c) => ({
    id: c.category_id,
    name: c.category_name,
    // The platform marks top-level categories with parent 0 or no parent at all.
    parent: c.parent_category_id && c.parent_category_id !== "0" ? c.parent_category_id : undefined,
  }));
}

export function pathOf(all: Map<string, CrossborderCategory>, id: string): CategoryRef[] {
  const path: CategoryRef[] = [];
  const seen = new Set<string>();
  for (let at = all.get(id); at && !seen.has(at.id); at = at.parent ? all.get(at.parent) : undefined) {
    seen.add(at.id);
    path.unshift({ id: at.id, name: at.name });
  }
  return path;
}

/** Every crossborder category lists products: `browsable` is true throughout. */
export function normalizeCategories(
  all: CrossborderCategory[],
  id: string | undefined,
): CategoryList | undefined {
  const byId = new Map(all.map((c) => [c.id, c]));
  if (id !== undefined && !byId.has(id)) return undefined;
  const children = all.filter((c) => c.parent === id);
  const entry = (c: CrossborderCategory): CategoryEntry => ({
    id: c.id,
    name: c.name,
    browsable: true,
    hasChildren: all.some((x) => x.parent === c.id),
  });
  return {
    marketplace: "crossborder",
    path: id === undefined ? [] : pathOf(byId, id),
    categories: children.map(entry),
  };
}

const ImageProduct = z.object({
  product_id: z.coerce.string(),
  title: z.string().optional(),
  product_title: z.string().optional(),
  product_detail_url: z.string().optional(),
  image_url: z.string().optional(),
  product_main_image_url: z.string().optional(),
  price: z
    .object({
      sale: z.object({ value: z.string(), currency: z.string() }),
      original: z.object({ value: z.string(), currency: z.string() }).optional(),
    })
    .optional(),
  category: z
    .object({
      first_level: z.object({ id: z.coerce.string(), name: z.string() }).optional(),
      second_level: z.object({ id: z.coerce.string(), name: z.string() }).optional(),
    })
    .optional(),
  similarity_score: z.string().optional(),
});
const ImageSearchShape = z.object({
  result: z.object({
    ret: z.boolean().optional(),
    code: z.union([z.string(), z.number()]).optional(),
    data: z
      .union([z.object({ products: z.array(ImageProduct).optional() }), z.array(ImageProduct)])
      .optional(),
    total_count: z.coerce.number().int().optional(),
  }),
});
export type ImageSearch = z.infer<typeof ImageSearchShape>;

export function readImageSearch(response: unknown): ImageSearch {
  return readShape("crossborder", ImageSearchShape, response, "ds.image.searchV2 answer");
}

/** Image-search prices are minor units ("99" for 0.99 in the published sample). */
export function normalizeImageSearch(search: ImageSearch): SearchResult {
  const data = search.result.data;
  const products = Array.isArray(data) ? data : (data?.products ?? []);
  const items = products.flatMap((p): SearchItem[] => {
    const sale = p.price?.sale;
    const minor = sale ? Number(sale.value) : Number.NaN;
    if (!sale || !Number.isFinite(minor) || minor < 0) return [];
    const price = fromMinor(minor, sale.currency.toUpperCase());
    const item: SearchItem = {
      productId: p.product_id,
      title: p.title ?? p.product_title ?? p.product_id,
      url: p.product_detail_url
        ? itemUrl(p.product_detail_url)
        : `https://www.aliexpress.com/item/${p.product_id}.html`,
      price,
      category: [p.category?.first_level, p.category?.second_level].flatMap((c) =>
        c ? [{ id: c.id, name: c.name }] : [],
      ),
      condition: "new",
    };
    const image = p.image_url ?? p.product_main_image_url;
    if (image) item.imageUrl = image;
    const original = p.price?.original;
    const originalMinor = original ? Number(original.value) : Number.NaN;
    if (original && Number.isFinite(originalMinor) && originalMinor > minor)
      item.originalPrice = fromMinor(originalMinor, original.currency.toUpperCase());
    return [item];
  });
  return {
    marketplace: "crossborder",
    items,
    facets: [],
    paging: {
      page: 1,
      pageSize: items.length,
      hasMore: false,
      ...(search.result.total_count === undefined ? {} : { totalResults: search.result.total_count }),
    },
  };
}
