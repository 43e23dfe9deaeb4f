import { GatewayError } from "../../../src/contract/errors.ts";
import { invalid, type OperationTable, type Params } from "../shared/params.ts";

/**
 * The crossborder's tables. The spec documents them only as sharing the normalized vocabulary, the
 * image-search table, price-band semantics and "no reviews"; the rest is our design (docs/marketplaces.md).
 */

export const MAX_IMAGE_BASE64 = 6 * 1024 * 1024;
export const DEFAULT_PAGE_SIZE = 20;
const PRICE = { kind: "number", min: 0, max: 10_000_000 } as const;
const SORTS = ["best_match", "price_asc", "price_desc", "best_seller"] as const;

/** Presentment currencies AliExpress prices in (target_currency). */
export const CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "CAD",
  "AUD",
  "NZD",
  "JPY",
  "KRW",
  "CNY",
  "HKD",
  "SGD",
  "BRL",
  "MXN",
  "RUB",
  "PLN",
  "TRY",
  "SEK",
  "CHF",
  "INR",
] as const;

/** AliExpress locales by language tag (exact tag first, then the base language). */
const LOCALES: Record<string, string> = {
  en: "en_US",
  "en-gb": "en_GB",
  zh: "zh_CN",
  "zh-cn": "zh_CN",
  fr: "fr_FR",
  de: "de_DE",
  es: "es_ES",
  "es-mx": "es_MX",
  it: "it_IT",
  ja: "ja_JP",
  ko: "ko_KR",
  pt: "pt_BR",
  "pt-pt": "pt_PT",
  ru: "ru_RU",
  nl: "nl_NL",
  pl: "pl_PL",
  tr: "tr_TR",
  he: "iw_IL",
  ar: "ar_SA",
  vi: "vi_VN",
  th: "th_TH",
  id: "id_ID",
  uk: "uk_UA",
  hi: "hi_IN",
};

const PRESENTMENT: OperationTable["accepted"] = {
  region: { kind: "country" },
  currency: { kind: "currency" },
  language: { kind: "language" },
};

const FILTERS: OperationTable["accepted"] = {
  categoryId: { kind: "string", maxLength: 20 },
  page: { kind: "integer", min: 1, max: 100 },
  pageSize: { kind: "integer", min: 1, max: 50 },
  priceMin: PRICE,
  priceMax: PRICE,
  sort: { kind: "enum", values: SORTS },
  freeShipping: { kind: "flag" },
  ...PRESENTMENT,
};

const NOT_ACCEPTED = {
  cursor: { reason: "crossborder pages by page number" },
  brands: { reason: "crossborder search does not filter by brand" },
  condition: { reason: "crossborder sells new items only" },
  ratingMin: { reason: "crossborder search does not filter by rating" },
  inStock: { reason: "crossborder lists purchasable items only" },
  facets: { reason: "crossborder results offer no facets" },
};

export const SEARCH_TABLE: OperationTable = {
  label: "crossborder search",
  accepted: { query: { kind: "string", maxLength: 300 }, ...FILTERS },
  refused: NOT_ACCEPTED,
  required: { name: "query", code: "QUERY_REQUIRED" },
};

export const BROWSE_TABLE: OperationTable = {
  label: "crossborder browse",
  accepted: FILTERS,
  refused: {
    ...NOT_ACCEPTED,
    query: { reason: "browse lists a category without keywords; use search for a keyword query" },
  },
  required: { name: "categoryId", code: "CATEGORY_REQUIRED" },
};

export const CATEGORIES_TABLE: OperationTable = {
  label: "crossborder categories",
  accepted: {
    categoryId: { kind: "string", maxLength: 20 },
    language: { kind: "language" },
    browsableOnly: { kind: "flag" },
  },
};

export const PRODUCT_TABLE: OperationTable = {
  label: "crossborder product",
  accepted: { productId: { kind: "string", maxLength: 40 }, ...PRESENTMENT },
  required: { name: "productId", code: "INVALID_PARAMS" },
};

/** Spec: /v1/crossborder/image-search. No query, no paging: always the first page. */
export const IMAGE_SEARCH_TABLE: OperationTable = {
  label: "crossborder image-search",
  accepted: { image: { kind: "image", maxBase64Length: MAX_IMAGE_BASE64 }, ...PRESENTMENT },
  refused: {
    query: { reason: "crossborder image search takes no query" },
    page: { reason: "crossborder image search always answers the first page" },
    pageSize: { reason: "crossborder image search always answers the first page" },
    cursor: { reason: "crossborder image search always answers the first page" },
  },
  required: { name: "image", code: "IMAGE_REQUIRED" },
};

export interface Presentment {
  country: string;
  currency: string;
  locale: string;
}

export function presentmentOf(params: Params): Presentment {
  const currency = params.currency ?? "USD";
  if (!(CURRENCIES as readonly string[]).includes(currency)) {
    throw new GatewayError(
      "CURRENCY_NOT_SUPPORTED",
      `currency: crossborder does not price in ${currency} (it prices in ${CURRENCIES.join(", ")})`,
    );
  }
  let locale = "en_US";
  if (params.language) {
    const tag = params.language.toLowerCase().replace("_", "-");
    const found = LOCALES[tag] ?? LOCALES[tag.split("-")[0]!];
    if (!found)
      throw invalid(
        "language",
        `crossborder has no ${params.language} presentation (languages: ${Object.keys(LOCALES).join(", ")})`,
      );
    locale = found;
  }
  return { country: params.region ?? "US", currency, locale };
}

export function checkCategory(id: string): string {
  if (!/^\d{1,15}$/.test(id))
    throw invalid("categoryId", `${JSON.stringify(id)} is not a crossborder category id (digits)`);
  return id;
}

export function checkProductId(id: string): string {
  const text = id.trim();
  if (!/^\d{6,20}$/.test(text))
    throw new GatewayError(
      "INVALID_PRODUCT_ID",
      `productId: ${JSON.stringify(text.slice(0, 40))} is not a crossborder product id (digits)`,
    );
  return text;
}

const SORT_BY: Record<(typeof SORTS)[number], string | undefined> = {
  best_match: undefined,
  price_asc: "min_price,asc",
  price_desc: "min_price,desc",
  best_seller: "orders,desc",
};

/** The parameters of aliexpress.ds.text.search for a search or a browse. */
export function textSearchParams(
  params: Params,
  presentment: Presentment,
  keyword: string,
): Record<string, string> {
  const out: Record<string, string> = {
    keyWord: keyword,
    local: presentment.locale,
    countryCode: presentment.country,
    currency: presentment.currency,
    pageIndex: String(params.page ?? 1),
    pageSize: String(params.pageSize ?? DEFAULT_PAGE_SIZE),
  };
  if (params.categoryId) out.categoryId = checkCategory(params.categoryId);
  const sort = SORT_BY[(params.sort as (typeof SORTS)[number] | undefined) ?? "best_match"];
  if (sort) out.sortBy = sort;
  const extend: Record<string, string>[] = [];
  if (params.freeShipping)
    extend.push({ searchKey: "free_ship_to", searchValue: presentment.country, min: "", max: "" });
  if (params.priceMin !== undefined || params.priceMax !== undefined) {
    // A band in the target currency; AliExpress matches a product when any of its SKUs is inside it.
    extend.push({
      searchKey: "price_range",
      searchValue: "",
      min: params.priceMin?.toFixed(2) ?? "",
      max: params.priceMax?.toFixed(2) ?? "",
    });
  }
  if (extend.length > 0) out.searchExtend = JSON.stringify(extend);
  return out;
}
